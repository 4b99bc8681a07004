/**
 * Phase A's session: the conversation streamed in real time, its results awaited, then
 * `conversation_exit` with the archive. Per expected sentence: its asr_result and its outcome.
 */
import type { SentenceTracker } from '../../tools/session-client/sentence-tracker.js';
import type { Conversation } from '../support/fixture-conversation.js';
import { StreamedConversation } from '../support/streamed-conversation.js';
import { clientSocketOf } from './client-socket.js';
import { describeError } from './error-summary.js';
import type { PrivacyWatch } from './privacy-watch.js';

/** After the audio: end a session at the latest after this long. */
const DRAIN_CAP_MS = 90_000;

export interface LoadSessionResult {
  expected: number;
  recognized: number;
  outcomes: number;
  /** sentence_empty or failed recognition: no asr_result, so not placed on a fixture sentence. */
  unplaced: number;
  lost: number;
  extraAsr: number;
  errors: string[];
  asrLatencies: number[];
  ttsLatencies: number[];
  /** Per placed sentence: its end in the stream (ms), and its latencies (NaN when missing). */
  timeline: { endMs: number; asrMs: number; ttsMs: number }[];
  archiveBytes: number;
  closeCode: number;
  maxBufferedKiB: number;
  failure?: string;
  lostDetail: string[];
}

/** Outcome of a sentence: branch-B speech, a sentence error (not a mere warning), or empty. */
function hasOutcome(tracker: SentenceTracker, id: string): boolean {
  const sentence = tracker.sentences.get(id);
  if (!sentence) return false;
  return (
    sentence.ttsB ||
    sentence.empty ||
    sentence.errors.some((service) => service !== 'Back-translation')
  );
}

export async function runLoadSession(
  wsUrl: string,
  conversation: Conversation,
  privacy?: PrivacyWatch,
): Promise<LoadSessionResult> {
  const { sentences } = conversation;
  const live = new StreamedConversation(conversation);
  const { session, tracker } = live;
  let maxBuffered = 0;
  let failure: string | undefined;
  let archiveBytes = 0;
  try {
    await live.connect(wsUrl);
    const socket = clientSocketOf(session);
    await live.stream(() => {
      maxBuffered = Math.max(maxBuffered, socket?.bufferedAmount ?? 0);
    });
    const settledCount = () =>
      [...tracker.sentences.keys()].filter((id) => hasOutcome(tracker, id)).length;
    await live.awaitResults(
      () => settledCount() >= sentences.length && tracker.allSettled(),
      DRAIN_CAP_MS,
    );
    if (session.isOpen) {
      const exit = await session.exit({ archive: true, timeoutMs: 120_000 });
      archiveBytes = exit.archive?.size_bytes ?? 0;
      if (!exit.archive) failure = 'no archive';
    }
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
    clientSocketOf(session)?.terminate();
  }

  privacy?.sawMessages(session.received);
  const { firstAsr, extraAsr } = live.placeAsrResults();
  const messages = session.received.map(({ message }) => message);
  const asrIds = new Set(
    messages
      .filter((message) => message.type === 'asr_result')
      .map((message) => String(message.sentence_id)),
  );
  const errors = messages
    .filter((message) => message.type === 'error')
    .map((message) => describeError(message));
  const asrLatencies: number[] = [];
  const ttsLatencies: number[] = [];
  const timeline: LoadSessionResult['timeline'] = [];
  let outcomes = 0;
  const lostDetail: string[] = [];
  sentences.forEach((sentence, index) => {
    const asr = firstAsr.get(index);
    if (!asr) return;
    const id = String(asr.message.sentence_id);
    asrLatencies.push(live.sinceSpeechEnd(index, asr));
    const tts = live.firstTtsA(id);
    if (tts) ttsLatencies.push(live.sinceSpeechEnd(index, tts));
    timeline.push({
      endMs: sentence.endMs,
      asrMs: live.sinceSpeechEnd(index, asr),
      ttsMs: tts ? live.sinceSpeechEnd(index, tts) : NaN,
    });
    if (hasOutcome(tracker, id)) outcomes++;
    else lostDetail.push(`#${index + 1} (${id}): asr_result but no outcome`);
  });
  const unplaced = [...tracker.sentences.keys()].filter(
    (id) => !asrIds.has(id) && hasOutcome(tracker, id),
  ).length;
  const missingAsr = sentences.length - firstAsr.size;
  sentences.forEach((_, index) => {
    if (!firstAsr.has(index)) lostDetail.push(`#${index + 1}: no asr_result`);
  });
  return {
    expected: sentences.length,
    recognized: firstAsr.size,
    outcomes,
    unplaced,
    lost: sentences.length - outcomes - Math.min(unplaced, missingAsr),
    extraAsr,
    errors,
    asrLatencies,
    ttsLatencies,
    timeline,
    archiveBytes,
    closeCode: session.closed?.code ?? 0,
    maxBufferedKiB: maxBuffered / 1024,
    failure,
    lostDetail,
  };
}
