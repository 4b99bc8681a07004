import { describe, expect, it } from '@jest/globals';
import { fixturePhrasebook } from '../../../../test/support/phrasebook.fixture.js';
import type { PhraseMatch } from '../phrase-matcher.js';
import { PhrasebookError } from '../phrasebook-error.js';
import { alternativeValue } from '../values/alternative-values.js';
import type { PhraseValue, ValueType } from '../values/value-types.js';
import { YamlSource } from '../yaml-source.js';
import { bothForms } from '../template/phrase-template.js';
import { readTargetBook } from './read-target-book.js';
import { FIXTURE_RU_VALUES } from '../../../../test/support/target-book.fixture.js';

const phrasebook = fixturePhrasebook(undefined, true);

function value(type: ValueType, id: string): PhraseValue {
  const found = phrasebook.lexicon.get(type, id);
  if (!found) throw new Error(`no ${type} ${id}`);
  return found;
}

function match(id: string, values: [ValueType, PhraseValue][] = [], adjunct?: PhraseValue) {
  const entry = phrasebook.entries.get(id);
  if (!entry) throw new Error(`no phrase ${id}`);
  return { entry, values: new Map(values), ...(adjunct ? { adjunct } : {}) } as PhraseMatch;
}

describe('TargetBook (a language the phrasebook only writes to)', () => {
  it('writes a phrase with its value, the words agreeing with the value’s class', () => {
    const hurts = (part: string) =>
      phrasebook.renderTarget(
        match('pain.body-part', [['body_part', value('body_part', part)]]),
        'ru',
        undefined,
      );
    expect(hurts('arm.left')).toBe('У вас болит левая рука?');
    expect(hurts('eyes')).toBe('У вас болят глаза?');
  });

  it('uses the form the text asks for', () => {
    const allergic = match('medication.allergic-to', [['drug', value('drug', 'penicillin')]]);
    expect(phrasebook.renderTarget(allergic, 'ru', undefined)).toBe(
      'У вас аллергия на пенициллин?',
    );
  });

  it('writes a duration with the unit’s plural category for its number', () => {
    const since = (n: number) =>
      phrasebook.renderTarget(
        match('pain.since', [['duration', value('duration', `${n}.day`)]]),
        'ru',
        undefined,
      );
    expect([1, 3, 5, 21].map(since)).toEqual([
      'У вас болит уже 1 день?',
      'У вас болит уже 3 дня?',
      'У вас болит уже 5 дней?',
      'У вас болит уже 21 день?',
    ]);
  });

  it('gives nothing for a phrase, a value or a unit not written in the language', () => {
    expect(
      phrasebook.renderTarget(
        match('pain.swollen', [['body_part', value('body_part', 'arm')]]),
        'ru',
        undefined,
      ),
    ).toBeUndefined();
    expect(
      phrasebook.renderTarget(
        match('fever.has', [['symptom', value('symptom', 'tingling')]]),
        'ru',
        undefined,
      ),
    ).toBeUndefined();
    expect(
      phrasebook.renderTarget(
        match('pain.since', [['duration', value('duration', '2.hour')]]),
        'ru',
        undefined,
      ),
    ).toBeUndefined();
  });

  it('agrees with the patient’s gender, both forms when it is not known', () => {
    const tired = match('pain.tired');
    expect(phrasebook.renderTarget(tired, 'vi', 'female')).toBe('Bà có mệt không?');
    expect(phrasebook.renderTarget(tired, 'vi', 'male')).toBe('Ông có mệt không?');
    expect(phrasebook.renderTarget(tired, 'vi', undefined)).toBe('Ông / Bà có mệt không?');
  });

  it('puts a time said with the phrase where the language puts it', () => {
    const arm = value('body_part', 'arm.left');
    const night = value('when', 'since-last-night');
    expect(
      phrasebook.renderTarget(
        match('pain.body-part', [['body_part', arm]], night),
        'vi',
        undefined,
      ),
    ).toBe('Từ đêm qua ông / bà có đau cánh tay trái không?');
    expect(
      phrasebook.renderTarget(match('pain.where', [], value('when', 'now')), 'ru', undefined),
    ).toBe('Где у вас болит сейчас?');
    // Where a symptom is: the body part's `in` form; a language without it writes nothing.
    expect(
      phrasebook.renderTarget(
        match('pain.where', [], value('body_part', 'stomach')),
        'ru',
        undefined,
      ),
    ).toBe('Где у вас болит в животе?');
    expect(
      phrasebook.renderTarget(
        match('pain.where', [], value('body_part', 'stomach')),
        'vi',
        undefined,
      ),
    ).toBeUndefined();
  });

  it('joins alternatives with the language’s "or", and refuses them where a word agrees', () => {
    const either = alternativeValue([value('drug', 'penicillin'), value('drug', 'ibuprofen')]);
    expect(
      phrasebook.renderTarget(match('medication.allergic-to', [['drug', either]]), 'ru', undefined),
    ).toBe('У вас аллергия на пенициллин или ибупрофен?');
    const parts = alternativeValue([value('body_part', 'arm'), value('body_part', 'leg')]);
    expect(
      phrasebook.renderTarget(match('pain.body-part', [['body_part', parts]]), 'ru', undefined),
    ).toBeUndefined();
  });

  it('is checked: every phrase, every value and unit, the English text’s variables', () => {
    const problems = phrasebook.problems().map((p) => p.problem);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ru: \d+ phrases not written, e\.g\. /),
        'ru: the test value "temperature" is not written.',
        'ru: the duration unit "hour" is not written.',
        'vi: the body_part value "stomach" is not written.',
      ]),
    );
  });

  it('stops the start on a malformed file, naming the file and the line', () => {
    const read = (phrases: string) => () =>
      readTargetBook('ru', new YamlSource('ru/values.yaml', FIXTURE_RU_VALUES), [
        new YamlSource('ru/pain.yaml', `language: ru\ndomain: pain\nphrases:\n${phrases}`),
      ]);
    expect(read("  pain.where: 'Где <болит|болят@body_part> $body_part?'\n")).toThrow(
      new PhrasebookError(
        'ru/pain.yaml',
        4,
        '<…@body_part> needs one form per agreement class (4), not 2: "Где <болит|болят@body_part> $body_part?"',
      ),
    );
    expect(read("  pain.where: 'У вас {болит}?'\n")).toThrow(/ru\/pain\.yaml:4: braces/);
    expect(() =>
      readTargetBook(
        'ru',
        new YamlSource('ru/values.yaml', 'language: vi\nadjunct: end\nor: x\n'),
        [],
      ),
    ).toThrow(/ru\/values\.yaml:1: "language" must be ru/);
  });

  it('writes the capitals of the language (Turkish dotted İ), and leaves a word in capitals alone', () => {
    const turkish = readTargetBook(
      'tr',
      new YamlSource(
        'tr/values.yaml',
        "language: tr\nadjunct: start\nor: 'veya'\nvalues:\n  symptom:\n    tingling: 'ishal'\n  when:\n    now: 'şimdi'\n",
      ),
      [
        new YamlSource(
          'tr/pain.yaml',
          "language: tr\nphrases:\n  pain.where: 'İlaç alıyor musunuz?'\n  pain.tired: 'EKG çekildi mi?'\n  fever.has: '$symptom var mı?'\n",
        ),
      ],
    );
    const now = value('when', 'now');
    expect(turkish.render(match('pain.where', [], now), undefined)).toBe(
      'Şimdi ilaç alıyor musunuz?',
    );
    expect(turkish.render(match('pain.tired', [], now), undefined)).toBe('Şimdi EKG çekildi mi?');
    expect(
      turkish.render(match('fever.has', [['symptom', value('symptom', 'tingling')]]), undefined),
    ).toBe('İshal var mı?');
  });

  it('shortens both forms of a word only in Latin and Cyrillic letters', () => {
    expect(bothForms('alérgico', 'alérgica')).toBe('alérgico/a');
    expect(bothForms('устал', 'устала')).toBe('устал/а');
    // A Hindi ending is a vowel sign: alone after a slash it cannot be read.
    expect(bothForms('सकते', 'सकती')).toBe('सकते / सकती');
    expect(bothForms('سکتے', 'سکتی')).toBe('سکتے / سکتی');
  });
});
