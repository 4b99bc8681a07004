import { CatalogLanguage } from '../../language/catalog/catalog-language.js';
import type { PatientGender } from '../../language/speech-settings.js';
import type { TermSource } from '../terminology/clinical-terminology.js';

/** Injection token of the active translation engine (chosen by TRANSLATION_ENGINE). */
export const TRANSLATION_ENGINE = Symbol('TRANSLATION_ENGINE');

/** A span of the source text that the translation must render as `replacement`. */
export interface FixedTerm {
  readonly start: number;
  readonly end: number;
  readonly replacement: string;
  /**
   * `glossary`: the hospital's own term (GLOSSARY_FILE), which every engine must write.
   * `builtin`: the built-in clinical table, which engines may use where it helps them.
   */
  readonly source: TermSource;
  /** The term's row, e.g. `glossary.tsv:3`: for messages to the operator, never conversation text. */
  readonly origin: string;
}

/** The gender of a party: the one who speaks or the one addressed. */
export type PartyGender = PatientGender;

/** Who says "I" and who is "you", for the languages whose adjectives agree with them. */
export interface PartyGenders {
  readonly speakerGender?: PartyGender;
  readonly addresseeGender?: PartyGender;
}

/** What an engine translates; the parties' genders when the session knows them. */
export interface EngineTranslation extends PartyGenders {
  readonly text: string;
  readonly source: CatalogLanguage;
  readonly target: CatalogLanguage;
  /**
   * Clinical terms found in `text`, sorted and not overlapping, with their target-language form
   * (ClinicalTerminology). An engine that can keep a span verbatim writes the replacement there;
   * every engine makes the glossary's terms win (docs/translation.md, hospital glossary).
   */
  readonly fixedTerms?: readonly FixedTerm[];
  /**
   * Called by an engine that can tell which words of the text it could not translate (left as
   * they were in the output), before it resolves. Engines that cannot tell never call it.
   */
  readonly reportUnknownWords?: (words: readonly string[]) => void;
}

/**
 * The translation port. Adapters translate between any two languages they report as available;
 * the service handles validation, same-language requests, timeouts and medical-token checks.
 */
export interface TranslationEngine {
  /** Stable engine name used in errors and the `X-Engine` header: `apertium`, `libretranslate`, `openai`. */
  readonly name: string;
  /** FLORES codes this engine can translate from and to. May query the backend (cached by the adapter). */
  availableCodes(): Promise<ReadonlySet<string>>;
  /** Translates; rejects with an EngineError subclass when the backend fails. Honours `signal`. */
  translate(request: EngineTranslation, signal: AbortSignal): Promise<string>;
  /**
   * Starts what translating between two FLORES codes, both ways, will need, without waiting: an
   * engine that starts processes on first use (Apertium) has them ready when a session's first
   * sentence comes. Optional: remote engines have nothing to start.
   */
  prepare?(first: string, second: string): void;
}
