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
//   SharedArrayBuffer }. The caller sets cancel[0] to 1 when it gives up (its deadline): the
//   decoding stops at the next token. A thread is never terminated mid-run, since onnxruntime
//   aborts the whole process when its thread goes away during a session's run.
// result: { tokens: number[], logProbs: number[] }: the greedy decoding (without the start and
//   end tokens) and each token's log probability under the model.
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

/** The most likely next token and its log probability, from the last position's logits. */
function best(logits) {
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
  return { token, logProb: -Math.log(sum) };
}

export default async function decode({ samples, cancel }) {
  if (Atomics.load(cancel, 0) !== 0) return { tokens: [], logProbs: [] };
  const audio = new Tensor('float32', samples, [1, samples.length]);
  const { last_hidden_state: hidden } = await encoder.run({ input_values: audio });
  const maxTokens = Math.max(4, Math.trunc((samples.length / 16_000) * TOKENS_PER_SECOND));
  const cache = emptyCache();
  const tokens = [];
  const logProbs = [];
  let input = START;
  for (let step = 0; step < maxTokens && Atomics.load(cancel, 0) === 0; step++) {
    const output = await decoder.run({
      input_ids: new Tensor('int64', BigInt64Array.from([BigInt(input)]), [1, 1]),
      encoder_hidden_states: hidden,
      use_cache_branch: new Tensor('bool', [step > 0], [1]),
      ...cache,
    });
    const next = best(output.logits);
    if (next.token === END) break;
    tokens.push(next.token);
    logProbs.push(next.logProb);
    input = next.token;
    // The encoder's keys and values are computed at the first step only; the decoder's grow.
    for (const [name, value] of Object.entries(output)) {
      if (!name.startsWith('present.')) continue;
      const past = name.replace('present.', 'past_key_values.');
      if (step === 0 || past.includes('.decoder.')) cache[past] = value;
    }
  }
  return { tokens, logProbs };
}
