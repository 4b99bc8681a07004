// The process launcher's helper (process-launcher.ts): a small Node process that starts the
// synthesizers for the server. Starting a process from the server itself costs 18–25 ms of its
// event loop (fork copies the page tables of a 1 GB process); from here, about 1 ms.
// One message per run: { id, command, args, input }, answered once the process has ended with
// { id, code, signal, error, stdout }; { kill: id } stops a run. Nothing is logged: the input is
// what a patient or a clinician said.
import { spawn } from 'node:child_process';

const running = new Map();

process.on('message', (message) => {
  if (message.kill !== undefined) {
    running.get(message.kill)?.kill('SIGKILL');
    return;
  }
  const { id, command, args, input } = message;
  const chunks = [];
  let error;
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  running.set(id, child);
  child.stdout.on('data', (chunk) => chunks.push(chunk));
  child.stderr.resume(); // warnings can quote the text: read and dropped
  child.stdin.on('error', () => undefined); // EPIPE shows up as the exit
  // A process that could not start emits 'error' and then 'close'.
  child.on('error', (failure) => (error = failure.code ?? 'error'));
  child.on('close', (code, signal) => {
    running.delete(id);
    process.send({ id, code, signal, error, stdout: Buffer.concat(chunks) });
  });
  child.stdin.end(input);
});

// The server went away (or closed the launcher): nothing it started outlives it.
process.on('disconnect', () => {
  for (const child of running.values()) child.kill('SIGKILL');
  process.exit(0);
});
