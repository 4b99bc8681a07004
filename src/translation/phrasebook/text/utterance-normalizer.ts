import { newStemmer, type Stemmer } from 'snowball-stemmers';
import type { PhraseLanguage } from '../phrase-language.js';
import { LANGUAGE_RULES, type LanguageRules } from './language-rules.js';
import { EXTRA_NUMBER_WORDS, NumberWords } from './number-words.js';
import { asksByEnglishOrder } from './question-order.js';

const DIGITS = /\d/;

/**
 * Turns a sentence of one language into the words the matcher compares: lowercase, without
 * accents or punctuation (a recognizer writes neither reliably), contractions expanded, the
 * openers and closers of spoken questions removed, and number words as digits. `comparable`
 * then drops the words that carry nothing and, in English, reduces the rest to their stem.
 */
export class UtteranceNormalizer {
  private readonly rules: LanguageRules;
  private readonly stemmer?: Stemmer;
  private readonly numbers: NumberWords;
  private readonly contractions = new Map<string, string[]>();
  private readonly longestContraction: number;
  private readonly fillers: string[][];
  private readonly closers: string[][];
  private readonly stems = new Map<string, string>();
  /** The words a symptom said alone leaves out ("Fever?" → "do you have"). */
  readonly loneSymptomQuestion: readonly string[];

  constructor(readonly language: PhraseLanguage) {
    this.rules = LANGUAGE_RULES[language];
    this.stemmer = this.rules.stemmer ? newStemmer(this.rules.stemmer) : undefined;
    let longest = 1;
    for (const [from, to] of Object.entries(this.rules.contractions)) {
      const key = this.tokenize(from);
      longest = Math.max(longest, key.length);
      this.contractions.set(key.join(' '), this.tokenize(to));
    }
    this.longestContraction = longest;
    this.numbers = new NumberWords(
      this.rules,
      (text) => this.expand(this.tokenize(text)),
      EXTRA_NUMBER_WORDS[language],
    );
    const phrases = (list: readonly string[]) =>
      list.map((filler) => this.expand(this.tokenize(filler))).sort((a, b) => b.length - a.length);
    this.fillers = phrases(this.rules.fillers);
    this.closers = phrases(this.rules.closers);
    this.loneSymptomQuestion = this.expand(this.tokenize(this.rules.loneSymptom));
  }

  /** The words of a value's name ("ahora mismo"): as `words`, but nothing is an opener there. */
  valueWords(text: string): string[] {
    return this.numbers.replace(this.expand(this.tokenize(text)));
  }

  /** The words of `text`, before the ignorable ones are dropped (see comparable). */
  words(text: string): string[] {
    const words = this.withoutFillers(this.expand(this.tokenize(this.withoutCommaOpener(text))));
    const elided = words.length > 1 ? this.rules.elided[words[0]] : undefined;
    return this.numbers.replace(elided ? [...this.tokenize(elided), ...words] : words);
  }

  /** The form a word is compared in, or undefined for a word that carries nothing here. */
  comparable(word: string): string | undefined {
    if (this.rules.ignorable.has(word)) return undefined;
    if (!this.stemmer || DIGITS.test(word) || this.rules.prepositions.has(word)) return word;
    // A past tense is kept whole: "you swallowed" is not "you swallow".
    if (word.endsWith('ed')) return word;
    let stem = this.stems.get(word);
    if (stem === undefined) {
      stem = this.stemmer.stem(word);
      this.stems.set(word, stem);
    }
    return stem;
  }

  /**
   * Whether `text` asks by its word order, whatever its punctuation: in English only (see
   * LanguageRules.asksByWordOrder); 'either' where it may ask or instruct; undefined where word
   * order does not tell.
   */
  asksByOrder(text: string): boolean | 'either' | undefined {
    if (!this.rules.asksByWordOrder) return undefined;
    return asksByEnglishOrder(this.words(text), this.expand(this.tokenize(text)));
  }

  isDemonstrative(word: string): boolean {
    return this.rules.demonstratives.has(word);
  }

  isPlacePreposition(word: string): boolean {
    return this.rules.placePrepositions.has(word);
  }

  isPreposition(word: string): boolean {
    return this.rules.prepositions.has(word);
  }

  /** Lowercase word tokens without accents; English keeps its apostrophes for its contractions. */
  tokenize(text: string): string[] {
    const lower = text
      .toLowerCase()
      .normalize('NFC')
      .replace(/[’‘`´]/g, "'");
    const pattern =
      this.language === 'en'
        ? /\d+(?:[.,]\d+)?|[\p{L}\p{N}]+(?:'[\p{L}]+)*/gu
        : /\d+(?:[.,]\d+)?|[\p{L}\p{N}]+/gu;
    return (lower.match(pattern) ?? []).map((token) =>
      this.rules.accentedWords.has(token) ? token : token.normalize('NFD').replace(/\p{M}/gu, ''),
    );
  }

  private expand(tokens: readonly string[]): string[] {
    const out: string[] = [];
    for (let i = 0; i < tokens.length;) {
      let length = Math.min(this.longestContraction, tokens.length - i);
      for (; length > 0; length--) {
        const replacement = this.contractions.get(tokens.slice(i, i + length).join(' '));
        if (replacement) {
          out.push(...replacement);
          break;
        }
      }
      if (length === 0) out.push(tokens[i++]);
      else i += length;
    }
    return out;
  }

  /** "Right, …" without its "right," (see LanguageRules.commaOpeners). */
  private withoutCommaOpener(text: string): string {
    const opener = /^\s*([\p{L}]+)\s*,\s*/u.exec(text);
    if (!opener) return text;
    const [word] = this.tokenize(opener[1]);
    return this.rules.commaOpeners.has(word) ? text.slice(opener[0].length) : text;
  }

  private withoutFillers(tokens: string[]): string[] {
    let start = 0;
    let end = tokens.length;
    const startsWith = (filler: string[]) =>
      filler.length < end - start && filler.every((word, k) => tokens[start + k] === word);
    const endsWith = (filler: string[]) =>
      filler.length < end - start &&
      filler.every((word, k) => tokens[end - filler.length + k] === word);
    for (;;) {
      const opener = this.fillers.find(startsWith);
      if (opener) start += opener.length;
      const closer = this.closers.find(endsWith);
      if (closer) end -= closer.length;
      if (!opener && !closer) break;
    }
    return tokens.slice(start, end);
  }
}
