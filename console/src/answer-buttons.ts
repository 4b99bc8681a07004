/**
 * The patient's answers by touch (issue 32): large buttons with the answers' texts in the
 * patient's language, under a question whose `translation_result` carries `answers`, and the
 * handshake's `patient_answers` (I do not understand, please repeat, an interpreter) always.
 * A tap sends the option's text as the patient's `text_input` at once; under a question, the
 * chosen button stays marked and the others are disabled.
 *
 * A 0–10 scale is a row of eleven buttons (a grid on a narrow screen), with faces from smiling
 * to crying for the pain scale, and the labels of its ends ("No pain", "Worst pain") under 0 and
 * 10. Each element carries the patient's `lang` and `dir` (right to left for ar, fa, ur).
 */
import { el } from './dom';
import { directionOf } from './i18n/phrasebook';
import type { HandshakeSuccessMessage, TranslationResultMessage } from './protocol';

export type AnswerOptions = NonNullable<TranslationResultMessage['answers']>;
export type AnswerOption = NonNullable<HandshakeSuccessMessage['patient_answers']>[number];

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag: string, attributes: Record<string, string | number>): SVGElement {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
}

/**
 * A face for pain `level` (0–10), drawn inline (no font or image needed): the mouth goes from a
 * smile (0) through a straight line (5) to a frown, the brows tilt, tears from 8.
 */
export function painFace(level: number): SVGElement {
  const t = Math.max(0, Math.min(10, level)) / 10;
  const face = svg('svg', { viewBox: '0 0 40 40', class: 'answer__face', 'aria-hidden': 'true' });
  // From a pale yellow to a pale red: never the only sign (the number and the mouth say it).
  const hue = Math.round(55 - 55 * t);
  face.append(
    svg('circle', {
      cx: 20,
      cy: 20,
      r: 18,
      fill: `hsl(${hue} 90% 80%)`,
      stroke: '#222',
      'stroke-width': 2,
    }),
    svg('circle', { cx: 14, cy: 16, r: 2.2, fill: '#222' }),
    svg('circle', { cx: 26, cy: 16, r: 2.2, fill: '#222' }),
  );
  // The mouth: its middle bends down for a smile, up for a frown.
  const curve = 30 + 12 * (0.5 - t) * 2;
  face.append(
    svg('path', {
      d: `M12 28 Q20 ${curve.toFixed(1)} 28 28`,
      fill: 'none',
      stroke: '#222',
      'stroke-width': 2.4,
      'stroke-linecap': 'round',
    }),
  );
  if (t >= 0.6) {
    const tilt = 3 * t;
    face.append(
      svg('path', {
        d: `M10 ${10 + tilt} L17 ${10}`,
        stroke: '#222',
        'stroke-width': 2,
        'stroke-linecap': 'round',
      }),
      svg('path', {
        d: `M30 ${10 + tilt} L23 ${10}`,
        stroke: '#222',
        'stroke-width': 2,
        'stroke-linecap': 'round',
      }),
    );
  }
  if (t >= 0.8) {
    face.append(
      svg('path', { d: 'M12 20 q-2 4 0 6 q2 -2 0 -6', fill: '#2a6fdb' }),
      svg('path', { d: 'M28 20 q-2 4 0 6 q2 -2 0 -6', fill: '#2a6fdb' }),
    );
  }
  return face;
}

/** The number of a scale's option (`scale-7` → 7), from its id, else from its text. */
function scaleNumber(option: AnswerOption): number | undefined {
  const match = /(\d+)$/.exec(option.id) ?? /\d+/.exec(option.text);
  return match ? Number(match[1] ?? match[0]) : undefined;
}

const isScale = (kind: string) => kind === 'scale' || kind === 'pain_scale';

/**
 * The buttons of a question's answers, in `locale` (the patient's language); `onTap` is called
 * with the option tapped. `idPrefix` makes each button's data-answer-id findable.
 */
export function answerButtons(
  answers: AnswerOptions,
  locale: string,
  onTap: (option: AnswerOption) => void,
): HTMLElement {
  const dir = directionOf(locale);
  const scale = isScale(answers.kind);
  const list = el('div', {
    class: `answers__options${scale ? ' answers__options--scale' : ''}`,
    'data-kind': answers.kind,
    lang: locale,
    dir,
  });
  for (const option of answers.options) {
    const number = scale ? scaleNumber(option) : undefined;
    const button = el('button', {
      type: 'button',
      class: `answer${scale ? ' answer--scale' : ''}`,
      'data-answer-id': option.id,
      lang: locale,
      dir,
      'aria-pressed': 'false',
    });
    if (scale && number !== undefined) {
      // The number and its face; the option's own words for screen readers ("7 out of 10").
      button.setAttribute('aria-label', option.text);
      if (answers.kind === 'pain_scale') button.append(painFace(number));
      button.append(el('span', { class: 'answer__number', 'aria-hidden': 'true' }, String(number)));
    } else button.append(option.text);
    button.addEventListener('click', () => onTap(option));
    list.append(button);
  }
  const box = el('div', { class: 'answers__box', lang: locale, dir }, list);
  if (scale && answers.labels) {
    box.append(
      el(
        'div',
        { class: 'answers__labels', lang: locale, dir },
        el('span', { class: 'answers__label answers__label--low' }, answers.labels.low ?? ''),
        el('span', { class: 'answers__label answers__label--high' }, answers.labels.high ?? ''),
      ),
    );
  }
  return box;
}

/**
 * Marks the answer tapped (`chosen`, an option's id) and disables the others; `locked` disables
 * them all (the conversation is not live).
 */
export function showAnswered(box: HTMLElement, chosen: string | undefined, locked: boolean): void {
  for (const button of box.querySelectorAll<HTMLButtonElement>('button.answer')) {
    const isChosen = chosen !== undefined && button.dataset.answerId === chosen;
    button.setAttribute('aria-pressed', String(isChosen));
    button.classList.toggle('answer--chosen', isChosen);
    button.disabled = locked || (chosen !== undefined && !isChosen);
  }
}

/** The handshake's `patient_answers`: always there, never locked by a tap. */
export function alwaysAnswerButtons(
  options: readonly AnswerOption[],
  locale: string,
  onTap: (option: AnswerOption) => void,
): HTMLElement[] {
  const dir = directionOf(locale);
  return options.map((option) => {
    const button = el(
      'button',
      {
        type: 'button',
        class: 'answer answer--always',
        'data-answer-id': option.id,
        lang: locale,
        dir,
      },
      option.text,
    );
    button.addEventListener('click', () => onTap(option));
    return button;
  });
}
