/** A wording or an utterance that asks: its question mark (Spanish opens with one). */
export const isQuestion = (text: string) => /[?¿]/.test(text);

/** What punctuation says an utterance is; a recognizer's text without any says nothing. */
export function sentenceKind(text: string): 'question' | 'statement' | undefined {
  if (isQuestion(text)) return 'question';
  return /[.!]\s*$/.test(text) ? 'statement' : undefined;
}
