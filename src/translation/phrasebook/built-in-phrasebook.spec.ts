import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PHRASE_LANGUAGES } from './phrase-language.js';
import { Phrasebook } from './phrasebook.js';
import { type Item, SentenceValues, slotWord } from './sentence-values.js';
import { UtteranceNormalizer } from './text/utterance-normalizer.js';

/** The domains the phrasebook must cover (issue 31, item 1), by the name of their file. */
const DOMAINS = [
  'reception',
  'visit-reason',
  'pain',
  'chest',
  'abdomen',
  'head',
  'back',
  'urinary',
  'skin',
  'breathing',
  'fever',
  'medication',
  'past-history',
  'family-social',
  'pregnancy',
  'paediatrics',
  'examination',
  'tests',
  'results',
  'treatment',
  'discharge',
  'consent',
  'emergencies',
];

const ROOT = join(import.meta.dirname, '../../..');

/** A reading as text: each word, value (with the words that named it) or variable. */
const itemsKey = (items: readonly Item[]) =>
  items
    .map((item) =>
      item.kind === 'word'
        ? item.word
        : item.kind === 'slot'
          ? `$${item.type}`
          : `{${item.value.id}:${item.words?.join(' ')}}`,
    )
    .join(' ');

describe('the built-in phrasebook', () => {
  const phrasebook = Phrasebook.cached();

  it('passes the consistency check: every language, the same variables, no empty or duplicate entry', () => {
    expect(phrasebook.problems()).toEqual([]);
  });

  it('writes no mark of the data (|m, |f, |pl) into a value the patient reads', () => {
    const marked = phrasebook.lexicon.all().flatMap((value) =>
      PHRASE_LANGUAGES.flatMap((language) =>
        Object.values(value.languages[language].forms)
          .filter((text) => text.includes('|'))
          .map((text) => `${value.type}:${value.id} ${language} "${text}"`),
      ),
    );
    expect(marked).toEqual([]);
  });

  it('writes the contractions each language requires where a phrase meets a value', () => {
    const uncontracted: Record<string, RegExp> = {
      es: /(?<!\p{L})(de|a) el(?!\p{L})/iu,
      fr: /(?<!\p{L})((de|à) (le|les)|(de|que) (?!oui|onze)[aeiouéèêàâîôû])(?!\p{L})/iu,
      'pt-BR': /(?<!\p{L})(de|em) (o|a|os|as)(?!\p{L})/iu,
      it: /(?<!\p{L})(di|a|in|da|su) (il|lo|la|i|gli|le)(?!\p{L})/iu,
    };
    const values = phrasebook.lexicon.all();
    const found: string[] = [];
    for (const entry of phrasebook.entries.values()) {
      for (let k = 0; k < 3 && entry.slots.length > 0; k++) {
        // The k-th value of each type, spread over the list.
        const filled = new Map(
          entry.slots.map((type) => {
            const ofType = values.filter((v) => v.type === type);
            return [type, ofType[(k * 37 + 3) % ofType.length]] as const;
          }),
        );
        for (const language of PHRASE_LANGUAGES) {
          const text = entry.texts[language].render(language, filled, 'female');
          if (uncontracted[language]?.test(text)) found.push(`${entry.id} ${language}: ${text}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('holds at least 1,000 canonical sentences, in every domain, each in the five languages', () => {
    const entries = [...phrasebook.entries.values()];
    expect(entries.length).toBeGreaterThanOrEqual(1000);
    const domains = new Set(entries.map((e) => e.domain));
    expect(DOMAINS.filter((d) => !domains.has(d))).toEqual([]);
    for (const entry of entries) {
      for (const language of PHRASE_LANGUAGES) expect(entry.texts[language].source).not.toBe('');
    }
  });

  it('reads each wording straight through as the first of its segmentations (SentenceValues.items)', () => {
    const differ: string[] = [];
    let read = 0;
    PHRASE_LANGUAGES.forEach((language, index) => {
      const normalizer = new UtteranceNormalizer(language);
      const values = new SentenceValues(language, phrasebook.lexicon, normalizer);
      // Every third entry, a different third in each language: every entry in some language.
      const entries = [...phrasebook.entries.values()];
      for (const entry of entries.filter((_, i) => i % 3 === index % 3)) {
        for (const template of [entry.texts[language], ...entry.also[language]]) {
          // As the matcher reads it (LanguageMatcher.add): variables as slot words.
          const text = template.render(language, new Map(), undefined, slotWord);
          const [first] = values.segmentations(normalizer.words(text), 1);
          read++;
          if (itemsKey(values.items(text)) !== itemsKey(first))
            differ.push(`${entry.id} ${language} "${text}"`);
        }
      }
    });
    expect(read).toBeGreaterThan(4_000);
    expect(differ).toEqual([]);
  });

  it('matches each canonical sentence and each other wording, in each language, to its phrase', () => {
    const misses: string[] = [];
    for (const entry of phrasebook.entries.values()) {
      if (entry.slots.length > 0) continue;
      for (const language of PHRASE_LANGUAGES) {
        for (const template of [entry.texts[language], ...entry.also[language]]) {
          const text = template.source.replace(/<([^|>]*)\|[^>]*>/g, '$1');
          const outcome = phrasebook.match(text, language);
          if (!outcome.matched || outcome.match.entry.id !== entry.id)
            misses.push(`${entry.id} ${language} "${text}"`);
        }
      }
    }
    expect(misses).toEqual([]);
  });

  it('matches each wording with variables, filled with values of each type, to its phrase and values', () => {
    const misses: string[] = [];
    for (const entry of phrasebook.entries.values()) {
      if (entry.slots.length === 0) continue;
      // Three values of each type, spread over its list (sided body parts, numbers, drugs …).
      for (const k of [0, 1, 2]) {
        const values = new Map(
          entry.slots.map((type) => {
            const list = phrasebook.lexicon.values(type);
            return [type, list[(k * 7 + 3) % list.length]] as const;
          }),
        );
        for (const language of PHRASE_LANGUAGES) {
          for (const template of [entry.texts[language], ...entry.also[language]]) {
            const text = template.render(language, values, 'female');
            const outcome = phrasebook.match(text, language);
            const same =
              outcome.matched &&
              outcome.match.entry.id === entry.id &&
              [...values].every(([type, value]) => outcome.match.values.get(type) === value);
            // A phrase without variables that says the same words is preferred, and right.
            const literal = outcome.matched && outcome.match.entry.slots.length === 0;
            if (!same && !literal) misses.push(`${entry.id} ${language} "${text}"`);
          }
        }
      }
    }
    expect(misses).toEqual([]);
  });

  it('has a check script that names the file and line of a problem and fails (npm run phrasebook:check)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'phrasebook-check-'));
    const file = join(dir, 'phrases.yaml');
    writeFileSync(file, 'phrases:\n  - id: hospital.new\n    en: "Sit here."\n');
    try {
      const run = spawnSync(
        join(ROOT, 'node_modules/.bin/tsx'),
        [join(ROOT, 'tools/phrasebook-check/check-phrasebook.ts'), file],
        { encoding: 'utf8' },
      );
      expect(run.status).toBe(1);
      expect(run.stdout).toContain(`${file}:2: hospital.new: no text in es, fr, pt-BR, it`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
