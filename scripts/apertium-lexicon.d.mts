/** Types of apertium-lexicon.mjs, for the tests that use it. */
export interface LexiconNoun {
  readonly lemma: string;
  readonly gender: string;
  readonly plural: string;
}
export type LexiconRow = { readonly concept: string } & Record<
  'en' | 'es' | 'fr' | 'pt' | 'it',
  LexiconNoun
>;
export const LEXICON_MODES: Record<string, [string, string]>;
export function parseLexicon(text: string, name?: string): LexiconRow[];
export function buildApertiumLexicon(options: {
  root: string;
  dataDir?: string;
  say?: (line: string) => void;
}): void;
