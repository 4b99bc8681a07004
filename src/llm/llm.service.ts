import { Inject, Injectable } from '@nestjs/common';
import { LanguageUnavailableError } from '../common/errors/domain.errors.js';
import { withEngineDeadline } from '../common/timeout/engine-deadline.js';
import { AppConfig } from '../config/app-config.js';
import { LanguageCatalog } from '../language/catalog/language-catalog.js';
import type { CatalogLanguage } from '../language/catalog/catalog-language.js';
import { LLM_ENGINE, type LlmEngine } from './engines/llm-engine.js';
import type { AgeCategory, PatientGender } from '../language/speech-settings.js';

export interface ParaphraseOptions {
  sentence: string;
  gender?: PatientGender;
  age_category?: AgeCategory;
  /** Known language of the sentence (the orchestrator's sessions know it). */
  language?: CatalogLanguage;
}

/** The language operations for the REST API and the orchestrator; the only user of the engine. */
@Injectable()
export class LlmService {
  constructor(
    @Inject(LLM_ENGINE) private readonly engine: LlmEngine,
    private readonly catalog: LanguageCatalog,
    private readonly config: AppConfig,
  ) {}

  get engineName(): string {
    return this.engine.name;
  }

  paraphrase({ sentence, gender, age_category, language }: ParaphraseOptions): Promise<string> {
    const request = {
      sentence,
      gender: gender ?? 'male',
      ageCategory: age_category ?? 'adult',
      language,
    };
    return this.run((signal) => this.engine.paraphrase(request, signal));
  }

  summarize(text: string): Promise<string> {
    return this.run((signal) => this.engine.summarize({ text }, signal));
  }

  generate(prompt: string): Promise<string> {
    return this.run((signal) => this.engine.generate({ prompt }, signal));
  }

  /** `targetLanguage` in any form the normalizer takes (decisions §2); unknown → 422 on the field. */
  structuredSummary(text: string, targetLanguage: string): Promise<string> {
    const normalized = this.catalog.normalize(targetLanguage);
    if (!normalized.ok) {
      throw new LanguageUnavailableError([
        { field: 'target_language', message: normalized.reason, type: 'unknown_language' },
      ]);
    }
    const target = normalized.language;
    return this.run((signal) => this.engine.structuredSummary({ text, target }, signal));
  }

  private run(work: (signal: AbortSignal) => Promise<string>): Promise<string> {
    const deadline = {
      service: 'LLM',
      engine: this.engine.name,
      ms: this.config.LLM_TIMEOUT_MS,
      setting: 'LLM_TIMEOUT_MS',
    };
    return withEngineDeadline(deadline, work);
  }
}
