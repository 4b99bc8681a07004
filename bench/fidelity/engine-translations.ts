/**
 * The embedded engine's own translations of the development set, the material of the fidelity
 * score's real errors: for each entry, two of the twenty directions between the five languages
 * (chosen by a hash of its id, so each direction gets about 32 entries and every run the same
 * ones), translated through TranslationService with the patient's gender, as a session does.
 * Translations the service withholds (a number changed) never reach anyone and are left out.
 */
import { EngineOutputRejectedError } from '../../src/common/errors/engine.errors.js';
import {
  DEVSET_LANGUAGES,
  type DevsetEntry,
  type DevsetLanguage,
} from '../translation-quality/devset.js';
import {
  type EmbeddedTranslation,
  entryGenders,
} from '../translation-quality/embedded-translation.js';
import { hashOf } from './seeded-random.js';

export const DIRECTIONS: readonly (readonly [DevsetLanguage, DevsetLanguage])[] =
  DEVSET_LANGUAGES.flatMap((from) =>
    DEVSET_LANGUAGES.filter((to) => to !== from).map((to) => [from, to] as const),
  );

/** One translation of an entry, as the engine wrote it. */
export interface EngineTranslation {
  /** `core-001 en>es`: what a judgement is filed under. */
  readonly key: string;
  readonly id: string;
  readonly from: DevsetLanguage;
  readonly to: DevsetLanguage;
  readonly source: string;
  /** The development set's translation, for the judge to compare with. */
  readonly reference: string;
  readonly translation: string;
  /** Words the engine left untranslated (TranslationService's `untranslated`). */
  readonly untranslated: readonly string[];
}

/** The two directions of an entry (7 apart, so they rarely share a language pair). */
export function directionsOf(id: string): (readonly [DevsetLanguage, DevsetLanguage])[] {
  const first = hashOf(id) % DIRECTIONS.length;
  return [DIRECTIONS[first], DIRECTIONS[(first + 7) % DIRECTIONS.length]];
}

/** The engine's translations of `entries` in their two directions each. */
export async function engineTranslations(
  entries: readonly DevsetEntry[],
  embedded: EmbeddedTranslation,
): Promise<EngineTranslation[]> {
  const out: EngineTranslation[] = [];
  for (const entry of entries) {
    for (const [from, to] of directionsOf(entry.id)) {
      try {
        const { text, untranslated } = await embedded.service.translateChecked(
          entry[from].text,
          embedded.language(from),
          embedded.language(to),
          entryGenders(entry),
        );
        out.push({
          key: `${entry.id} ${from}>${to}`,
          id: entry.id,
          from,
          to,
          source: entry[from].text,
          reference: entry[to].text,
          translation: text,
          untranslated,
        });
      } catch (error) {
        if (!(error instanceof EngineOutputRejectedError)) throw error;
      }
    }
  }
  return out;
}

/**
 * The same translation for a judgement's purpose: Spanish opening marks, spacing and case of the
 * first letter do not change what a sentence means, so a judgement survives them.
 */
export function sameForJudging(a: string, b: string): boolean {
  const norm = (text: string) =>
    text.normalize('NFC').replace(/[¿¡]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
  return norm(a) === norm(b);
}
