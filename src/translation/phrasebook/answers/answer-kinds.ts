/** What a question expects as an answer, so the patient can give it by touch (issue 32). */
export const ANSWER_KINDS = [
  'yes_no',
  'yes_no_unknown',
  /** 0 to 10. */
  'scale',
  /** 0 to 10, with faces and the ends named "no pain" and "worst pain". */
  'pain_scale',
  'duration',
  /** Left, right or both. */
  'side',
  'better_worse',
  /** Mild, moderate or severe. */
  'severity',
  /** All the time, or comes and goes. */
  'constancy',
] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

export const isAnswerKind = (value: unknown): value is AnswerKind =>
  (ANSWER_KINDS as readonly unknown[]).includes(value);

const SCALE = Array.from({ length: 11 }, (_, n) => `scale-${n}`);

/** The answers offered for each kind, by id (data/answers/answers.yaml), in the order shown. */
export const ANSWER_OPTIONS: Readonly<Record<AnswerKind, readonly string[]>> = {
  yes_no: ['yes', 'no'],
  yes_no_unknown: ['yes', 'no', 'dont-know'],
  scale: SCALE,
  pain_scale: SCALE,
  duration: ['hours', 'days', 'weeks', 'months', 'years'],
  side: ['left', 'right', 'both-sides'],
  better_worse: ['better', 'same', 'worse'],
  severity: ['mild', 'moderate', 'severe'],
  constancy: ['constant', 'comes-and-goes'],
};

/** What a patient can always say by touch, in every language, whatever was asked. */
export const ALWAYS_ANSWERS: readonly string[] = ['not-understood', 'repeat', 'interpreter'];
