import { Injectable } from '@nestjs/common';
import type { CatalogLanguage, NormalizedLanguage } from './catalog-language.js';
import catalogData from './language-catalog.data.json' with { type: 'json' };

/** Shape of the generated data file (scripts/generate-language-catalog.mjs; do not edit it). */
interface CatalogData {
  readonly languages: readonly CatalogLanguage[];
  /** Lower-case language subtag → canonical tag (iw → he, fre → fr, prs → fa-AF, no → nb). */
  readonly aliases: Readonly<Record<string, string>>;
  /** CLDR likely script of `lang`, and of `lang-REGION` where it differs (zh-TW → Hant). */
  readonly likelyScripts: Readonly<Record<string, string>>;
  /** FLORES-200 codes left out of the catalog → why (e.g. "it has no ISO 639-1 code"). */
  readonly excludedCodes: Readonly<Record<string, string>>;
}
const data: CatalogData = catalogData;

const MAX_INPUT_LENGTH = 64;
const SAFE_INPUT = /^[A-Za-z0-9_-]+$/;
const FLORES_CODE = /^[a-z]{3}_[a-z]{4}$/i;
// RFC 5646 langtag (case-insensitive): language[-extlang][-Script][-REGION] then variants,
// extensions and private use, which are accepted but do not change the language group.
const LANGTAG =
  /^([a-z]{2,3})(?:-([a-z]{3}))?(?:-([a-z]{4}))?(?:-([a-z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*(?:-[a-wyz\d](?:-[a-z\d]{2,8})+)*(?:-x(?:-[a-z\d]{1,8})+)?$/i;
const HINT =
  'send a BCP-47 tag (fr-FR), an ISO 639-1 (fr) or ISO 639-3 (fra) code, or a FLORES-200 code (fra_Latn)';

interface Tag {
  readonly lang: string;
  readonly script?: string;
  readonly region?: string;
}

const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
const fail = (reason: string): NormalizedLanguage => ({ ok: false, reason });

/** Splits an already well-formed lang[-Script][-REGION] tag from the data file. */
function splitTag(tag: string): Tag {
  const [lang, ...rest] = tag.split('-');
  return {
    lang,
    script: rest.find((s) => s.length === 4),
    region: rest.find((s) => s.length !== 4),
  };
}

/**
 * The language catalog (FLORES-200 groups with ISO and BCP-47 codes) and the one normalizer that
 * turns whatever a client sends (BCP-47, ISO 639-1/2B/3, deprecated codes, FLORES codes) into a
 * catalog language. Lookup tables are built once, so normalize() is a few map hits.
 */
@Injectable()
export class LanguageCatalog {
  private readonly languages: readonly CatalogLanguage[];
  private readonly byCode = new Map<string, CatalogLanguage>();
  /** Canonical language subtag → script → entry (both the CLDR and the FLORES script name). */
  private readonly byLanguage = new Map<string, Map<string, CatalogLanguage>>();
  private readonly aliases = new Map<string, Tag>();
  private readonly likelyScripts = new Map(Object.entries(data.likelyScripts));
  private readonly excludedCodes = new Map<string, string>();
  private readonly languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
  private readonly scriptNames = new Intl.DisplayNames(['en'], { type: 'script' });

  constructor() {
    this.languages = Object.freeze(
      [...data.languages].sort((a, b) => (a.bcp47 < b.bcp47 ? -1 : a.bcp47 > b.bcp47 ? 1 : 0)),
    );
    for (const language of this.languages) {
      this.byCode.set(language.code.toLowerCase(), language);
      const tag = splitTag(language.bcp47);
      const scripts = this.byLanguage.get(tag.lang) ?? new Map<string, CatalogLanguage>();
      // kor_Hang is ko-Kore in CLDR: both script names lead to the entry.
      for (const s of [tag.script ?? this.likelyScript(tag), language.code.split('_')[1]]) {
        const taken = scripts.get(s);
        if (taken && taken !== language) {
          throw new Error(
            `Catalog data: ${taken.code} and ${language.code} share ${tag.lang}-${s}`,
          );
        }
        scripts.set(s, language);
      }
      this.byLanguage.set(tag.lang, scripts);
    }
    for (const [key, target] of Object.entries(data.aliases)) {
      this.aliases.set(key, splitTag(target));
    }
    for (const [code, why] of Object.entries(data.excludedCodes)) {
      this.excludedCodes.set(
        code.toLowerCase(),
        `'${code}' is a FLORES-200 code left out of this catalog because ${why}`,
      );
    }
  }

  /** Every catalog language, sorted by default BCP-47 locale. */
  all(): readonly CatalogLanguage[] {
    return this.languages;
  }

  /** The language with this FLORES-200 code (`fra_Latn`, any case), if the catalog has it. */
  findByCode(code: string): CatalogLanguage | undefined {
    return this.byCode.get(code.toLowerCase());
  }

  /** Resolves any accepted language input to its catalog language and default locale. */
  normalize(input: string): NormalizedLanguage {
    if (input.length === 0) return fail(`A language code is required; ${HINT}`);
    if (input.length > MAX_INPUT_LENGTH) {
      return fail(`A language code is at most ${MAX_INPUT_LENGTH} characters; ${HINT}`);
    }
    // Checked before the input is echoed back in any reason.
    if (!SAFE_INPUT.test(input)) {
      return fail(`A language code contains only letters, digits, '-' and '_'; ${HINT}`);
    }
    const byCode = this.findByCode(input);
    if (byCode) return { ok: true, language: byCode, locale: byCode.bcp47 };
    if (FLORES_CODE.test(input) && this.excludedCodes.has(input.toLowerCase())) {
      return fail(`${this.excludedCodes.get(input.toLowerCase())}; ${HINT}`);
    }

    const m = LANGTAG.exec(input.replace(/_/g, '-'));
    if (!m) return fail(`'${input}' is not a well-formed language code; ${HINT}`);
    // An extlang replaces its prefix (zh-yue is yue); aliases fill only missing subtags.
    const subtag = (m[2] ?? m[1]).toLowerCase();
    const alias = this.aliases.get(subtag);
    const tag: Tag = {
      lang: alias?.lang ?? subtag,
      script: m[3] ? titleCase(m[3]) : alias?.script,
      region: m[4]?.toUpperCase() ?? alias?.region,
    };
    const scripts = this.byLanguage.get(tag.lang);
    if (!scripts) return fail(`'${input}' is not a supported language; ${HINT}`);

    const script = tag.script ?? this.likelyScript(tag);
    const language = scripts.get(script);
    if (language) return { ok: true, language, locale: language.bcp47 };
    const offered = [...new Set(scripts.values())].map((l) => `${l.code} (${l.bcp47})`);
    return fail(
      `'${input}' asks for ${this.languageNames.of(tag.lang) ?? tag.lang} in ${
        this.scriptNames.of(script) ?? script
      } script, which is not supported; available: ${offered.join(', ')}`,
    );
  }

  /** True for accepted inputs that are not FLORES codes: the client should send `code` instead. */
  looksLikeIsoOrBcp47(input: string): boolean {
    return this.normalize(input).ok && !this.findByCode(input);
  }

  // CLDR likely script: the region's when it differs (zh-TW, az-IR), else the language's.
  private likelyScript({ lang, region }: Tag): string {
    const byRegion = region && this.likelyScripts.get(`${lang}-${region}`);
    return byRegion || (this.likelyScripts.get(lang) ?? '');
  }
}
