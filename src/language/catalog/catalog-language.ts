/** One translation language of the catalog: a FLORES-200 language group and its locales. */
export interface CatalogLanguage {
  /** FLORES-200 code, e.g. `fra_Latn`: the opaque `code` clients send to translate. */
  readonly code: string;
  /** The group's default BCP-47 locale, e.g. `fr-FR`. */
  readonly bcp47: string;
  /** ISO 639-1 code, e.g. `fr`. */
  readonly iso6391: string;
  /** ISO 639-3 code paired with the ISO 639-1 code (macrolanguage where there is one), e.g. `ara`. */
  readonly iso6393: string;
  /** English display name, e.g. `French`, `Chinese (Traditional)`. */
  readonly name: string;
  /** Other regional locales of this group, e.g. `fr-CA`, `fr-BE`; never the default. */
  readonly regionalLocales: readonly string[];
}

/** What the normalizer makes of a language input (BCP-47, ISO 639-1, ISO 639-3 or FLORES code). */
export type NormalizedLanguage =
  | { readonly ok: true; readonly language: CatalogLanguage; readonly locale: string }
  | { readonly ok: false; readonly reason: string };
