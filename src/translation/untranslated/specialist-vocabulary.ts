import { readFileSync } from 'node:fs';
import { Logger } from '@nestjs/common';

/** Debian hunspell-en-med (OpenMedSpel): ~90,000 medical words, drugs included. */
export const MEDICAL_WORDS_FILE = '/usr/share/hunspell/en_med_glut.dic';
/** Debian wamerican: ~100,000 words of general American English. */
export const GENERAL_WORDS_FILE = '/usr/share/dict/american-english';

/**
 * A spelling key shared by a drug's names across en/es/fr/pt/it: lowercase, no accents, no doubled
 * letters, no final vowels. "amoxicillin", "amoxicilina", "amoxicilline" and "amoxicillina" all
 * give "amoxicilin"; "paracétamol" and "paracetamolo" give "paracetamol".
 */
export function spellingKey(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/(\p{L})\1+/gu, '$1')
    .replace(/[aeiou]+$/, '');
}

/** Keys shorter than this match too much by chance ("cofre" and "cofer" are not drugs). */
const MIN_KEY_LENGTH = 5;

/** The words of a hunspell .dic (first line: the count; `word/FLAGS`) or a plain list. */
function readWords(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.split('/')[0].trim())
    .filter((word) => word !== '' && !/^\d+$/.test(word));
}

/**
 * Specialist medical vocabulary: words of the medical dictionary that a general dictionary does
 * not have (warfarin, metformin, dyspnea, salbutamol…), matched across the five languages by
 * spelling key. A word an engine could not translate is kept without a warning when it is one
 * of these: a clinician recognises a drug's name in any of the five languages.
 */
export class SpecialistVocabulary {
  private static readonly logger = new Logger(SpecialistVocabulary.name);
  private keys?: ReadonlySet<string>;

  /** `load` builds the keys on first use: ~0.2 s, paid only once a word goes untranslated. */
  constructor(private readonly load: () => ReadonlySet<string>) {}

  static fromWordLists(
    medical: readonly string[],
    general: readonly string[],
  ): SpecialistVocabulary {
    return new SpecialistVocabulary(() => {
      const common = new Set(general.map((word) => word.toLowerCase()));
      return new Set(
        medical
          .filter((word) => !common.has(word.toLowerCase()))
          .map(spellingKey)
          .filter((key) => key.length >= MIN_KEY_LENGTH),
      );
    });
  }

  /** Debian's lists; without them (not installed) every untranslated word is reported. */
  static fromDebian(
    medicalFile = MEDICAL_WORDS_FILE,
    generalFile = GENERAL_WORDS_FILE,
  ): SpecialistVocabulary {
    return new SpecialistVocabulary(() => {
      try {
        const lists = SpecialistVocabulary.fromWordLists(
          readWords(medicalFile),
          readWords(generalFile),
        );
        return lists.load();
      } catch {
        SpecialistVocabulary.logger.warn(
          `${medicalFile} or ${generalFile} is missing: run npm run setup (Debian packages hunspell-en-med, wamerican); until then drug names left untranslated are reported too`,
        );
        return new Set();
      }
    });
  }

  get size(): number {
    return this.vocabulary().size;
  }

  has(word: string): boolean {
    const key = spellingKey(word);
    return key.length >= MIN_KEY_LENGTH && this.vocabulary().has(key);
  }

  private vocabulary(): ReadonlySet<string> {
    this.keys ??= this.load();
    return this.keys;
  }
}
