/**
 * One session streaming a fixture conversation in real time (20 ms frames of s16le at 16 kHz,
 * paced like a microphone; medic `es`, patient `en`: pocketsphinx recognizes English only, so
 * every sentence is the patient's), and where its results land: which expected sentence each
 * asr_result recognizes, and how long after that sentence's end of speech a message arrived.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { SentenceTracker } from '../../tools/session-client/sentence-tracker.js';
import {
  type ReceivedMessage,
  type SentChunk,
  SessionConnection,
} from '../../tools/session-client/session-connection.js';
import { type Conversation, matchSentence, SAMPLE_RATE } from './fixture-conversation.js';

const CHUNK_MS = 20;
/** After the audio: end the wait once this long passes without a message. */
const IDLE_MS = 5000;
/** After the audio, with every result in: end the wait once this long passes without a message. */
const SETTLE_MS = 300;

export class StreamedConversation {
  readonly session = new SessionConnection();
  readonly tracker = new SentenceTracker();
  /**
   * Per expected sentence, when the frame holding its last speech sample was sent
   * (performance.now()); NaN until then.
   */
  readonly speechEndSentAt: number[];
  private lastMessageAt = performance.now();

  constructor(readonly conversation: Conversation) {
    this.speechEndSentAt = conversation.sentences.map(() => NaN);
  }

  async connect(url: string): Promise<void> {
    await this.session.connect(url, {
      language_medic: 'es',
      language_patient: 'en',
      sample_rate: SAMPLE_RATE,
    });
    this.session.onMessage(({ message, at }) => {
      this.tracker.observe(message);
      this.lastMessageAt = at;
    });
  }

  /** Streams the audio in real time; `onChunk` is called after each frame. */
  async stream(onChunk?: (chunk: SentChunk) => void): Promise<void> {
    const { samples, sentences } = this.conversation;
    let next = 0; // sentences end in stream order
    await this.session.streamPcm(samples, SAMPLE_RATE, {
      chunkMs: CHUNK_MS,
      onChunk: (chunk) => {
        while (next < sentences.length && chunk.endMs >= sentences[next].endMs) {
          this.speechEndSentAt[next++] = chunk.sentAt;
        }
        onChunk?.(chunk);
      },
    });
  }

  /**
   * After the audio: waits until `allIn()` holds and no message came for 300 ms, or none came for
   * 5 s, or `capMs` have passed, or the session has closed.
   */
  async awaitResults(allIn: () => boolean, capMs: number): Promise<void> {
    const audioDone = performance.now();
    this.lastMessageAt = Math.max(this.lastMessageAt, audioDone);
    while (this.session.isOpen) {
      const now = performance.now();
      const quietMs = now - this.lastMessageAt;
      if ((allIn() && quietMs >= SETTLE_MS) || quietMs >= IDLE_MS) break;
      if (now - audioDone >= capMs) break;
      await sleep(100);
    }
  }

  /**
   * The first asr_result of each expected sentence (by index, matched by its start_ms/end_ms
   * overlapping the fixture's interval), and how many asr_results matched no sentence or one
   * already matched (a sentence split in two).
   */
  placeAsrResults(): { firstAsr: Map<number, ReceivedMessage>; extraAsr: number } {
    const firstAsr = new Map<number, ReceivedMessage>();
    let extraAsr = 0;
    for (const received of this.session.received) {
      const { message } = received;
      if (message.type !== 'asr_result') continue;
      const index = matchSentence(
        this.conversation.sentences,
        Number(message.start_ms),
        Number(message.end_ms),
      );
      if (index < 0 || firstAsr.has(index)) extraAsr++;
      else firstAsr.set(index, received);
    }
    return { firstAsr, extraAsr };
  }

  /** The first branch-A `tts_audio` of a sentence: what the listener can start playing. */
  firstTtsA(sentenceId: string): ReceivedMessage | undefined {
    return this.session.received.find(
      ({ message }) =>
        message.type === 'tts_audio' &&
        message.branch === 'A' &&
        message.sentence_id === sentenceId,
    );
  }

  /** The first `asr_partial` of a sentence (a live caption), if any came. */
  firstPartial(sentenceId: string): ReceivedMessage | undefined {
    return this.session.received.find(
      ({ message }) => message.type === 'asr_partial' && message.sentence_id === sentenceId,
    );
  }

  /** Milliseconds from the end of speech of expected sentence `index` to a message's arrival. */
  sinceSpeechEnd(index: number, received: ReceivedMessage): number {
    return received.at - this.speechEndSentAt[index];
  }
}
