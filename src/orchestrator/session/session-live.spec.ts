import { describe, expect, it } from '@jest/globals';
import {
  SENTENCE,
  SPOKEN_SENTENCE_MESSAGES,
  TRANSCRIPT,
  liveSession,
  pcm,
} from '../../../test/support/live-session.fixture.js';
import { quietLogger } from '../../../test/support/quiet-logger.js';
import { unavailable } from '../../../test/support/session.fixture.js';
import { waitFor } from '../../../test/support/wait-for.js';

/**
 * Sentences recognized while spoken: the live recognition fed, its partials sent, its failures
 * reported, and the work begun at a pause in the speech (SESSION_WORK_AT_PAUSE). A sentence
 * ended at its pause (END_OF_TURN=semantic): session-live-end-of-turn.spec.ts.
 */

describe('Session, sentences recognized while spoken', () => {
  quietLogger();

  it('feeds the live recognition, sends a partial before asr_result, never decodes it whole', async () => {
    const { transport, streams, send, exit, types, calls } = liveSession();
    send(SENTENCE);
    await exit();
    expect(streams).toHaveLength(1);
    // Speech on whole 32 ms frames: 512–2016 ms; the stream had the pre-roll (192 ms), the
    // speech and the tail (100 ms), exactly.
    expect(streams[0]).toMatchObject({ pushed: (192 + 1504 + 100) * 16, finished: 1 });
    expect(calls.asr).toBe(0);
    expect(types('s1')).toEqual(SPOKEN_SENTENCE_MESSAGES);
    expect(transport.of('asr_partial')).toEqual([
      { type: 'asr_partial', sentence_id: 's1', text: 'the patient' },
    ]);
    expect(transport.of('asr_result')[0]).toMatchObject({
      text: TRANSCRIPT.text,
      start_ms: 512,
      end_ms: 2016,
    });
  });

  it('finishes the sentence so far at each pause of 320 ms, the last time with all of it', async () => {
    const { streams, send, exit, types } = liveSession();
    send(
      pcm([
        [500, 0],
        [1000, 0.9],
        [400, 0], // a pause inside the sentence
        [500, 0.9],
        [250, 0], // too short to tell
        [500, 0.9],
        [1000, 0],
      ]),
    );
    await exit();
    expect(streams).toHaveLength(1);
    const [stream] = streams;
    expect(stream.pauses).toHaveLength(2);
    // At the last pause the stream had the whole sentence: its transcript can be made then.
    expect(stream.pauses[1]).toBe(stream.pushed);
    expect(stream.finishedWith).toHaveLength(stream.pushed);
    expect(stream.pauses[0]).toBeLessThan(stream.pushed - 1000 * 16);
    expect(types('s1').slice(0, 2)).toEqual(['asr_partial', 'asr_result']);
  });

  it('decodes the sentence whole when no live recognition is available', async () => {
    const { transport, state, send, exit, types, calls } = liveSession();
    state.live = () => undefined;
    send(SENTENCE);
    await exit();
    expect(calls.asr).toBe(1);
    expect(transport.of('asr_partial')).toEqual([]);
    expect(types('s1')[0]).toBe('asr_result');
  });

  it('reports a failed finish as an ASR error on the sentence, as a failed recognition', async () => {
    const { transport, streams, send, exit, types } = liveSession();
    send(SENTENCE.subarray(0, 32_000)); // into the speech: the stream is open
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0].result = async () => {
      throw unavailable('Transcription');
    };
    send(SENTENCE.subarray(32_000));
    await exit();
    expect(types('s1')).toEqual(['asr_partial', 'error']);
    expect(transport.of('error')[0]).toMatchObject({ service: 'ASR', sentence_id: 's1' });
  });

  it('a sentence that ends empty after a partial gets sentence_empty with its id', async () => {
    const { streams, send, exit, types } = liveSession();
    send(SENTENCE.subarray(0, 32_000));
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0].result = async () => ({ ...TRANSCRIPT, text: '', confidence: null });
    send(SENTENCE.subarray(32_000));
    await exit();
    expect(types('s1')).toEqual(['asr_partial', 'sentence_empty']);
  });

  it('a text typed during speech comes after it; the speech after it is a new live sentence', async () => {
    const { transport, streams, send, session, exit } = liveSession();
    send(
      pcm([
        [500, 0],
        [800, 0.9],
      ]),
    );
    session.handleText(JSON.stringify({ type: 'text_input', text: 'hola', role: 'medic' }));
    send(
      pcm([
        [700, 0.9],
        [1000, 0],
      ]),
    );
    await exit();
    const results = transport.sent.flatMap((m) =>
      m.type === 'asr_result' ? [[m.sentence_id, m.source]] : [],
    );
    expect(results.sort()).toEqual([
      ['s1', 'audio'],
      ['s2', 'text'],
      ['s3', 'audio'],
    ]);
    expect(streams.map((s) => s.finished)).toEqual([1, 1]);
  });

  it('releases the decoder of a sentence being spoken when the connection closes', async () => {
    const { streams, send, session } = liveSession();
    send(SENTENCE.subarray(0, 32_000));
    await waitFor(() => expect(streams).toHaveLength(1));
    session.transportClosed();
    await session.closed;
    expect(streams[0]).toMatchObject({ finished: 0, cancelled: 1 });
  });

  describe('the work at the pause (SESSION_WORK_AT_PAUSE)', () => {
    /** A sentence ending in its first pause, then one whose speech resumes after a pause. */
    const TWO_SENTENCES = pcm([
      [500, 0],
      [1000, 0.9],
      [1000, 0], // the first sentence ends here
      [800, 0.9],
      [400, 0], // a pause: the second sentence goes on
      [600, 0.9],
      [1000, 0],
    ]);
    /** The messages without their audio (WAVs are compared by their length). */
    const comparable = (sent: readonly { type: string }[]) =>
      sent.map((m) =>
        'audio_base64' in m ? { ...m, audio_base64: String(m.audio_base64).length } : m,
      );

    it('sends the same messages, in the same order, as when the work begins at the end', async () => {
      const on = liveSession({ workAtPause: true });
      const off = liveSession({ workAtPause: false });
      for (const run of [on, off]) {
        run.send(TWO_SENTENCES);
        await run.exit();
      }
      // The pause each sentence ends in, and the one the second goes on after.
      expect(on.streams.map((stream) => stream.atPauses)).toEqual([1, 2]);
      expect(off.streams.map((stream) => stream.atPauses)).toEqual([0, 0]);
      expect(comparable(on.transport.sent)).toEqual(comparable(off.transport.sent));
      // The service's metrics count the same things: nothing of the dropped work (times aside).
      const counted = (calls: string[]) =>
        calls.map((call) => call.replace(/\d+(\.\d+)?/g, 'n')).sort();
      expect(counted(on.recorded)).toEqual(counted(off.recorded));
      expect(on.types('s1')).toEqual(SPOKEN_SENTENCE_MESSAGES);
      expect(on.types('s2')).toEqual(on.types('s1'));
      // The work dropped when speech resumed was done once more at the end: one more synthesis
      // and reformulation each (the wasted work), none for the sentence that ended in its pause.
      expect(on.calls.tts).toBe(off.calls.tts + 2);
      expect(on.calls.paraphrase).toBe(off.calls.paraphrase + 1);
    });

    it('holds the results made at the pause until the sentence ends there', async () => {
      const { transport, streams, send, exit, types, calls } = liveSession();
      // Speech, then 400 ms of silence: past the pause (320 ms), before the end (640 ms).
      send(SENTENCE.subarray(0, (500 + 1500 + 400) * 32));
      await waitFor(() => expect(calls.tts).toBe(2));
      expect(streams[0].atPauses).toBe(1);
      expect(types('s1')).toEqual(['asr_partial']);
      send(SENTENCE.subarray((500 + 1500 + 400) * 32));
      await waitFor(() => expect(types('s1')).toHaveLength(6));
      expect(calls.tts).toBe(2); // nothing done twice
      expect(transport.of('asr_result')[0]).toMatchObject({ start_ms: 512, end_ms: 2016 });
      await exit();
    });

    it('works on the sentence at its end when its transcript at the pause is unknown', async () => {
      const { transport, streams, send, exit, types } = liveSession();
      send(SENTENCE.subarray(0, 32_000));
      await waitFor(() => expect(streams).toHaveLength(1));
      streams[0].atPause = async () => undefined;
      send(SENTENCE.subarray(32_000));
      await exit();
      expect(streams[0]).toMatchObject({ finished: 1 });
      expect(types('s1')).toEqual(SPOKEN_SENTENCE_MESSAGES);
      expect(transport.of('asr_result')).toHaveLength(1);
    });

    it('sends a sentence ready at its end after the one before it, still being recognized', async () => {
      const { transport, streams, send, exit, calls } = liveSession();
      const first = pcm([
        [500, 0],
        [1000, 0.9],
      ]);
      send(first);
      await waitFor(() => expect(streams).toHaveLength(1));
      // The first sentence: nothing known at its pause, and its recognition at the end is slow.
      let recognized!: () => void;
      const slow = new Promise<void>((resolve) => (recognized = resolve));
      streams[0].atPause = async () => undefined;
      streams[0].result = async () => {
        await slow;
        return TRANSCRIPT;
      };
      send(
        pcm([
          [1000, 0],
          [1000, 0.9],
          [1000, 0],
        ]),
      );
      // The second one's work at its pause is done, its end has come: it waits for the first.
      await waitFor(() => expect(calls.tts).toBe(2));
      await waitFor(() => expect(streams[1].atPauses).toBe(1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(transport.of('asr_result')).toHaveLength(0);
      recognized();
      await exit();
      expect(
        transport.of('asr_result').map((m) => ('sentence_id' in m ? m.sentence_id : m.type)),
      ).toEqual(['s1', 's2']);
    });

    it('works again at the end when the speed changed after the pause', async () => {
      const { transport, send, session, exit, calls } = liveSession();
      send(SENTENCE.subarray(0, (500 + 1500 + 400) * 32));
      await waitFor(() => expect(calls.tts).toBe(2));
      session.handleText(JSON.stringify({ type: 'set_speed', speed: 1.5 }));
      send(SENTENCE.subarray((500 + 1500 + 400) * 32));
      await exit();
      expect(transport.of('tts_audio').map((m) => 'speed' in m && m.speed)).toEqual([1.5, 1.5]);
      expect(calls.tts).toBe(4);
    });
  });
});
