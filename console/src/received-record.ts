/**
 * What the page received beyond what it shows, kept for an archive built in the browser if the
 * connection is lost: when each sentence first appeared, and every speech clip (the messages
 * themselves: their Base64 text is already in memory, so keeping it costs nothing more). Held in
 * this page's memory only, like everything else of the conversation. Pure logic, no DOM.
 */
import type { ServerMessage, TtsAudioMessage } from './protocol';

export class ReceivedRecord {
  /** ISO time the page first heard of each sentence, by id. */
  readonly firstSeen = new Map<string, string>();
  readonly speech: TtsAudioMessage[] = [];

  constructor(private readonly now: () => Date = () => new Date()) {}

  note(message: ServerMessage): void {
    const sentenceId = 'sentence_id' in message ? message.sentence_id : undefined;
    if (typeof sentenceId === 'string' && !this.firstSeen.has(sentenceId)) {
      this.firstSeen.set(sentenceId, this.now().toISOString());
    }
    if (message.type === 'tts_audio') this.speech.push(message);
  }
}
