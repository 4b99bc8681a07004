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
export interface LexiconAdjective {
  readonly lemma: string;
  readonly feminine?: string;
  readonly plural?: string;
  readonly femininePlural?: string;
}
export type AdjectiveRow = { readonly concept: string } & Record<
  'en' | 'es' | 'fr' | 'pt' | 'it',
  LexiconAdjective
>;
export function parseAdjectives(text: string, name?: string): AdjectiveRow[];
export function parseVerbs(
  text: string,
  name?: string,
): ({ readonly concept: string } & Record<'en' | 'es' | 'fr' | 'pt' | 'it', { lemma: string }>)[];
