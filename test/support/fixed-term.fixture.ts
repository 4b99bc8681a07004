import type { FixedTerm } from '../../src/translation/engines/translation-engine.js';

/** A text with a hospital glossary term (ward) and a built-in one (chest). */
export const GLOSSARY_TEXT = 'Back to the ward; the chest X-ray is at 9.';

/** The fixed term of `word` in GLOSSARY_TEXT, to be written `replacement`. */
export const glossaryTerm = (
  word: string,
  replacement: string,
  source: FixedTerm['source'],
): FixedTerm => {
  const start = GLOSSARY_TEXT.indexOf(word);
  return { start, end: start + word.length, replacement, source, origin: 'glossary.tsv:2' };
};
