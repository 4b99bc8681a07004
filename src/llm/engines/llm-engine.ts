import type { CatalogLanguage } from '../../language/catalog/catalog-language.js';
import type { AgeCategory, PatientGender } from '../../language/speech-settings.js';

/** Injection token of the active language engine (chosen by LLM_ENGINE). */
export const LLM_ENGINE = Symbol('LLM_ENGINE');

export interface ParaphraseRequest {
  /** One to a few sentences of medical text, 1 to 5000 characters. */
  readonly sentence: string;
  /** The listener's gender, for grammatical agreement (French, Spanish). */
  readonly gender: PatientGender;
  /** The listener's age category: the register of the rewriting. */
  readonly ageCategory: AgeCategory;
  /** The sentence's language when the caller knows it (the orchestrator does); else identified. */
  readonly language?: CatalogLanguage;
}

export interface SummaryRequest {
  /** 1 to 50000 characters. */
  readonly text: string;
}

export interface GenerateRequest {
  /** 1 to 1000 characters. */
  readonly prompt: string;
}

export interface StructuredSummaryRequest {
  readonly text: string;
  /** Headings and content are written in this language. */
  readonly target: CatalogLanguage;
}

/**
 * The language port: plain-language paraphrase, summary, generation and structured summary.
 * Adapters reject with an EngineError subclass (service `LLM`) when they cannot answer; the
 * service handles validation, the deadline (LLM_TIMEOUT_MS) and the X-Engine header.
 */
export interface LlmEngine {
  /** Stable engine name used in errors and the `X-Engine` header: `embedded`, `openai`. */
  readonly name: string;
  paraphrase(request: ParaphraseRequest, signal: AbortSignal): Promise<string>;
  summarize(request: SummaryRequest, signal: AbortSignal): Promise<string>;
  generate(request: GenerateRequest, signal: AbortSignal): Promise<string>;
  structuredSummary(request: StructuredSummaryRequest, signal: AbortSignal): Promise<string>;
}
