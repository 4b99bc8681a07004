import { describe, expect, it } from '@jest/globals';
import {
  VAD_CONTEXT_SAMPLES,
  VAD_FRAME_SAMPLES,
  VAD_STATE_SIZE,
  VadStream,
  type VadInference,
} from './vad-stream.js';

/** Records each call; the state out is the state in plus 1, the probability the frame's first sample. */
function recordingInference() {
  const calls: { input: Float32Array; state: Float32Array }[] = [];
  const infer: VadInference = async (input, state) => {
    calls.push({ input: input.slice(), state: state.slice() });
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
    return { probability: input[input.length - VAD_FRAME_SAMPLES], state: state.map((v) => v + 1) };
  };
  return { calls, infer };
}

const frame = (start: number) =>
  Float32Array.from({ length: VAD_FRAME_SAMPLES }, (_, i) => (start + i) / 10_000);

describe('VadStream', () => {
  it('prepends the last 64 samples of the previous frame, zeros at the start', async () => {
    const { calls, infer } = recordingInference();
    const stream = new VadStream(infer);
    await stream.process(frame(0));
    await stream.process(frame(512));
    expect(calls[0].input).toHaveLength(VAD_CONTEXT_SAMPLES + VAD_FRAME_SAMPLES);
    expect(calls[0].input.subarray(0, VAD_CONTEXT_SAMPLES).every((v) => v === 0)).toBe(true);
    expect(calls[0].input.subarray(VAD_CONTEXT_SAMPLES)).toEqual(frame(0));
    expect(calls[1].input.subarray(0, VAD_CONTEXT_SAMPLES)).toEqual(frame(0).subarray(448));
    expect(calls[1].input.subarray(VAD_CONTEXT_SAMPLES)).toEqual(frame(512));
  });

  it('carries the recurrent state from one frame to the next', async () => {
    const { calls, infer } = recordingInference();
    const stream = new VadStream(infer);
    for (let i = 0; i < 3; i++) await stream.process(frame(i * 512));
    expect(calls.map((c) => c.state[0])).toEqual([0, 1, 2]);
    expect(calls[2].state).toEqual(new Float32Array(VAD_STATE_SIZE).fill(2));
  });

  it('queues concurrent calls so that each sees the previous frame', async () => {
    const { calls, infer } = recordingInference();
    const stream = new VadStream(infer);
    const probabilities = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => stream.process(frame(i * 512))),
    );
    expect(probabilities).toEqual([0, 1, 2, 3, 4].map((i) => frame(i * 512)[0]));
    expect(calls.map((c) => c.state[0])).toEqual([0, 1, 2, 3, 4]);
    expect(calls[4].input.subarray(0, VAD_CONTEXT_SAMPLES)).toEqual(frame(3 * 512).subarray(448));
  });

  it('reset() zeroes state and context, even with a call in flight', async () => {
    const { calls, infer } = recordingInference();
    const stream = new VadStream(infer);
    await stream.process(frame(0));
    const inFlight = stream.process(frame(512));
    stream.reset();
    await inFlight;
    await stream.process(frame(1024));
    const last = calls[2];
    expect(last.state.every((v) => v === 0)).toBe(true);
    expect(last.input.subarray(0, VAD_CONTEXT_SAMPLES).every((v) => v === 0)).toBe(true);
  });

  it('copies the frame, so the caller may reuse its buffer', async () => {
    const { calls, infer } = recordingInference();
    const stream = new VadStream(infer);
    const buffer = frame(0);
    const pending = stream.process(buffer);
    buffer.fill(9);
    await pending;
    expect(calls[0].input.subarray(VAD_CONTEXT_SAMPLES)).toEqual(frame(0));
  });

  it('without the context option passes the bare 512 samples', async () => {
    const { calls, infer } = recordingInference();
    await new VadStream(infer, { carryContext: false }).process(frame(0));
    expect(calls[0].input).toEqual(frame(0));
  });

  it('rejects frames that are not exactly 512 samples', async () => {
    const stream = new VadStream(recordingInference().infer);
    await expect(stream.process(new Float32Array(511))).rejects.toThrow(RangeError);
    await expect(stream.process(new Float32Array(513))).rejects.toThrow(RangeError);
  });

  it('keeps working after a failed inference', async () => {
    let fail = true;
    const stream = new VadStream(async (_input, state) => {
      if (fail) throw new Error('boom');
      return { probability: 0.5, state };
    });
    await expect(stream.process(frame(0))).rejects.toThrow('boom');
    fail = false;
    await expect(stream.process(frame(512))).resolves.toBe(0.5);
  });
});
