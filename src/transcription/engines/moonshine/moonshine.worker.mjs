// One Moonshine decoder in a worker thread (run by MoonshineEngine through piscina).
//
// onnxruntime-node runs a session on the calling thread: a sentence's encoder pass and its
// token-by-token decoding would stop the event loop that carries every session's audio for up to
// a few hundred milliseconds, so they run here. Plain JavaScript, since a worker thread loads the
// file as it is, in Jest as in dist/. Nothing is logged or written: the audio and what it says
// come in and go back as values.
//
// workerData: { encoder: string, decoder: string } (paths of the two ONNX files).
// task: { samples: Float32Array of 16 kHz mono samples in [-1, 1], cancel: Int32Array on a
//   SharedArrayBuffer, candidates?: number[][] }. The caller sets cancel[0] to 1 when it gives
//   up (its deadline): the decoding stops at the next token. A thread is never terminated
//   mid-run, since onnxruntime aborts the whole process when its thread goes away during a
//   session's run.
// result, without candidates: { tokens: number[], logProbs: number[] }: the greedy decoding
//   (without the start and end tokens) and each token's log probability under the model;
// with candidates (texts as tokens): { scores: number[] }, the log probability of each; and
// cpuMicros, the thread's CPU time for the task (for the benchmarks).
process.env.ORT_DISABLE_TELEMETRY = '1';
const { workerData } = await import('node:worker_threads');
const { InferenceSession, Tensor } = await import('onnxruntime-node');

/** Moonshine tiny: 6 decoder layers of 8 heads of 36 dimensions (its config.json). */
const LAYERS = 6;
const HEADS = 8;
const HEAD_DIM = 36;
const START = 1;
const END = 2;
/** At most this many tokens per second of audio (as Moonshine's own code): a runaway stops. */
const TOKENS_PER_SECOND = 6;

const options = {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  executionMode: 'sequential',
  graphOptimizationLevel: 'all',
  executionProviders: ['cpu'],
};
const encoder = await InferenceSession.create(workerData.encoder, options);
const decoder = await InferenceSession.create(workerData.decoder, options);

/** The empty key/value caches of the first step, by input name. */
function emptyCache() {
  const cache = {};
  for (let layer = 0; layer < LAYERS; layer++)
    for (const part of ['decoder', 'encoder'])
      for (const kind of ['key', 'value'])
        cache[`past_key_values.${layer}.${part}.${kind}`] = new Tensor(
          'float32',
          new Float32Array(0),
          [0, HEADS, 1, HEAD_DIM],
        );
  return cache;
}

/**
 * One decoder step: the logits after `token`, and the caches for the next step (a new object:
 * a step's caches stay valid for the scoring of other candidates from there).
 */
async function step(hidden, cache, token, first) {
  const output = await decoder.run({
    input_ids: new Tensor('int64', BigInt64Array.from([BigInt(token)]), [1, 1]),
    encoder_hidden_states: hidden,
    use_cache_branch: new Tensor('bool', [!first], [1]),
    ...cache,
  });
  const next = { ...cache };
  // The encoder's keys and values are computed at the first step only; the decoder's grow.
  for (const [name, value] of Object.entries(output)) {
    if (!name.startsWith('present.')) continue;
    const past = name.replace('present.', 'past_key_values.');
    if (first || past.includes('.decoder.')) next[past] = value;
  }
  return { logits: output.logits, cache: next };
}

/** The log probabilities of the last position's logits, and the most likely token. */
function logSoftmax(logits) {
  const size = logits.dims[2];
  const data = logits.data;
  const offset = (logits.dims[1] - 1) * size;
  let token = 0;
  let top = -Infinity;
  for (let i = 0; i < size; i++) {
    if (data[offset + i] > top) {
      top = data[offset + i];
      token = i;
    }
  }
  let sum = 0;
  for (let i = 0; i < size; i++) sum += Math.exp(data[offset + i] - top);
  const norm = top + Math.log(sum);
  return { token, logProbOf: (t) => data[offset + t] - norm };
}

const cancelled = (cancel) => Atomics.load(cancel, 0) !== 0;

/** Greedy decoding: the most likely token at each step, until the end token. */
async function greedy(hidden, samples, cancel) {
  const maxTokens = Math.max(4, Math.trunc((samples.length / 16_000) * TOKENS_PER_SECOND));
  let cache = emptyCache();
  const tokens = [];
  const logProbs = [];
  let input = START;
  for (let i = 0; i < maxTokens && !cancelled(cancel); i++) {
    const out = await step(hidden, cache, input, i === 0);
    const { token, logProbOf } = logSoftmax(out.logits);
    if (token === END) break;
    tokens.push(token);
    logProbs.push(logProbOf(token));
    input = token;
    cache = out.cache;
  }
  return { tokens, logProbs };
}

/**
 * The log probability of each candidate text (its tokens, then the end token). The first is
 * scored in full, keeping the caches of each step; the others start from the longest token
 * prefix they share with it, since candidates differ from it in a few words only.
 */
async function score(hidden, candidates, cancel) {
  const [first, ...others] = candidates;
  // caches[k]: the caches after k tokens of `first` were fed (after START and k − 1 tokens).
  const caches = [emptyCache()];
  // prefix[k]: the log probability of the first k tokens of `first`.
  const prefix = [0];
  const scores = [];
  const finish = async (tokens, from) => {
    let total = prefix[from];
    let cache = caches[from];
    for (let k = from; k <= tokens.length && !cancelled(cancel); k++) {
      const out = await step(hidden, cache, k === 0 ? START : tokens[k - 1], k === 0);
      total += logSoftmax(out.logits).logProbOf(k < tokens.length ? tokens[k] : END);
      cache = out.cache;
      if (tokens === first) {
        caches.push(cache);
        prefix.push(total);
      }
    }
    return total;
  };
  scores.push(await finish(first, 0));
  for (const tokens of others) {
    if (cancelled(cancel)) break;
    let shared = 0;
    while (shared < tokens.length && shared < first.length && tokens[shared] === first[shared])
      shared++;
    scores.push(await finish(tokens, shared));
  }
  return scores;
}

export default async function decode({ samples, cancel, candidates }) {
  const started = process.threadCpuUsage();
  let result = candidates ? { scores: [] } : { tokens: [], logProbs: [] };
  if (!cancelled(cancel)) {
    const audio = new Tensor('float32', samples, [1, samples.length]);
    const { last_hidden_state: hidden } = await encoder.run({ input_values: audio });
    result = candidates
      ? { scores: await score(hidden, candidates, cancel) }
      : await greedy(hidden, samples, cancel);
  }
  const used = process.threadCpuUsage(started);
  return { ...result, cpuMicros: used.user + used.system };
}
