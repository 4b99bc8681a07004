/**
 * The words of a transcript as the recognizers compare them: lower case, without punctuation,
 * apostrophes inside words kept ("don't"). The combined engine aligns its two recognizers'
 * answers by them; wer.ts scores the benchmarks and tests with them.
 */
export function words(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{M}\p{N}']+/gu, ' ')
    .split(' ')
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}
