import { Injectable } from '@nestjs/common';
import { SynthesisService } from '../../synthesis/synthesis.service.js';
import type { CatalogLanguage } from '../../language/catalog/catalog-language.js';
import { LanguageCatalog } from '../../language/catalog/language-catalog.js';
import { TranslationService } from '../../translation/translation.service.js';

/** A language a session can use, as the handshake resolved it. */
export interface SessionLanguage {
  readonly language: CatalogLanguage;
  /** Normalized BCP-47 locale, e.g. `fr-FR`. */
  readonly locale: string;
}

export type SessionLanguageLookup =
  | { readonly ok: true; readonly value: SessionLanguage }
  | { readonly ok: false; readonly reason: string };

/**
 * The languages a session can use (decisions §4): the active translation engine translates them
 * and a synthesis voice speaks them. Recognition is not required: text_input works in any of them.
 */
@Injectable()
export class SessionLanguagesService {
  constructor(
    private readonly catalog: LanguageCatalog,
    private readonly translation: TranslationService,
    private readonly synthesis: SynthesisService,
  ) {}

  /** Catalog languages usable in a session, sorted by BCP-47 locale. */
  async languages(): Promise<CatalogLanguage[]> {
    const voices = await this.synthesis.voices();
    const spoken = new Set(voices.map((voice) => voice.language));
    return (await this.translation.availableLanguages()).filter((l) => spoken.has(l.iso6391));
  }

  /** `GET /languages`: the sorted BCP-47 locales. */
  async locales(): Promise<string[]> {
    return (await this.languages()).map((language) => language.bcp47).sort();
  }

  /** Resolves a handshake value (BCP-47, ISO 639-1/3 or FLORES) to a usable session language. */
  async resolve(input: string): Promise<SessionLanguageLookup> {
    const normalized = this.catalog.normalize(input);
    if (!normalized.ok) return { ok: false, reason: normalized.reason };
    const { language, locale } = normalized;
    const usable = await this.languages();
    if (usable.some((l) => l.code === language.code)) {
      return { ok: true, value: { language, locale } };
    }
    return {
      ok: false,
      reason: `${language.name} (${locale}) cannot be used in a session with the active engines (translation and a voice are both needed); GET /languages lists the languages that can.`,
    };
  }
}
