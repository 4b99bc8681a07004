import { Injectable } from '@nestjs/common';
import { EngineUnavailableError } from '../../common/errors/engine.errors.js';
import { LanguageUnavailableError } from '../../common/errors/domain.errors.js';
import { LanguageIdentifier } from '../../language/identification/language-identifier.js';
import { LanguageCatalog } from '../../language/catalog/language-catalog.js';
import type { CatalogLanguage } from '../../language/catalog/catalog-language.js';
import { TranslationService } from '../../translation/translation.service.js';
import {
  LayLanguageParaphraser,
  SUPPORTED_PARAPHRASE_LANGUAGES,
  isParaphraseLanguage,
} from '../embedded/paraphrase/lay-language-paraphraser.js';
import { summarize } from '../embedded/summary/extractive-summarizer.js';
import { StructuredSummarizer } from '../embedded/summary/structured-summary.js';
import type {
  GenerateRequest,
  LlmEngine,
  ParaphraseRequest,
  StructuredSummaryRequest,
  SummaryRequest,
} from './llm-engine.js';

const ENGINE = 'embedded';
/** The languages the embedded rules are written for, as default locales (language identification candidates). */
const RULE_LOCALES = ['en-US', 'fr-FR', 'es-ES'];

/**
 * Deterministic algorithms that need no model weights: lay-language paraphrase (lexicons and
 * register rules), extractive summary, rule-based structured summary translated through the
 * translation service. Text generation needs a language model, so it answers 503 saying how to
 * configure one: no canned text pretends to be generated.
 */
@Injectable()
export class EmbeddedLlmEngine implements LlmEngine {
  readonly name = ENGINE;
  private readonly paraphraser = new LayLanguageParaphraser();
  private readonly structured = new StructuredSummarizer();

  constructor(
    private readonly languageId: LanguageIdentifier,
    private readonly catalog: LanguageCatalog,
    private readonly translation: TranslationService,
  ) {}

  async paraphrase({
    sentence,
    gender,
    ageCategory,
    language,
  }: ParaphraseRequest): Promise<string> {
    const code = language?.iso6391 ?? this.languageOf(sentence).iso6391;
    if (!isParaphraseLanguage(code)) {
      throw new EngineUnavailableError(
        'LLM',
        ENGINE,
        `plain-language paraphrase is written for ${SUPPORTED_PARAPHRASE_LANGUAGES.join(', ')} only, not for this text's language (${code}).`,
        'Set LLM_ENGINE=openai with LLM_BASE_URL and LLM_MODEL for other languages.',
      );
    }
    return this.paraphraser.paraphrase(sentence, { language: code, gender, ageCategory });
  }

  async summarize({ text }: SummaryRequest): Promise<string> {
    return summarize(text, { language: this.languageOf(text).iso6391 });
  }

  async generate(_request: GenerateRequest): Promise<string> {
    throw new EngineUnavailableError(
      'LLM',
      ENGINE,
      'text generation needs a language model server, and none is configured.',
      'Set LLM_ENGINE=openai, LLM_BASE_URL (an OpenAI-compatible server such as vLLM, Ollama or llama.cpp) and LLM_MODEL.',
    );
  }

  async structuredSummary({ text, target }: StructuredSummaryRequest): Promise<string> {
    const source = this.languageOf(text);
    // Another language is written through the translation engine: one it lacks is the client's
    // choice of target_language (422), not a failing backend (503).
    if (target.code !== source.code) {
      const available = await this.translation.availableLanguages();
      if (!available.some((language) => language.code === target.code)) {
        throw new LanguageUnavailableError([
          {
            field: 'target_language',
            message: `${target.name} (${target.bcp47}) is not available: the embedded engine writes a summary in another language through the translation engine '${this.translation.engineName}', which does not translate into it. GET /api/v1/translation/languages lists the languages it does; LLM_ENGINE=openai writes in any language.`,
            type: 'language_unavailable',
          },
        ]);
      }
    }
    return this.structured.summarize(text, source, target, (part, from, to) =>
      this.translation.translateText(part, this.byCode(from), this.byCode(to)),
    );
  }

  /** The text's language among those the rules know (English when too short to tell). */
  private languageOf(text: string): CatalogLanguage {
    const { locale } = this.languageId.identify(text, RULE_LOCALES);
    const normalized = this.catalog.normalize(locale);
    return normalized.ok ? normalized.language : this.byCode('eng_Latn');
  }

  private byCode(code: string): CatalogLanguage {
    const language = this.catalog.findByCode(code);
    if (!language) throw new Error(`no catalog language ${code}`);
    return language;
  }
}
