import { describe, expect, it } from '@jest/globals';
import { forBothParties } from './both-parties';
import { ENGLISH, type PhraseKey } from './english';
import { directionOf, hasPhrasebook, phrase } from './phrasebook';
import { TABLES, tableCodeOf } from './tables';

const KEYS = Object.keys(ENGLISH) as PhraseKey[];
const CODES = Object.keys(TABLES);

/**
 * Phrases a table may write exactly as English does, where the same word is what that language
 * uses (e.g. "OK"), by table. None is needed today; add one here with its reason, never to let a
 * forgotten translation pass.
 */
const SAME_AS_ENGLISH_ALLOWED: Readonly<Record<string, readonly PhraseKey[]>> = {};

/** Tables in a script written right to left. */
const RIGHT_TO_LEFT = ['ar', 'fa', 'ur'];
const ARABIC_SCRIPT = ['ar', 'fa', 'ur'];
const CHINESE = ['zh-Hans', 'zh-Hant'];

/**
 * The languages a session can use with the embedded engines: GET /languages of the service
 * started with its defaults (Apertium pairs with a voice) lists en-US, es-ES, fr-FR, it-IT and
 * pt-BR. Each must have its table.
 */
const EMBEDDED_ENGINE_LOCALES = ['es-ES', 'fr-FR', 'it-IT', 'pt-BR'];

const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
/** A sentence's end, in the scripts of the tables: . 。 ۔ (Urdu) । (Devanagari, Bengali). */
const SENTENCE_END = /[.。۔।]$/u;

describe.each(CODES)('the %s table', (code) => {
  const table = TABLES[code];
  const entries = KEYS.map((key) => [key, table.phrases[key] ?? ''] as const);

  it('translates every phrase of the English table, and no other', () => {
    expect(Object.keys(table.phrases).sort()).toEqual([...KEYS].sort());
    for (const [key, text] of entries)
      expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
  });

  it('keeps exactly the placeholders of the English', () => {
    for (const [key, text] of entries) {
      expect({ key, placeholders: placeholders(text) }).toEqual({
        key,
        placeholders: placeholders(ENGLISH[key]),
      });
    }
  });

  it('is not the English text left as it is', () => {
    const allowed = SAME_AS_ENGLISH_ALLOWED[code] ?? [];
    const same = entries.filter(([key, text]) => text === ENGLISH[key] && !allowed.includes(key));
    expect(same.map(([key]) => key)).toEqual([]);
  });

  it('has no leading or trailing spaces, and no doubled ones', () => {
    for (const [key, text] of entries) {
      expect({ key, text, spaced: /^\s|\s$|\s\s/u.test(text) }).toMatchObject({ spaced: false });
    }
  });

  it('keeps the ellipsis "…" (never three dots) and ends sentences as the English does', () => {
    for (const [key, text] of entries) {
      const english = ENGLISH[key];
      expect({ key, text, dots: text.includes('...') }).toMatchObject({ dots: false });
      expect({ key, text, ellipsis: text.endsWith('…') }).toMatchObject({
        ellipsis: english.endsWith('…'),
      });
      expect({ key, text, sentence: SENTENCE_END.test(text) }).toMatchObject({
        sentence: SENTENCE_END.test(english),
      });
    }
  });

  it('is marked right to left exactly when its script is', () => {
    expect(table.rtl === true).toBe(RIGHT_TO_LEFT.includes(code));
    expect(phrase(code, 'end.thanks')).toMatchObject({
      lang: code,
      dir: RIGHT_TO_LEFT.includes(code) ? 'rtl' : 'ltr',
      fallback: false,
    });
  });

  it('writes its own punctuation and letters', () => {
    const all = entries.map(([, text]) => text).join('\n');
    if (ARABIC_SCRIPT.includes(code)) {
      // The Arabic comma and question mark, not the Latin ones.
      expect(all).not.toMatch(/[,?;]/);
    }
    if (code === 'fa' || code === 'ur') {
      // Persian and Urdu yeh and keheh (ی ک), not the Arabic letters (ي ك).
      expect(all).not.toMatch(/[\u064A\u0643]/u);
    }
    if (CHINESE.includes(code)) {
      // Full-width punctuation.
      expect(all).not.toMatch(/[,.:;?!]/);
    }
    if (code === 'ro') {
      // ș and ț with the comma below, not the cedilla.
      expect(all).not.toMatch(/[şţŞŢ]/u);
    }
  });
});

describe('the tables', () => {
  it('cover every language a session can use with the embedded engines', () => {
    for (const locale of EMBEDDED_ENGINE_LOCALES)
      expect([locale, hasPhrasebook(locale)]).toEqual([locale, true]);
  });

  it('cover the languages most often interpreted at the bedside', () => {
    const wanted = [
      'es',
      'ar',
      'zh-CN',
      'zh-TW',
      'vi',
      'ru',
      'pt',
      'fr',
      'ht',
      'pl',
      'tr',
      'uk',
      'ro',
    ];
    wanted.push('it', 'de', 'fa', 'ko', 'fil', 'tl', 'hi', 'bn', 'ur');
    expect(wanted.filter((locale) => !hasPhrasebook(locale))).toEqual([]);
  });

  it('mark Arabic, Persian and Urdu right to left', () => {
    for (const locale of ['ar-EG', 'fa-IR', 'ur-PK']) {
      expect([locale, directionOf(locale), phrase(locale, 'status.speakNow').dir]).toEqual([
        locale,
        'rtl',
        'rtl',
      ]);
    }
  });

  it('find a table by language, and Chinese by script', () => {
    expect(
      ['es-MX', 'pt-PT', 'fil-PH', 'tl', 'zh', 'zh-CN', 'zh-SG', 'zh-Hans-HK'].map(tableCodeOf),
    ).toEqual(['es', 'pt', 'fil', 'fil', 'zh-Hans', 'zh-Hans', 'zh-Hans', 'zh-Hans']);
    expect(['zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant', 'zh-Hant-CN'].map(tableCodeOf)).toEqual(
      Array(5).fill('zh-Hant'),
    );
    expect(phrase('zh-TW', 'end.thanks')).toMatchObject({ text: '謝謝。', lang: 'zh-Hant' });
    expect(phrase('zh-CN', 'end.thanks')).toMatchObject({ text: '谢谢。', lang: 'zh-Hans' });
  });

  it('fall back to English, visibly, for a language without a table (Zulu)', () => {
    expect(hasPhrasebook('zu-ZA')).toBe(false);
    expect(phrase('zu', 'status.speakNow')).toEqual({
      text: 'Speak now',
      lang: 'en',
      dir: 'ltr',
      fallback: true,
    });
    // A language read right to left without a table is shown in English, left to right.
    expect(phrase('he-IL', 'end.thanks')).toMatchObject({ lang: 'en', dir: 'ltr', fallback: true });
    // Nothing of Object.prototype is taken for a table.
    expect(hasPhrasebook('constructor')).toBe(false);
    expect(phrase('toString', 'end.thanks')).toMatchObject({ text: 'Thank you.', fallback: true });
  });

  it('give the parties a line each, the patient first', () => {
    expect(forBothParties({ medic: 'en-US', patient: 'ar-EG' }, 'status.speakNow')).toEqual([
      { text: 'يمكنك التحدث الآن', lang: 'ar', dir: 'rtl', fallback: false },
      { text: 'Speak now', lang: 'en', dir: 'ltr', fallback: false },
    ]);
  });
});
