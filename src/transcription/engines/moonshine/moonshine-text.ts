import llamaTokenizer from 'llama-tokenizer-js';

/** Between Moonshine's tokens and text, and how sure it is of a decoding. */

/** Moonshine's vocabulary is LLaMA's SentencePiece one: token 1 starts a text. */
export function tokensToText(tokens: readonly number[]): string {
  return llamaTokenizer.decode([1, ...tokens]).trim();
}

/** A text as Moonshine's tokens (without the start token), for scoring. */
export function textToTokens(text: string): number[] {
  return llamaTokenizer.encode(text).slice(1);
}

/** How sure the model is of its text: the geometric mean of its tokens' probabilities. */
export function meanProbability(logProbs: readonly number[]): number {
  if (logProbs.length === 0) return 0;
  return Math.exp(logProbs.reduce((sum, logProb) => sum + logProb, 0) / logProbs.length);
}
