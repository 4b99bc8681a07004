import { makeCounterProvider, makeHistogramProvider } from '@willsoto/nestjs-prometheus';

/**
 * Every metric of decisions.md §6, in one place: name, type, labels and buckets. Labels carry
 * only fixed values (outcome, branch, reason, type, kind, service), never a session id or text.
 *
 * Buckets fit what docs/benchmarks.md measured: sentence boundary to branch-A speech ~0.4 s
 * (p95 0.6 s at 8 sessions), so pipeline latency is fine-grained from 0.1 to 3 s; espeak-ng
 * speaks a sentence in ~20–60 ms, a remote voice in 0.2–2 s; the embedded reformulation takes
 * microseconds, a remote LLM seconds.
 */
export const METRIC = {
  sessionSentencesProcessed: 'orchestrator_session_sentences_processed',
  sessionSentencesEmpty: 'orchestrator_session_sentences_empty',
  sessionSentencesErrored: 'orchestrator_session_sentences_errored',
  sessionSentencesFlagged: 'orchestrator_session_sentences_flagged',
  sessionPeakConcurrentPipelines: 'orchestrator_session_peak_concurrent_pipelines',
  sessionWarnings: 'orchestrator_session_warnings',
  sessionErrors: 'orchestrator_session_errors',
  sentences: 'orchestrator_sentences_total',
  pipelineLatency: 'orchestrator_pipeline_latency_seconds',
  ttsLatency: 'orchestrator_tts_latency_milliseconds',
  ttsOutputBytes: 'orchestrator_tts_output_bytes',
  ttsErrors: 'orchestrator_tts_errors_total',
  reformulationLatency: 'orchestrator_reformulation_latency_seconds',
  reformulationErrors: 'orchestrator_reformulation_errors_total',
  backTranslation: 'orchestrator_back_translation_total',
  branchCompleted: 'orchestrator_branch_completed_total',
  branchErrors: 'orchestrator_branch_errors_total',
  branchCSkipped: 'orchestrator_branch_c_skipped_total',
  wsConnections: 'orchestrator_ws_connections_total',
  wsDisconnections: 'orchestrator_ws_disconnections_total',
  sessionDuration: 'orchestrator_session_duration_seconds',
  sessionAudioBytes: 'orchestrator_session_audio_bytes',
  handshakeRejections: 'orchestrator_handshake_rejections_total',
  wsClose: 'orchestrator_ws_close_total',
  healthCheckFailures: 'orchestrator_health_check_failures_total',
} as const;

/** Label values known in advance: their series are exported at 0 from the start. */
export const LABEL_VALUES = {
  outcome: ['processed', 'empty', 'errored'],
  branch: ['A', 'B', 'C'],
  reason: ['unknown_speaker_role', 'same_translation_direction'],
  handshakeReason: [
    'missing_fields',
    'unsupported_language',
    'timeout',
    'invalid_json',
    'invalid_fields',
    'send_failed',
  ],
  result: ['success', 'error'],
  kind: ['normal', 'abnormal'],
  service: ['vad', 'asr'],
  failure: ['timeout', 'unavailable', 'rejected', 'invalid', 'internal'],
} as const;

const COUNT_BUCKETS = [0, 1, 2, 5, 10, 20, 50, 100, 200, 500];

const perSession = (name: string, help: string, buckets = COUNT_BUCKETS) =>
  makeHistogramProvider({ name, help: `${help}, observed once per session at its end`, buckets });

export const METRIC_PROVIDERS = [
  perSession(METRIC.sessionSentencesProcessed, 'Sentences of a session fully processed'),
  perSession(
    METRIC.sessionSentencesEmpty,
    'Sentences of a session in which recognition found no text',
  ),
  perSession(METRIC.sessionSentencesErrored, 'Sentences of a session with a failed stage'),
  perSession(
    METRIC.sessionSentencesFlagged,
    'Distinct sentences of a session flagged by the client',
  ),
  perSession(
    METRIC.sessionPeakConcurrentPipelines,
    'Most sentence pipelines of a session running at once',
    [1, 2, 3, 4, 6, 8, 12, 16],
  ),
  perSession(
    METRIC.sessionWarnings,
    'Warnings of a session (back-translation failures, input paused)',
  ),
  perSession(METRIC.sessionErrors, 'Error messages sent to a session'),
  makeCounterProvider({
    name: METRIC.sentences,
    help: 'Sentences by the outcome of their pipeline',
    labelNames: ['outcome'],
  }),
  makeHistogramProvider({
    name: METRIC.pipelineLatency,
    help: 'From sentence detection to the branch done (A and B: their speech sent; C: its result)',
    labelNames: ['branch'],
    buckets: [0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 30],
  }),
  makeHistogramProvider({
    name: METRIC.ttsLatency,
    help: 'Duration of one speech synthesis request, in milliseconds',
    buckets: [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 30000],
  }),
  makeHistogramProvider({
    name: METRIC.ttsOutputBytes,
    help: 'Size of one synthesized WAV, in bytes',
    buckets: [16384, 32768, 65536, 131072, 262144, 524288, 1048576, 2097152, 4194304],
  }),
  makeCounterProvider({
    name: METRIC.ttsErrors,
    help: 'Failed speech synthesis requests by failure type',
    labelNames: ['type'],
  }),
  makeHistogramProvider({
    name: METRIC.reformulationLatency,
    help: 'Duration of one reformulation (branch B) request, in seconds',
    buckets: [0.0001, 0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
  }),
  makeCounterProvider({
    name: METRIC.reformulationErrors,
    help: 'Failed reformulation requests by failure type',
    labelNames: ['type'],
  }),
  makeCounterProvider({
    name: METRIC.backTranslation,
    help: 'Back-translations of branch A per sentence and revision, by result',
    labelNames: ['result'],
  }),
  makeCounterProvider({
    name: METRIC.branchCompleted,
    help: 'Branches completed (A, B, C)',
    labelNames: ['branch'],
  }),
  makeCounterProvider({
    name: METRIC.branchErrors,
    help: 'Branches that failed (A, B, C)',
    labelNames: ['branch'],
  }),
  makeCounterProvider({
    name: METRIC.branchCSkipped,
    help: 'Branch C runs skipped, by reason',
    labelNames: ['reason'],
  }),
  makeCounterProvider({
    name: METRIC.wsConnections,
    help: 'WebSocket connections accepted on /ws',
  }),
  makeCounterProvider({
    name: METRIC.wsDisconnections,
    help: 'WebSocket connections on /ws that ended',
  }),
  makeHistogramProvider({
    name: METRIC.sessionDuration,
    help: 'Duration of a session, from its handshake to its close, in seconds',
    buckets: [1, 10, 30, 60, 120, 300, 600, 900, 1200, 1800, 2700, 3600, 5400, 7200],
  }),
  makeHistogramProvider({
    name: METRIC.sessionAudioBytes,
    help: 'Audio bytes a session received',
    buckets: [0, 1e5, 5e5, 1e6, 5e6, 1e7, 2.5e7, 5e7, 1e8, 2.5e8, 5e8],
  }),
  makeCounterProvider({
    name: METRIC.handshakeRejections,
    help: 'Handshakes rejected (or whose success could not be sent), by reason',
    labelNames: ['reason'],
  }),
  makeCounterProvider({
    name: METRIC.wsClose,
    help: 'WebSocket closes on /ws: normal (1000, 1001) or abnormal (any other code)',
    labelNames: ['kind'],
  }),
  makeCounterProvider({
    name: METRIC.healthCheckFailures,
    help: 'Failed health probes of GET /health, by service',
    labelNames: ['service'],
  }),
];
