import { missingNumbers, protectedSpans } from '../../../language/medical-tokens.js';
import { termsOf, type LexiconEntry } from './lexicon-entry.js';
import { EN_LEXICON } from './lexicon.en.js';
import { ES_LEXICON } from './lexicon.es.js';
import { FR_LEXICON } from './lexicon.fr.js';
import { childVerbsAndSplit } from './child-sentences.js';
import { removeCondescension } from './condescension.js';
import { fixDeterminer } from './determiners.js';
import { formalAddress } from './formal-address.js';
import { agreeWithListener, resolveGender } from './listener-gender.js';
import { negationCount } from './negations.js';
import type { AgeCategory, PatientGender } from '../../../language/speech-settings.js';

/** Languages the embedded paraphraser covers (ISO 639-1). */
export const SUPPORTED_PARAPHRASE_LANGUAGES = ['en', 'fr', 'es'] as const;
export type ParaphraseLanguage = (typeof SUPPORTED_PARAPHRASE_LANGUAGES)[number];

/** The text's language has no lexicon here; the caller answers 503 (engine unavailable). */
export class UnsupportedParaphraseLanguageError extends Error {
  constructor(readonly language: string) {
    super(
      `The embedded paraphraser does not support language "${language}"; ` +
        `supported: ${SUPPORTED_PARAPHRASE_LANGUAGES.join(', ')}.`,
    );
    this.name = 'UnsupportedParaphraseLanguageError';
  }
}

export interface ParaphraseOptions {
  readonly language: string;
  readonly gender: PatientGender;
  readonly ageCategory: AgeCategory;
}

export function isParaphraseLanguage(language: string): language is ParaphraseLanguage {
  return (SUPPORTED_PARAPHRASE_LANGUAGES as readonly string[]).includes(language);
}

const LEXICONS: Record<ParaphraseLanguage, readonly LexiconEntry[]> = {
  en: EN_LEXICON,
  fr: FR_LEXICON,
  es: ES_LEXICON,
};

interface TrieNode {
  readonly next: Map<string, TrieNode>;
  entry?: LexiconEntry;
  /** Set for acronyms: the exact spelling the text must have. */
  exact?: string;
}

interface Tokens {
  readonly lower: string[];
  readonly starts: number[];
  readonly ends: number[];
  /** Normalized separator before each token ('' for the first). */
  readonly seps: string[];
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const ACRONYM = /\p{Lu}{2}/u;

function tokenize(text: string): Tokens {
  const lower: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const seps: string[] = [];
  let previous = -1;
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    lower.push(match[0].toLowerCase());
    seps.push(previous < 0 ? '' : normalizeSeparator(text.slice(previous, start)));
    starts.push(start);
    previous = start + match[0].length;
    ends.push(previous);
  }
  return { lower, starts, ends, seps };
}

function normalizeSeparator(separator: string): string {
  return separator.length === 1 && separator !== '’'
    ? separator === '\u00a0'
      ? ' '
      : separator
    : separator.replace(/\s+/g, ' ').replace(/’/g, "'");
}

function buildTrie(entries: readonly LexiconEntry[]): TrieNode {
  const root: TrieNode = { next: new Map() };
  for (const entry of entries) {
    for (const term of termsOf(entry)) {
      const tokens = tokenize(term);
      let node = root;
      tokens.lower.forEach((word, i) => {
        const key = tokens.seps[i] + word;
        let child = node.next.get(key);
        if (!child) node.next.set(key, (child = { next: new Map() }));
        node = child;
      });
      node.entry = entry;
      if (ACRONYM.test(term)) node.exact = term;
    }
  }
  return root;
}

type Register = 'child' | 'plain';

const SENTENCE_START = /(?:^|[.!?:¿¡]\s*|\n\s*)$/u;

/**
 * Deterministic plain-language rewriting of medical text in English, French and Spanish:
 * longest-match lexicon replacement (whole words, case-insensitive), then register by age
 * (child wordings, short sentences and simple verbs for children; formal address and no
 * condescension for seniors) and agreement with the listener's gender (fr, es). Numbers, doses,
 * units and negations are kept exactly: if a rewriting lost any, the text is returned unchanged.
 */
export class LayLanguageParaphraser {
  private readonly tries = new Map<string, TrieNode>();

  paraphrase(text: string, options: ParaphraseOptions): string {
    const { language, gender, ageCategory } = options;
    if (!isParaphraseLanguage(language)) throw new UnsupportedParaphraseLanguageError(language);
    const register: Register = ageCategory === 'child' ? 'child' : 'plain';
    const source = text.normalize('NFC');
    let out = ageCategory === 'senior' ? formalAddress(source, language) : source;
    out = this.replaceJargon(out, language, register, gender);
    if (ageCategory === 'senior') out = removeCondescension(out, language);
    out = agreeWithListener(out, language, gender);
    if (register === 'child') out = childVerbsAndSplit(out, language);
    if (
      missingNumbers(source, out).length > 0 ||
      negationCount(out, language) < negationCount(source, language)
    ) {
      return text;
    }
    return out;
  }

  private trie(language: ParaphraseLanguage, register: Register): TrieNode {
    const key = `${language}:${register}`;
    let trie = this.tries.get(key);
    if (!trie) {
      const entries = LEXICONS[language].filter((e) => register === 'child' || !e.childOnly);
      trie = buildTrie(entries);
      this.tries.set(key, trie);
    }
    return trie;
  }

  private replaceJargon(
    text: string,
    language: ParaphraseLanguage,
    register: Register,
    gender: PatientGender,
  ): string {
    const root = this.trie(language, register);
    const tokens = tokenize(text);
    const { lower, starts, ends, seps } = tokens;
    const count = lower.length;
    const locked = lockedTokens(text, tokens);
    let out = '';
    let consumed = 0;
    let i = 0;
    while (i < count) {
      let node = locked[i] ? undefined : root.next.get(lower[i]);
      let best: { entry: LexiconEntry; last: number } | undefined;
      let j = i;
      while (node) {
        if (node.entry && (!node.exact || text.slice(starts[i], ends[j]) === node.exact)) {
          best = { entry: node.entry, last: j };
        }
        j++;
        if (j >= count || locked[j]) break;
        node = node.next.get(seps[j] + lower[j]);
      }
      if (!best) {
        i++;
        continue;
      }
      const { entry, last } = best;
      out += text.slice(consumed, starts[i]);
      const feminine = register === 'child' && entry.child ? entry.childFeminine : entry.feminine;
      let replacement = register === 'child' && entry.child ? entry.child : entry.plain;
      if (feminine && resolveGender(out, language, gender) === 'f') replacement = feminine;
      const nounGender =
        register === 'child' && entry.child ? (entry.childGender ?? entry.gender) : entry.gender;
      out = fixDeterminer(out, language, nounGender, replacement);
      const original = text.slice(starts[i], ends[last]);
      if (isUpper(original[0]) && SENTENCE_START.test(out)) {
        replacement = replacement[0].toUpperCase() + replacement.slice(1);
      }
      out += replacement;
      consumed = ends[last];
      i = last + 1;
    }
    return out + text.slice(consumed);
  }
}

function isUpper(character: string): boolean {
  return character !== character.toLowerCase();
}

/** Tokens inside a number, dose or unit span, never rewritten. */
function lockedTokens(text: string, tokens: Tokens): boolean[] {
  const locked = new Array<boolean>(tokens.lower.length).fill(false);
  const spans = protectedSpans(text);
  if (spans.length === 0) return locked;
  let s = 0;
  for (let t = 0; t < tokens.lower.length; t++) {
    while (s < spans.length && spans[s].end <= tokens.starts[t]) s++;
    if (s < spans.length && spans[s].start < tokens.ends[t]) locked[t] = true;
  }
  return locked;
}
