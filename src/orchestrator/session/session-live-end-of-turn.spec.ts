import { describe, expect, it } from '@jest/globals';
import {
  SENTENCE,
  TRANSCRIPT,
  liveSession,
  pcm,
} from '../../../test/support/live-session.fixture.js';
import { quietLogger } from '../../../test/support/quiet-logger.js';
import { waitFor } from '../../../test/support/wait-for.js';

/**
 * A sentence recognized while spoken, ended at its pause when its words read as a finished turn
 * (END_OF_TURN=semantic), and not when they announce more or the speaker spoke again.
 */

describe('Session, sentences recognized while spoken', () => {
  quietLogger();

  describe('END_OF_TURN=semantic', () => {
    /** Speech, then 400 ms of silence: past the pause (320 ms), before the end (640 ms). */
    const TO_PAUSE = SENTENCE.subarray(0, (500 + 1500 + 400) * 32);

    it('ends a sentence at its pause when its words read as a finished turn', async () => {
      const { transport, streams, send, exit, types } = liveSession({ semanticEndOfTurn: true });
      send(SENTENCE.subarray(0, 32_000));
      await waitFor(() => expect(streams).toHaveLength(1));
      streams[0].result = async () => ({ ...TRANSCRIPT, text: 'Do you have a fever?' });
      send(TO_PAUSE.subarray(32_000));
      // No more audio: the sentence ended in its pause, its results all came.
      await waitFor(() => expect(types('s1')).toHaveLength(6));
      expect(transport.of('asr_result')[0]).toMatchObject({
        text: 'Do you have a fever?',
        start_ms: 512,
        end_ms: 2016,
      });
      expect(streams[0].finished).toBe(1);
      // Speech after it is a sentence of its own.
      send(SENTENCE.subarray(500 * 32));
      await exit();
      expect(transport.of('asr_result').map((m) => 'sentence_id' in m && m.sentence_id)).toEqual([
        's1',
        's2',
      ]);
    });

    it('waits for the silence when the words announce more, or without it', async () => {
      for (const semanticEndOfTurn of [true, false]) {
        const { streams, send, exit, types } = liveSession({ semanticEndOfTurn });
        send(SENTENCE.subarray(0, 32_000));
        await waitFor(() => expect(streams).toHaveLength(1));
        const text = semanticEndOfTurn ? 'My chest hurts and.' : 'Do you have a fever?';
        streams[0].result = async () => ({ ...TRANSCRIPT, text });
        send(TO_PAUSE.subarray(32_000));
        await waitFor(() => expect(streams[0].atPauses).toBe(1));
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(types('s1')).toEqual(['asr_partial']);
        expect(streams[0].finished).toBe(0);
        await exit();
      }
    });

    it('does not end the sentence if the speaker spoke again before the transcript came', async () => {
      const { streams, send, exit, transport } = liveSession({ semanticEndOfTurn: true });
      send(SENTENCE.subarray(0, 32_000));
      await waitFor(() => expect(streams).toHaveLength(1));
      let answer: ((text: string) => void) | undefined;
      const later = streams[0].atPause.bind(streams[0]);
      // The first pause's transcript comes when the test says; the next one's at once.
      streams[0].atPause = () =>
        answer
          ? later()
          : new Promise((resolve) => (answer = (text) => resolve({ ...TRANSCRIPT, text })));
      send(TO_PAUSE.subarray(32_000));
      await waitFor(() => expect(answer).toBeDefined());
      send(pcm([[300, 0.9]])); // speech again
      answer!('Do you have a fever?');
      send(pcm([[1000, 0]]));
      await exit();
      expect(transport.of('asr_result')).toHaveLength(1);
    });
  });
});
