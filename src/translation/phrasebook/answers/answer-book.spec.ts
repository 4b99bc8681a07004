import { describe, expect, it } from '@jest/globals';
import { YamlSource } from '../yaml-source.js';
import { fixtureAnswers } from '../../../../test/support/target-book.fixture.js';
import { AnswerBook } from './answer-book.js';

const answers = fixtureAnswers();

describe('AnswerBook (answers by touch)', () => {
  it('gives the answers a question expects, in the listener’s language', () => {
    expect(answers.expectedFor('pain.body-part', 'vi')).toEqual({
      kind: 'yes_no',
      options: [
        { id: 'yes', text: 'Có.' },
        { id: 'no', text: 'Không.' },
      ],
    });
    // An open question, or a language whose answers are not all written: no buttons.
    expect(answers.expectedFor('pain.where', 'vi')).toBeUndefined();
    expect(answers.expectedFor('pain.body-part', 'fr')).toEqual({
      kind: 'yes_no',
      options: [
        { id: 'yes', text: 'Oui.' },
        { id: 'no', text: 'Non.' },
      ],
    });
  });

  it('reads a tap, or the same words typed, as the answer, whatever the case or the final stop', () => {
    expect(answers.answerOf('Có.', 'vi')).toBe('yes');
    expect(answers.answerOf('  có ', 'vi')).toBe('yes');
    expect(answers.answerOf('7 trên 10.', 'vi')).toBe('scale-7');
    expect(answers.answerOf('Có, hơi đau.', 'vi')).toBeUndefined();
    expect(answers.text('scale-7', 'en')).toBe('7 out of 10.');
  });

  it('always offers the three requests a patient needs, where they are written', () => {
    expect(answers.always('vi')?.map((a) => a.id)).toEqual([
      'not-understood',
      'repeat',
      'interpreter',
    ]);
    expect(answers.always('ru')).toBeUndefined();
  });

  it('reports what a language lacks and marks of unknown phrases', () => {
    const problems = answers
      .problems(['en', 'ru'], new Set(['pain.body-part', 'pain.where']))
      .map((p) => p.problem);
    expect(problems).toEqual([
      expect.stringMatching(/^answers in en lack dont-know, /),
      expect.stringMatching(/^answers in ru lack dont-know, /),
      'an answer is marked for "pain.tired", which is no phrase.',
    ]);
  });

  it('refuses an unknown answer kind, naming the line', () => {
    expect(() =>
      AnswerBook.read(
        new YamlSource('answers.yaml', 'answers: {}\n'),
        new YamlSource('expected.yaml', 'expected:\n  pain.where: maybe\n'),
      ),
    ).toThrow(/expected\.yaml:2: unknown answer kind "maybe"/);
  });
});
