import { describe, expect, it } from '@jest/globals';
import type { CatalogLanguage, NormalizedLanguage } from './catalog-language.js';
import { LanguageCatalog } from './language-catalog.js';

const catalog = new LanguageCatalog();
const entry = (code: string): CatalogLanguage => {
  const found = catalog.findByCode(code);
  if (!found) throw new Error(`${code} missing from the catalog`);
  return found;
};
const codeOf = (result: NormalizedLanguage) => (result.ok ? result.language.code : undefined);
const reasonOf = (result: NormalizedLanguage) => (result.ok ? '' : result.reason);

describe('LanguageCatalog data', () => {
  const all = catalog.all();

  it('has at least 100 languages, sorted by bcp47', () => {
    expect(all.length).toBeGreaterThanOrEqual(100);
    expect(all.map((l) => l.bcp47)).toEqual(all.map((l) => l.bcp47).sort());
  });

  it('has unique codes, bcp47 tags and (iso6391, script) pairs', () => {
    expect(new Set(all.map((l) => l.code)).size).toBe(all.length);
    expect(new Set(all.map((l) => l.bcp47)).size).toBe(all.length);
    expect(new Set(all.map((l) => `${l.iso6391}_${l.code.slice(4)}`)).size).toBe(all.length);
  });

  it('uses well-formed canonical codes everywhere', () => {
    const locale = /^[a-z]{2,3}(-[A-Z][a-z]{3})?-([A-Z]{2}|\d{3})$/;
    for (const l of all) {
      expect(l.code).toMatch(/^[a-z]{3}_[A-Z][a-z]{3}$/);
      expect(l.iso6391).toMatch(/^[a-z]{2}$/);
      expect(l.iso6393).toMatch(/^[a-z]{3}$/);
      expect(l.name).not.toBe('');
      for (const tag of [l.bcp47, ...l.regionalLocales]) {
        expect(tag).toMatch(locale);
        expect(Intl.getCanonicalLocales(tag)).toEqual([tag]);
      }
      expect(l.regionalLocales).not.toContain(l.bcp47);
      expect([...l.regionalLocales].sort()).toEqual(l.regionalLocales);
      expect(new Set(l.regionalLocales).size).toBe(l.regionalLocales.length);
    }
  });

  it('normalizes every own code, locale and ISO code back to the same entry', () => {
    for (const l of all) {
      for (const input of [l.code, l.bcp47, ...l.regionalLocales]) {
        expect([input, codeOf(catalog.normalize(input))]).toEqual([input, l.code]);
      }
      // ISO codes alone mean the language's likely script (zh → Hans, az → Latn).
      const script = l.code.slice(4);
      for (const iso of [l.iso6391, l.iso6393]) {
        const input = `${iso}-${script}`;
        expect([input, codeOf(catalog.normalize(input))]).toEqual([input, l.code]);
      }
    }
  });

  it.each([
    ['eng_Latn', 'en-US', 'en', 'eng', 'English'],
    ['fra_Latn', 'fr-FR', 'fr', 'fra', 'French'],
    ['spa_Latn', 'es-ES', 'es', 'spa', 'Spanish'],
    ['por_Latn', 'pt-BR', 'pt', 'por', 'Portuguese'],
    ['ita_Latn', 'it-IT', 'it', 'ita', 'Italian'],
    ['deu_Latn', 'de-DE', 'de', 'deu', 'German'],
    ['arb_Arab', 'ar-EG', 'ar', 'ara', 'Arabic'],
    ['pbt_Arab', 'ps-AF', 'ps', 'pus', 'Pashto'],
    ['pes_Arab', 'fa-IR', 'fa', 'fas', 'Persian'],
    ['zho_Hans', 'zh-CN', 'zh', 'zho', 'Chinese (Simplified)'],
    ['zho_Hant', 'zh-TW', 'zh', 'zho', 'Chinese (Traditional)'],
    ['kor_Hang', 'ko-KR', 'ko', 'kor', 'Korean'],
    ['swh_Latn', 'sw-TZ', 'sw', 'swa', 'Swahili'],
    ['tgl_Latn', 'fil-PH', 'tl', 'tgl', 'Filipino'],
    ['srp_Cyrl', 'sr-RS', 'sr', 'srp', 'Serbian'],
  ])('%s is %s / %s / %s / %s', (code, bcp47, iso6391, iso6393, name) => {
    expect(entry(code)).toMatchObject({ code, bcp47, iso6391, iso6393, name });
  });

  it.each([
    ['eng_Latn', ['en-GB', 'en-AU', 'en-CA']],
    ['fra_Latn', ['fr-CA', 'fr-BE', 'fr-CH']],
    ['spa_Latn', ['es-MX', 'es-419', 'es-US']],
    ['por_Latn', ['pt-PT', 'pt-AO']],
    ['zho_Hant', ['zh-HK', 'zh-MO']],
    ['zho_Hans', ['zh-SG']],
    ['arb_Arab', ['ar-SA', 'ar-MA']],
  ])('%s has regional locales %j', (code, locales) => {
    expect(entry(code).regionalLocales).toEqual(expect.arrayContaining(locales));
  });

  it('leaves out FLORES languages without ISO 639-1 code', () => {
    expect(catalog.findByCode('yue_Hant')).toBeUndefined();
    expect(catalog.findByCode('ast_Latn')).toBeUndefined();
  });
});

describe('LanguageCatalog.findByCode', () => {
  it.each(['fra_Latn', 'FRA_LATN', 'fra_latn'])('finds %s', (code) => {
    expect(catalog.findByCode(code)?.code).toBe('fra_Latn');
  });

  it.each(['fr', 'fr-FR', 'fra', 'fra-Latn', 'xxx_Latn'])('does not treat %s as a code', (code) => {
    expect(catalog.findByCode(code)).toBeUndefined();
  });
});

describe('LanguageCatalog.normalize', () => {
  it.each([
    // BCP-47 in any case and with '_' separators, regional → the group's default locale.
    ['fr', 'fra_Latn'],
    ['FR', 'fra_Latn'],
    ['fr-FR', 'fra_Latn'],
    ['fr_fr', 'fra_Latn'],
    ['FR_fr', 'fra_Latn'],
    ['fr-CA', 'fra_Latn'],
    ['fr-Latn-CA', 'fra_Latn'],
    ['en-GB', 'eng_Latn'],
    ['es-419', 'spa_Latn'],
    ['pt-PT', 'por_Latn'],
    ['zh', 'zho_Hans'],
    ['zh-CN', 'zho_Hans'],
    ['zh-Hans', 'zho_Hans'],
    ['zh-SG', 'zho_Hans'],
    ['zh-Hant', 'zho_Hant'],
    ['zh_hant', 'zho_Hant'],
    ['zh-TW', 'zho_Hant'],
    ['zh-HK', 'zho_Hant'],
    ['zh-Hans-HK', 'zho_Hans'],
    ['ko', 'kor_Hang'],
    ['ko-Hang-KR', 'kor_Hang'],
    ['ks', 'kas_Arab'],
    // Variants, extensions and private use do not change the group.
    ['ca-ES-valencia', 'cat_Latn'],
    ['en-US-u-ca-gregory', 'eng_Latn'],
    ['de-CH-x-medical', 'deu_Latn'],
    // ISO 639-1, 639-3 (macrolanguage and the individual codes FLORES uses) and 639-2/B.
    ['ar', 'arb_Arab'],
    ['ara', 'arb_Arab'],
    ['arb', 'arb_Arab'],
    ['ARB', 'arb_Arab'],
    ['fra', 'fra_Latn'],
    ['fre', 'fra_Latn'],
    ['ger', 'deu_Latn'],
    ['deu', 'deu_Latn'],
    ['chi', 'zho_Hans'],
    ['zho', 'zho_Hans'],
    ['cmn', 'zho_Hans'],
    ['cmn-Hant', 'zho_Hant'],
    ['pes', 'pes_Arab'],
    ['fas', 'pes_Arab'],
    ['per', 'pes_Arab'],
    ['zsm', 'zsm_Latn'],
    ['swh', 'swh_Latn'],
    ['npi', 'npi_Deva'],
    ['tgl', 'tgl_Latn'],
    // Deprecated and legacy codes through CLDR aliases.
    ['iw', 'heb_Hebr'],
    ['in', 'ind_Latn'],
    ['ji', 'ydd_Hebr'],
    ['mo', 'ron_Latn'],
    ['tl', 'tgl_Latn'],
    ['fil', 'tgl_Latn'],
    ['no', 'nob_Latn'],
    ['no-NO', 'nob_Latn'],
    ['nn', 'nno_Latn'],
    ['tw', 'aka_Latn'],
    ['prs', 'pes_Arab'],
    // FLORES codes.
    ['fra_Latn', 'fra_Latn'],
    ['FRA_LATN', 'fra_Latn'],
    ['pbt_Arab', 'pbt_Arab'],
    ['ps', 'pbt_Arab'],
    ['zho_Hant', 'zho_Hant'],
  ])('maps %j to %s', (input, code) => {
    const result = catalog.normalize(input);
    expect(codeOf(result)).toBe(code);
    expect(result.ok && result.locale).toBe(entry(code).bcp47);
  });

  it('always answers the default locale of the group', () => {
    expect(catalog.normalize('fr-CA')).toEqual({
      ok: true,
      language: entry('fra_Latn'),
      locale: 'fr-FR',
    });
  });

  it.each([
    ['sr-Latn', /Serbian in Latin script.*srp_Cyrl \(sr-RS\)/],
    ['sr-ME', /Serbian in Latin script/],
    ['sh', /Serbian in Latin script/],
    ['en-Cyrl', /English in Cyrillic script/],
    ['az-IR', /Azerbaijani in Arabic script.*azj_Latn/],
    ['ks-Deva', /Kashmiri in Devanagari script/],
    ['ar-Latn', /Arabic in Latin script/],
  ])('rejects %j: language known, script not in the catalog', (input, reason) => {
    expect(reasonOf(catalog.normalize(input))).toMatch(reason);
  });

  it.each(['xx', 'qaa', 'und', 'zxx-Latn', 'yue', 'zh-yue', 'ast'])(
    'rejects unknown %j',
    (input) => {
      expect(catalog.normalize(input)).toEqual({
        ok: false,
        reason: `'${input}' is not a supported language; send a BCP-47 tag (fr-FR), an ISO 639-1 (fr) or ISO 639-3 (fra) code, or a FLORES-200 code (fra_Latn)`,
      });
    },
  );

  it.each([
    [
      'yue_Hant',
      /'yue_Hant' is a FLORES-200 code left out of this catalog because it has no ISO 639-1 code/,
    ],
    ['twi_Latn', /duplicates aka_Latn/],
    ['PRS_ARAB', /'prs_Arab' is a FLORES-200 code/],
  ])('explains why FLORES code %j is not offered', (input, reason) => {
    expect(reasonOf(catalog.normalize(input))).toMatch(reason);
  });

  it.each([
    'f',
    'fr-',
    '-fr',
    'fr--FR',
    'fr__FR',
    'french',
    'fr-FRA1',
    'fr-Latn-Cyrl',
    '1234',
    'x-fr',
  ])('rejects malformed %j', (input) => {
    expect(reasonOf(catalog.normalize(input))).toMatch(/is not a (well-formed|supported) language/);
  });

  it.each(['fr FR', 'fr.FR', 'fr/FR', 'fr\n', '<script>', 'é', 'fr;DROP', ''])(
    'rejects %j without echoing it',
    (input) => {
      const reason = reasonOf(catalog.normalize(input));
      expect(reason).toMatch(/^A language code (contains only|is required)/);
      if (input) expect(reason).not.toContain(input);
    },
  );

  it('accepts 64 characters and rejects longer inputs unparsed', () => {
    const longest = `en-US-x-${Array(6).fill('abcdefgh').join('-')}-ab`;
    expect(longest).toHaveLength(64);
    expect(codeOf(catalog.normalize(longest))).toBe('eng_Latn');
    expect(reasonOf(catalog.normalize(`${longest}c`))).toMatch(/at most 64 characters/);
    expect(reasonOf(catalog.normalize('x'.repeat(10_000)))).toMatch(/at most 64 characters/);
  });
});

describe('LanguageCatalog.looksLikeIsoOrBcp47', () => {
  it.each(['fr', 'fr-FR', 'fra', 'FR_fr', 'zh-Hant', 'fra-Latn'])('is true for %j', (input) => {
    expect(catalog.looksLikeIsoOrBcp47(input)).toBe(true);
  });

  it.each(['fra_Latn', 'FRA_LATN', 'xx', 'sr-Latn', 'fr FR', ''])('is false for %j', (input) => {
    expect(catalog.looksLikeIsoOrBcp47(input)).toBe(false);
  });
});
