import { YamlSource } from '../../src/translation/phrasebook/yaml-source.js';
import { AnswerBook } from '../../src/translation/phrasebook/answers/answer-book.js';
import type { TargetBook } from '../../src/translation/phrasebook/targets/target-book.js';
import { readTargetBook } from '../../src/translation/phrasebook/targets/read-target-book.js';

/** Russian: cases as forms, agreement classes, plural categories one/few/many. */
export const FIXTURE_RU_VALUES = `language: ru
classes: [m, f, n, pl]
adjunct: end
or: 'или'
units:
  duration:
    day: { one: '# день', few: '# дня', many: '# дней', other: '# дня' }
    week: { one: '# неделю', few: '# недели', many: '# недель', other: '# недели' }
  dose:
    mg: '# мг'
values:
  body_part:
    arm: { bare: 'рука', in: 'в руке', class: f }
    arm.left: { bare: 'левая рука', in: 'в левой руке', class: f }
    arm.right: { bare: 'правая рука', in: 'в правой руке', class: f }
    leg: { bare: 'нога', in: 'в ноге', class: f }
    leg.left: { bare: 'левая нога', in: 'в левой ноге', class: f }
    leg.right: { bare: 'правая нога', in: 'в правой ноге', class: f }
    stomach: { bare: 'живот', in: 'в животе', class: m }
    eyes: { bare: 'глаза', in: 'в глазах', class: pl }
  drug:
    penicillin: { bare: 'пенициллин', acc: 'пенициллин', class: m }
    ibuprofen: { bare: 'ибупрофен', acc: 'ибупрофен', class: m }
  symptom:
    fever: { bare: 'температура', class: f }
  when:
    since-last-night: 'с прошлой ночи'
    now: 'сейчас'
`;

export const FIXTURE_RU_PHRASES = `language: ru
domain: pain
phrases:
  pain.where: 'Где у вас болит?'
  pain.body-part: 'У вас <болит|болит|болит|болят@body_part> $body_part?'
  pain.since: 'У вас болит уже $duration?'
  medication.allergic-to: 'У вас аллергия на $drug.acc?'
  pain.tired: 'Вы <устали|устали>?'
  fever.has: 'У вас есть $symptom?'
`;

/** Vietnamese: no forms, no classes; a time said with a phrase goes first. */
export const FIXTURE_VI_VALUES = `language: vi
adjunct: start
or: 'hoặc'
units:
  duration:
    day: '# ngày'
values:
  body_part:
    arm: 'cánh tay'
    arm.left: 'cánh tay trái'
  when:
    since-last-night: 'từ đêm qua'
`;

export const FIXTURE_VI_PHRASES = `language: vi
domain: pain
phrases:
  pain.where: '<Ông|Bà> đau ở đâu?'
  pain.body-part: '<Ông|Bà> có đau $body_part không?'
  pain.tired: '<Ông|Bà> có mệt không?'
`;

export const FIXTURE_ANSWERS = `answers:
  yes: { en: 'Yes.', es: 'Sí.', fr: 'Oui.', pt-BR: 'Sim.', it: 'Sì.', ru: 'Да.', vi: 'Có.' }
  no: { en: 'No.', es: 'No.', fr: 'Non.', pt-BR: 'Não.', it: 'No.', ru: 'Нет.', vi: 'Không.' }
  not-understood: { en: 'I do not understand.', es: 'No entiendo.', vi: 'Tôi không hiểu.' }
  repeat: { en: 'Please repeat.', es: 'Repita, por favor.', vi: 'Xin nhắc lại.' }
  interpreter: { en: 'I need a human interpreter.', es: 'Necesito un intérprete humano.', vi: 'Tôi cần thông dịch viên.' }
  scale: { en: '# out of 10.', es: '# de 10.', vi: '# trên 10.' }
  scale-none: { en: 'No pain', vi: 'Không đau' }
  scale-worst: { en: 'Worst pain', vi: 'Đau nhất' }
`;

export const FIXTURE_EXPECTED = `expected:
  pain.body-part: yes_no
  pain.tired: yes_no
  pain.where: null
`;

export function fixtureTargetBooks(): TargetBook[] {
  return [
    readTargetBook('ru', new YamlSource('ru/values.yaml', FIXTURE_RU_VALUES), [
      new YamlSource('ru/pain.yaml', FIXTURE_RU_PHRASES),
    ]),
    readTargetBook('vi', new YamlSource('vi/values.yaml', FIXTURE_VI_VALUES), [
      new YamlSource('vi/pain.yaml', FIXTURE_VI_PHRASES),
    ]),
  ];
}

export function fixtureAnswers(): AnswerBook {
  return AnswerBook.read(
    new YamlSource('answers.yaml', FIXTURE_ANSWERS),
    new YamlSource('expected.yaml', FIXTURE_EXPECTED),
  );
}
