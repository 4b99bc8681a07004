/**
 * Which espeak-ng voice speaks which catalog language: the pure part of the espeak-ng voice list
 * (parsing `espeak-ng --voices` and choosing one voice per ISO 639-1 code). The engine then
 * checks every candidate by synthesizing a sample (espeak-ng.engine.ts).
 */

/** One line of `espeak-ng --voices`. */
export interface EspeakVoiceEntry {
  /** Priority of the voice for its language (lower is preferred). */
  readonly priority: number;
  /** The language the voice is for, lowercase, e.g. `en-us`, `fr-fr`, `cmn`. */
  readonly language: string;
  readonly name: string;
  /**
   * The voice file, e.g. `gmw/en-US`: the identifier passed to `-v`. Unlike the language name, it
   * always takes a `+variant` (espeak-ng 1.51 ignores `fr-fr+f3` but honours `roa/fr+f3`).
   */
  readonly file: string;
  /** Other languages the voice speaks, with their priority, e.g. `[['zh', 5]]`. */
  readonly otherLanguages: readonly (readonly [string, number])[];
}

/** A candidate voice of one catalog language. */
export interface EspeakCandidate {
  /** ISO 639-1 code, e.g. `en`. */
  readonly language: string;
  /** The voice file for `-v`, e.g. `gmw/en-US`. */
  readonly file: string;
}

/** What the catalog tells about one of its languages. */
export interface CatalogSpeechLanguage {
  readonly iso6391: string;
  /** Default BCP-47 locale of the language, e.g. `en-US`. */
  readonly bcp47: string;
  /** English name, e.g. `Guarani`: the probe's text when ICU has no words of the language. */
  readonly name: string;
}

/**
 * Languages left out although espeak-ng 1.51 has a voice for them and a sample produces audio,
 * because it reads their script wrongly. Checked by reading the phonemes espeak-ng produces
 * (`espeak-ng -x`) for everyday words: a medical sentence would come out unintelligible.
 */
export const POORLY_SPOKEN: Readonly<Record<string, string>> = {
  th: 'Thai: no word segmentation; vowels and tones of common words come out wrong',
  my: 'Burmese: vowels and tones are dropped (မြန်မာ is read "mrn mts")',
};

/** Parses the table printed by `espeak-ng --voices`. Lines that do not parse are skipped. */
export function parseEspeakVoices(listing: string): EspeakVoiceEntry[] {
  const entries: EspeakVoiceEntry[] = [];
  for (const line of listing.split('\n').slice(1)) {
    const [priority, language, , name, file] = line.trim().split(/\s+/);
    if (!file || !/^\d+$/.test(priority)) continue;
    const otherLanguages = [...line.matchAll(/\(([A-Za-z0-9-]+) (\d+)\)/g)].map(
      (match) => [match[1].toLowerCase(), Number(match[2])] as const,
    );
    entries.push({
      priority: Number(priority),
      language: language.toLowerCase(),
      name,
      file,
      otherLanguages,
    });
  }
  return entries;
}

/**
 * One espeak-ng voice per catalog language (ISO 639-1), sorted by code. For a language `xx` whose
 * default locale is `xx-YY`, the voice chosen is, in order:
 * 1. the voice for `xx-yy` (the catalog's default locale: `en-us`, `fr-fr`, `pt-br`);
 * 2. the voice for `xx` (`es`, `de`);
 * 3. the voice listing `xx` among its other languages with the lowest priority (`zh` → `cmn`).
 * Languages in POORLY_SPOKEN are left out.
 */
export function chooseEspeakVoices(
  entries: readonly EspeakVoiceEntry[],
  languages: readonly CatalogSpeechLanguage[],
): EspeakCandidate[] {
  const candidates = new Map<string, EspeakCandidate>();
  for (const { iso6391: code, bcp47 } of languages) {
    if (candidates.has(code) || POORLY_SPOKEN[code] || !/^[a-z]{2}$/.test(code)) continue;
    const locale = bcp47.toLowerCase();
    const byLocale = entries.find((entry) => entry.language === locale);
    const byCode = entries.find((entry) => entry.language === code);
    const priority = (entry: EspeakVoiceEntry) =>
      entry.otherLanguages.find(([other]) => other === code)?.[1] ?? Infinity;
    const byAlias = entries
      .filter((entry) => priority(entry) < Infinity)
      .sort((a, b) => priority(a) - priority(b))[0];
    const entry = byLocale ?? byCode ?? byAlias;
    if (entry) candidates.set(code, { language: code, file: entry.file });
  }
  return [...candidates.values()].sort((a, b) => a.language.localeCompare(b.language));
}

/**
 * Everyday words of a language in its own script, from the ICU data Node.js ships: the language's
 * own name and the names of a few languages and countries. Undefined when ICU has no data for the
 * language (it would answer in English).
 */
export function sampleText(code: string): string | undefined {
  const language = new Intl.DisplayNames([code], { type: 'language', fallback: 'none' });
  if (language.resolvedOptions().locale.split('-')[0] !== code) return undefined;
  const region = new Intl.DisplayNames([code], { type: 'region', fallback: 'none' });
  const words = [
    language.of(code),
    language.of('en'),
    language.of('fr'),
    region.of('DE'),
    region.of('JP'),
  ];
  return words.filter((word): word is string => Boolean(word)).join(', ');
}

/** Whether espeak-ng's phoneme transcript (`-x`) switched to another language, e.g. `(en)`. */
export function switchesLanguage(phonemes: string): boolean {
  return /\([a-z]{2,3}(-[a-z0-9]+)*\)/i.test(phonemes);
}
