import type { CatalogLanguage } from '../../src/language/catalog/catalog-language.js';

/** A catalog language built by hand for engine specs: what an engine reads, no regional locale. */
export const catalogLanguage = (
  code: string,
  iso6391: string,
  iso6393: string,
  name: string,
  bcp47: string,
) => ({ code, iso6391, iso6393, name, bcp47, regionalLocales: [] }) as CatalogLanguage;

export const ENG = catalogLanguage('eng_Latn', 'en', 'eng', 'English', 'en-US');
export const FRA = catalogLanguage('fra_Latn', 'fr', 'fra', 'French', 'fr-FR');
export const SPA = catalogLanguage('spa_Latn', 'es', 'spa', 'Spanish', 'es-ES');
export const POR = catalogLanguage('por_Latn', 'pt', 'por', 'Portuguese', 'pt-PT');
export const ZHS = catalogLanguage('zho_Hans', 'zh', 'zho', 'Chinese (Simplified)', 'zh-CN');
export const ZHT = catalogLanguage('zho_Hant', 'zh', 'zho', 'Chinese (Traditional)', 'zh-TW');
export const SWH = catalogLanguage('swh_Latn', 'sw', 'swa', 'Swahili', 'sw-KE');
