import { Inject, Injectable, Optional } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import {
  type ChoiceProblem,
  LanguageUnavailableError,
  NoFixedPhraseError,
} from '../common/errors/domain.errors.js';
import { EngineOutputRejectedError } from '../common/errors/engine.errors.js';
import { withEngineDeadline } from '../common/timeout/engine-deadline.js';
import { CatalogLanguage } from '../language/catalog/catalog-language.js';
import { LanguageCatalog } from '../language/catalog/language-catalog.js';
import type { PatientGender } from '../language/speech-settings.js';
import { LanguageListDto } from './dto/language-list.dto.js';
import { TranslateRequestDto } from './dto/translate-request.dto.js';
import { TranslationResultDto } from './dto/translation-result.dto.js';
import {
  type PartyGenders,
  TRANSLATION_ENGINE,
  type TranslationEngine,
} from './engines/translation-engine.js';

import { missingNumbers, protectedSpans } from '../language/medical-tokens.js';
import { type ClinicalTerm, ClinicalTerminology } from './terminology/clinical-terminology.js';
import { SpecialistVocabulary } from './untranslated/specialist-vocabulary.js';
import { untranslatedWords } from './untranslated/untranslated-words.js';
import {
  type ExpectedAnswers,
  type PhraseOffer,
  PhrasebookService,
  type PhraseTranslation,
} from './phrasebook/phrasebook.service.js';

const LIST_PATH = 'GET /api/v1/translation/languages';

/** A translation, and the words of it the engine left untranslated that the listener should know of. */
export interface CheckedTranslation {
  readonly text: string;
  /** Words left in the source (or pivot) language that are not names, numbers or drug names. */
  readonly untranslated: readonly string[];
}

/** Who wrote a translation: a fixed phrase written in advance, or the machine. */
export type TranslationOrigin = 'phrasebook' | 'machine';

/** A sentence's translation and its origin; a fixed phrase says which and what was understood. */
export interface SentenceTranslation extends CheckedTranslation {
  readonly origin: TranslationOrigin;
  readonly phrase?: PhraseTranslation;
}

/** The answers a question expects, in the listener's language, and a scale's end labels. */
export interface AnswersToTap extends ExpectedAnswers {
  readonly labels?: { readonly low?: string; readonly high?: string };
}

/** The patient statements' phrasebook (data/patient/), a PhrasebookService of its own. */
export const PATIENT_STATEMENTS = Symbol('PATIENT_STATEMENTS');

/** Who says a sentence: the phrasebook holds what clinicians say. */
export interface SentenceParties extends PartyGenders {
  readonly speaker: 'medic' | 'patient' | 'unknown';
}

/** Translation for the REST API and the other modules; the only user of the translation engine. */
@Injectable()
export class TranslationService {
  constructor(
    @Inject(TRANSLATION_ENGINE) private readonly engine: TranslationEngine,
    private readonly catalog: LanguageCatalog,
    private readonly config: AppConfig,
    private readonly terminology: ClinicalTerminology,
    private readonly vocabulary: SpecialistVocabulary,
    private readonly phrasebook: PhrasebookService,
    /** What patients say, written in advance (issue 33); none when not given. */
    @Optional()
    @Inject(PATIENT_STATEMENTS)
    private readonly patientStatements?: PhrasebookService,
  ) {}

  get engineName(): string {
    return this.engine.name;
  }

  /**
   * The clinical terms of `text` (the hospital's glossary, then the built-in table) with their
   * forms in `target`: the terms the translations follow, for checks outside translation (the
   * session's fidelity score).
   */
  clinicalTerms(text: string, source: CatalogLanguage, target: CatalogLanguage): ClinicalTerm[] {
    return this.terminology.find(text, source, target);
  }

  /** Catalog languages the active engine can translate, sorted by BCP-47 locale. */
  async availableLanguages(): Promise<CatalogLanguage[]> {
    const codes = await this.engine.availableCodes();
    return this.catalog.all().filter((language) => codes.has(language.code));
  }

  async listLanguages(): Promise<LanguageListDto> {
    const languages = (await this.availableLanguages()).map((l) => ({
      bcp47: l.bcp47,
      iso_639_1: l.iso6391,
      iso_639_3: l.iso6393,
      code: l.code,
      name: l.name,
    }));
    return { languages, total: languages.length };
  }

  /** The REST operation: opaque codes in, BCP-47 locales out (interface §2.4–2.5). */
  async translate(request: TranslateRequestDto): Promise<TranslationResultDto> {
    const [source, target, available] = await this.resolvePair(
      request.source_language,
      request.target_language,
    );
    const started = process.hrtime.bigint();
    if (!available.has(target.code)) {
      return this.translateByPhrase(request.text, source, target, started);
    }
    // A REST caller is taken for the clinician: the phrasebook holds what clinicians say.
    const {
      text: translated,
      untranslated,
      origin,
      phrase,
    } = await this.translateSentence(request.text, source, target, { speaker: 'medic' });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return {
      success: true,
      source_language: source.bcp47,
      target_language: target.bcp47,
      original_text: request.text,
      translated_text: translated,
      origin,
      ...(phrase ? { phrase_id: phrase.phraseId } : {}),
      ...(untranslated.length > 0 ? { untranslated_words: [...untranslated] } : {}),
      translation_seconds: Math.round(seconds * 1e6) / 1e6,
      timestamp: new Date().toISOString(),
    };
  }

  /**
   * The REST operation into a language only fixed phrases reach: the phrase, or a 422 that
   * names the closest phrases (never a machine translation).
   */
  private translateByPhrase(
    text: string,
    source: CatalogLanguage,
    target: CatalogLanguage,
    started: bigint,
  ): TranslationResultDto {
    const phrase = this.phrasebook.translate(text, source, target);
    if (!phrase) {
      const offers = this.phrasebook.offer(text, source, target);
      const closest =
        offers.length > 0
          ? ` The closest phrases: ${offers.map((o) => `"${o.text}"`).join(', ')}; send one of them as it is.`
          : ' No phrase is close to it; rephrase it as a short question or instruction.';
      throw new NoFixedPhraseError([
        {
          field: 'text',
          type: 'no_fixed_phrase',
          message: `${target.name} (${target.code}) is reached by fixed phrases only here, and no phrase says this text, so it is not translated.${closest}`,
        },
      ]);
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return {
      success: true,
      source_language: source.bcp47,
      target_language: target.bcp47,
      original_text: text,
      translated_text: phrase.text,
      origin: 'phrasebook',
      phrase_id: phrase.phraseId,
      translation_seconds: Math.round(seconds * 1e6) / 1e6,
      timestamp: new Date().toISOString(),
    };
  }

  /**
   * Translates between two catalog languages. Same language: the text unchanged. A translation
   * that lost or changed a number is withheld, since it could change a dose.
   */
  async translateText(
    text: string,
    source: CatalogLanguage,
    target: CatalogLanguage,
    parties: PartyGenders = {},
  ): Promise<string> {
    return (await this.translateChecked(text, source, target, parties)).text;
  }

  /**
   * A sentence of a conversation: what the clinician says that matches a fixed phrase gets the
   * phrase (written in advance, agreeing with the patient); anything else, the engine's
   * translation as translateChecked gives it.
   */
  async translateSentence(
    text: string,
    source: CatalogLanguage,
    target: CatalogLanguage,
    parties: SentenceParties,
  ): Promise<SentenceTranslation> {
    // A clinician's phrase agrees with the patient who hears it; a patient's statement written in
    // advance ("Soy alérgica a la penicilina"), matched as strictly, with the patient who says it.
    const phrase =
      parties.speaker === 'medic'
        ? this.phrasebook.translate(text, source, target, parties.addresseeGender)
        : parties.speaker === 'patient'
          ? this.patientStatements?.translate(text, source, target, parties.speakerGender)
          : undefined;
    if (phrase) return { text: phrase.text, untranslated: [], origin: 'phrasebook', phrase };
    return { ...(await this.translateChecked(text, source, target, parties)), origin: 'machine' };
  }

  /**
   * Catalog languages the engine cannot translate that the phrasebook writes to (issue 32): a
   * patient may speak one, and reads only the phrases written in advance.
   */
  async fixedPhraseLanguages(): Promise<CatalogLanguage[]> {
    const machine = new Set((await this.availableLanguages()).map((l) => l.code));
    return this.catalog
      .all()
      .filter((l) => !machine.has(l.code) && this.phrasebook.writesTo(l))
      .sort((a, b) => a.bcp47.localeCompare(b.bcp47));
  }

  /** Whether a patient in the language can answer by touch (its answers are written). */
  answersInLanguage(language: CatalogLanguage): boolean {
    return this.phrasebook.alwaysAnswers(language) !== undefined;
  }

  /** What a patient can always say by touch, in their language. */
  alwaysAnswers(language: CatalogLanguage) {
    return this.phrasebook.alwaysAnswers(language);
  }

  /** The answers a fixed phrase's question expects, in the listener's language, with scale labels. */
  expectedAnswers(phrase: PhraseTranslation, listener: CatalogLanguage): AnswersToTap | undefined {
    const expected = this.phrasebook.expectedAnswers(phrase, listener);
    if (!expected) return undefined;
    if (expected.kind !== 'pain_scale') return expected;
    const { none, worst } = this.phrasebook.scaleLabels(listener);
    return { ...expected, labels: { low: none, high: worst } };
  }

  /** A patient's sentence that is one of the answers, in the listener's language, or undefined. */
  translateAnswer(text: string, source: CatalogLanguage, target: CatalogLanguage) {
    return this.phrasebook.translateAnswer(text, source, target);
  }

  /** How many of the phrasebook's sentences are written in the language. */
  phraseCoverage(language: CatalogLanguage) {
    return this.phrasebook.coverage(language);
  }

  /** The fixed phrase a clinician's sentence matches, in the listener's language, or undefined. */
  fixedPhrase(
    text: string,
    source: CatalogLanguage,
    target: CatalogLanguage,
    gender?: PatientGender,
  ): PhraseTranslation | undefined {
    return this.phrasebook.translate(text, source, target, gender);
  }

  /** The phrases closest to a sentence that matched none: what the clinician may choose. */
  offerPhrases(
    text: string,
    source: CatalogLanguage,
    target: CatalogLanguage,
    gender?: PatientGender,
  ): PhraseOffer[] {
    return this.phrasebook.offer(text, source, target, gender);
  }

  /** A phrase the clinician chose among those offered, in the listener's language. */
  chosenPhrase(
    offer: PhraseOffer,
    source: CatalogLanguage,
    target: CatalogLanguage,
    gender?: PatientGender,
  ): PhraseTranslation | undefined {
    return this.phrasebook.translateMatches([offer.match], source, target, gender);
  }

  /**
   * Readies the engine for translating between two languages, both ways, without waiting (the
   * embedded engine starts its pipelines): a session calls it when its languages are known.
   */
  prepare(first: CatalogLanguage, second: CatalogLanguage): void {
    if (first.code !== second.code) this.engine.prepare?.(first.code, second.code);
  }

  /** translateText, with the words the engine could not translate (see untranslatedWords). */
  async translateChecked(
    text: string,
    source: CatalogLanguage,
    target: CatalogLanguage,
    { speakerGender, addresseeGender }: PartyGenders = {},
  ): Promise<CheckedTranslation> {
    if (source.code === target.code) return { text, untranslated: [] };
    let unknown: readonly string[] = [];
    const reportUnknownWords = (words: readonly string[]) => (unknown = words);
    // Numbers keep priority: a term never covers a dose.
    const fixedTerms = this.terminology.find(text, source, target, protectedSpans(text), {
      speakerGender,
      addresseeGender,
    });
    const deadline = {
      service: 'Translation',
      engine: this.engine.name,
      ms: this.config.TRANSLATION_TIMEOUT_MS,
      setting: 'TRANSLATION_TIMEOUT_MS',
    };
    const translated = await withEngineDeadline(deadline, (signal) =>
      this.engine.translate(
        { text, source, target, fixedTerms, reportUnknownWords, speakerGender, addresseeGender },
        signal,
      ),
    );
    if (missingNumbers(text, translated).length > 0) {
      throw new EngineOutputRejectedError(
        'Translation',
        this.engine.name,
        'the translation changed or dropped a number of the text, so it was withheld: it could alter a dose or a measurement.',
        'Rephrase the numbers (e.g. digits with their unit) or use another engine.',
      );
    }
    return {
      text: translated,
      untranslated: untranslatedWords(unknown, translated, this.vocabulary),
    };
  }

  /** Resolves both request codes, reporting the problems of both fields at once. */
  private async resolvePair(
    sourceCode: string,
    targetCode: string,
  ): Promise<[CatalogLanguage, CatalogLanguage, ReadonlySet<string>]> {
    const available = await this.engine.availableCodes();
    const source = this.resolveCode('source_language', sourceCode, available);
    const target = this.resolveCode('target_language', targetCode, available);
    const problems = [source, target].filter((r): r is ChoiceProblem => 'field' in r);
    if (problems.length > 0) throw new LanguageUnavailableError(problems);
    return [source as CatalogLanguage, target as CatalogLanguage, available];
  }

  /** The catalog language of an opaque code, or the problem that tells the client what to send. */
  private resolveCode(
    field: string,
    code: string,
    available: ReadonlySet<string>,
  ): CatalogLanguage | ChoiceProblem {
    const language = this.catalog.findByCode(code);
    if (language && available.has(language.code)) return language;
    // Into a language the phrasebook writes to, from one it matches (issue 32).
    if (language && field === 'target_language' && this.phrasebook.writesTo(language)) {
      return language;
    }
    if (language) {
      const message = `${language.name} (${language.code}) is not available with the active translation engine '${this.engine.name}'; ${LIST_PATH} lists the available languages.`;
      return { field, message, type: 'language_unavailable' };
    }
    const normalized = this.catalog.normalize(code);
    if (normalized.ok) {
      const { name, code: opaque } = normalized.language;
      const message = `'${code}' is an ISO 639 code or BCP-47 tag; send the language's code from ${LIST_PATH} instead (for ${name}: ${opaque}).`;
      return { field, message, type: 'language_code_format' };
    }
    const message = `'${code}' is not a known language code; send a code from ${LIST_PATH} (e.g. eng_Latn).`;
    return { field, message, type: 'unknown_language' };
  }
}
