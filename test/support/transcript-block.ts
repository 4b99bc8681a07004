/**
 * A conversation of one sentence, and the lines one sentence takes in a transcript: for the
 * transcript writer's specs (src/orchestrator/archive/transcript-writer*.spec.ts).
 */
import type {
  ConversationSnapshot,
  SentenceRecord,
} from '../../src/orchestrator/conversation/conversation.types.js';
import { at, conversationSnapshot, sentenceRecord } from './conversation-snapshot.fixture.js';

/** The fixture conversation with only its sentence s1 (audio, 3 s in, "Bonjour."), as `fields` change it. */
export function onlySentence(fields: Partial<SentenceRecord>): ConversationSnapshot {
  const base = conversationSnapshot();
  const only = sentenceRecord({
    id: 's1',
    source: 'audio',
    detectedAt: at(3),
    text: 'Bonjour.',
    ...fields,
  });
  return { ...base, sentences: [only], flags: [], corrections: [] };
}

/** The block of lines of one sentence, from its `[mm:ss] <id> ` line to the blank line after. */
export function block(transcript: string, id: string): string[] {
  const lines = transcript.split('\n');
  const start = lines.findIndex((line) => new RegExp(`^\\[[\\d-]+:[\\d-]+\\] ${id} `).test(line));
  if (start < 0) throw new Error(`no sentence ${id}`);
  const end = lines.indexOf('', start);
  return lines.slice(start, end < 0 ? undefined : end);
}
