import { PHRASE_LANGUAGES, type PhraseLanguage } from './phrase-language.js';
import { TARGET_LANGUAGES, type TargetLanguage } from './targets/target-language.js';
import type { EntryOrigin, PhraseEntry } from './phrase-entry.js';
import { PhraseTemplate, TemplateError } from './template/phrase-template.js';
import type { YamlSource } from './yaml-source.js';
import { PhrasebookError } from './phrasebook-error.js';

/** An entry as a file writes it: complete in the built-in data, partial in a hospital's overlay. */
export interface WrittenEntry {
  readonly id: string;
  readonly domain: string;
  readonly texts: Partial<Record<PhraseLanguage, PhraseTemplate>>;
  readonly also: Partial<Record<PhraseLanguage, PhraseTemplate[]>>;
  readonly plain: Partial<Record<PhraseLanguage, PhraseTemplate>>;
  readonly reviewedBy?: string;
  /**
   * A hospital's texts in languages the phrasebook only writes to (issue 32), as written: their
   * syntax is the target language's (targets/target-template.ts).
   */
  readonly targets: Partial<Record<TargetLanguage, string>>;
  readonly file: string;
  readonly line: number;
}

const ID = /^[a-z0-9_-]+\.[a-z0-9_-]+$/;
const KEYS = new Set([
  'id',
  'reviewed_by',
  'also',
  'plain',
  ...PHRASE_LANGUAGES,
  ...TARGET_LANGUAGES,
]);

/** The entries of one phrasebook file (data/<domain>.yaml or PHRASEBOOK_FILE), checked for form. */
export function readPhraseFile(source: YamlSource): WrittenEntry[] {
  const data = source.data as { domain?: unknown; phrases?: unknown } | null;
  if (!data || typeof data !== 'object') {
    throw source.error(
      [],
      'a phrasebook file is a map with "phrases" (see src/translation/phrasebook/data/README.md).',
    );
  }
  const domain = typeof data.domain === 'string' ? data.domain : 'hospital';
  if (!Array.isArray(data.phrases))
    throw source.error(['phrases'], '"phrases" must be a list of entries.');
  return data.phrases.map((raw: unknown, index: number) => {
    const at = ['phrases', index];
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      throw source.error(at, 'each phrase is a map with "id" and its texts by language.');
    }
    const entry = raw as Record<string, unknown>;
    for (const key of Object.keys(entry)) {
      if (!KEYS.has(key)) {
        throw source.error([...at, key], `unknown key "${key}" (keys: ${[...KEYS].join(', ')}).`);
      }
    }
    if (typeof entry.id !== 'string' || !ID.test(entry.id)) {
      throw source.error(
        [...at, 'id'],
        'each phrase needs an "id" like "pain.where" (lowercase letters, digits, _ and -, one dot).',
      );
    }
    const template = (path: (string | number)[], text: unknown, what: string): PhraseTemplate => {
      if (typeof text !== 'string' || text.trim() === '') {
        throw source.error(path, `${entry.id as string}: ${what} must be a non-empty text.`);
      }
      try {
        return new PhraseTemplate(text.trim());
      } catch (error) {
        if (error instanceof TemplateError)
          throw source.error(path, `${entry.id as string}: ${error.message}`);
        throw error;
      }
    };
    const texts: WrittenEntry['texts'] = {};
    const also: WrittenEntry['also'] = {};
    const plain: WrittenEntry['plain'] = {};
    for (const language of PHRASE_LANGUAGES) {
      if (entry[language] !== undefined) {
        texts[language] = template([...at, language], entry[language], language);
      }
    }
    for (const key of ['also', 'plain'] as const) {
      const group = entry[key];
      if (group === undefined) continue;
      if (!group || typeof group !== 'object' || Array.isArray(group)) {
        throw source.error(
          [...at, key],
          `${entry.id}: "${key}" is a map from language to ${key === 'also' ? 'a list of texts' : 'a text'}.`,
        );
      }
      for (const [language, value] of Object.entries(group as Record<string, unknown>)) {
        if (!(PHRASE_LANGUAGES as readonly string[]).includes(language)) {
          throw source.error(
            [...at, key, language],
            `${entry.id}: unknown language "${language}" (languages: ${PHRASE_LANGUAGES.join(', ')}).`,
          );
        }
        const lang = language as PhraseLanguage;
        if (key === 'plain') {
          plain[lang] = template([...at, key, language], value, `plain.${language}`);
        } else {
          if (!Array.isArray(value)) {
            throw source.error(
              [...at, key, language],
              `${entry.id}: also.${language} must be a list of texts.`,
            );
          }
          also[lang] = value.map((text, i) =>
            template([...at, key, language, i], text, `also.${language}`),
          );
        }
      }
    }
    const targets: WrittenEntry['targets'] = {};
    for (const language of TARGET_LANGUAGES) {
      const text = entry[language];
      if (text === undefined) continue;
      if (typeof text !== 'string' || text.trim() === '') {
        throw source.error([...at, language], `${entry.id}: ${language} must be a non-empty text.`);
      }
      targets[language] = text.trim();
    }
    const reviewed = entry.reviewed_by;
    if (reviewed !== undefined && (typeof reviewed !== 'string' || reviewed.trim() === '')) {
      throw source.error(
        [...at, 'reviewed_by'],
        `${entry.id}: reviewed_by names who reviewed the entry, e.g. "J. Doe, certified medical interpreter, 2026-11".`,
      );
    }
    return {
      id: entry.id,
      domain,
      texts,
      also,
      plain,
      reviewedBy: typeof reviewed === 'string' ? reviewed.trim() : undefined,
      targets,
      file: source.file,
      // Found only when an error or a check names it: locating nodes costs a second parse.
      get line() {
        return source.lineOf(at);
      },
    };
  });
}

/** A complete entry from a written one; a missing language is an error at the entry's line. */
export function completeEntry(written: WrittenEntry, source: string): PhraseEntry {
  const missing = PHRASE_LANGUAGES.filter((l) => !written.texts[l]);
  if (missing.length > 0) {
    throw new PhrasebookError(
      written.file,
      written.line,
      `${written.id}: no text in ${missing.join(', ')} (every phrase is written in ${PHRASE_LANGUAGES.join(', ')}).`,
    );
  }
  const texts = written.texts as Record<PhraseLanguage, PhraseTemplate>;
  const also = Object.fromEntries(
    PHRASE_LANGUAGES.map((l) => [l, written.also[l] ?? []]),
  ) as Record<PhraseLanguage, PhraseTemplate[]>;
  return {
    id: written.id,
    domain: written.domain,
    texts,
    also,
    plain: written.plain,
    slots: texts.en.slots,
    reviewedBy: written.reviewedBy,
    source,
    origin: originOf(written),
  };
}

/** Where `written` was written; its line is looked up only when read (see readPhraseFile). */
export function originOf(written: WrittenEntry): EntryOrigin {
  return {
    file: written.file,
    get line() {
      return written.line;
    },
  };
}
