/**
 * onnxruntime-node (1.30) ships Microsoft's telemetry on Linux: on each model load it writes a
 * device id and an event database under ~/.cache/Microsoft/DeveloperTools/.onnxruntime/, a
 * /tmp/mat-debug-<pid>.log, and uploads events to mobile.events.data.microsoft.com. A hospital's
 * interpretation server must neither write files nor call out, so it is always off: this module
 * is imported before onnxruntime-node, and the library reads the variable when it starts a
 * session. Imported for its side effect only.
 */
process.env.ORT_DISABLE_TELEMETRY = '1';

export {};
