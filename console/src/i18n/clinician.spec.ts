import { afterEach, describe, expect, it } from '@jest/globals';
import { clinicianLang, say, setClinicianLanguage } from './clinician';
import { CLINICIAN_ENGLISH, type ClinicianKey } from './clinician-english';
import { CLINICIAN_TABLES } from './clinician-tables';

const KEYS = Object.keys(CLINICIAN_ENGLISH) as ClinicianKey[];
const CODES = Object.keys(CLINICIAN_TABLES);

/**
 * Phrases a table may write exactly as English does, where that language uses the same words,
 * by table, with the reason; never to let a forgotten translation pass.
 */
const SAME_AS_ENGLISH_ALLOWED: Readonly<Record<string, readonly ClinicianKey[]>> = {
  es: ['speed.normal'], // "Normal (1×)"
  pt: ['speed.normal'],
  fr: ['start.options', 'start.adolescent', 'role.patient'], // "Options", "Adolescent", "Patient": the French words
};

const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

describe.each(CODES)('the clinician’s %s table', (code) => {
  const table = CLINICIAN_TABLES[code];
  const entries = KEYS.map((key) => [key, table[key] ?? ''] as const);

  it('translates every phrase of the English table, and no other', () => {
    expect(Object.keys(table).sort()).toEqual([...KEYS].sort());
    for (const [key, text] of entries)
      expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
  });

  it('keeps exactly the placeholders of the English', () => {
    for (const [key, text] of entries) {
      expect({ key, placeholders: placeholders(text) }).toEqual({
        key,
        placeholders: placeholders(CLINICIAN_ENGLISH[key]),
      });
    }
  });

  it('is not the English text left as it is', () => {
    const allowed = SAME_AS_ENGLISH_ALLOWED[code] ?? [];
    const same = entries.filter(
      ([key, text]) => text === CLINICIAN_ENGLISH[key] && !allowed.includes(key),
    );
    expect(same.map(([key]) => key)).toEqual([]);
  });

  it('has no leading, trailing or doubled spaces, and keeps "…" and the sentences’ ends', () => {
    for (const [key, text] of entries) {
      const english = CLINICIAN_ENGLISH[key];
      expect({ key, text, spaced: /^\s|\s$|\s\s/u.test(text) }).toMatchObject({ spaced: false });
      expect({ key, text, dots: text.includes('...') }).toMatchObject({ dots: false });
      expect({ key, text, ellipsis: text.endsWith('…') }).toMatchObject({
        ellipsis: english.endsWith('…'),
      });
      expect({ key, text, sentence: text.endsWith('.') }).toMatchObject({
        sentence: english.endsWith('.'),
      });
    }
  });
});

describe('say', () => {
  afterEach(() => setClinicianLanguage('en-US'));

  it('speaks English to an English-speaking clinician, exactly as the page always did', () => {
    setClinicianLanguage('en-US');
    expect(clinicianLang()).toBe('en');
    expect(say('start.button')).toBe('Start the conversation');
    expect(say('role.medic')).toBe('Medic');
  });

  it('speaks the clinician’s language, by its primary subtag, with the values filled in', () => {
    setClinicianLanguage('pt-BR');
    expect(clinicianLang()).toBe('pt');
    expect(say('card.sentence', { number: 3 })).toBe('frase 3');
    setClinicianLanguage('es-MX');
    expect(say('suggest.notSent', { language: 'vietnamita' })).toBe(
      'No se envió al paciente: ninguna frase preparada en vietnamita dice esto.',
    );
  });

  it('falls back to English for a clinician in another language', () => {
    setClinicianLanguage('zu-ZA');
    expect(clinicianLang()).toBe('en');
    expect(say('mic.on')).toBe('Microphone on');
    setClinicianLanguage('constructor');
    expect(say('mic.off')).toBe('Microphone off');
  });
});
