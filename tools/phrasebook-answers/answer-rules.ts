import type { AnswerKind } from '../../src/translation/phrasebook/answers/answer-kinds.js';

const AUXILIARY_START =
  /^(do|does|did|are|is|was|were|have|has|had|can|could|will|would|should|shall|may|might|any|anything|anyone)\b/;

/**
 * The answer an English canonical question expects, by its words: the first marking of the
 * phrasebook (mark-answers.ts writes it once per phrase; a person corrects the file after).
 * undefined: an open question (what, where, when …) or not a question, so no buttons.
 */
export function expectedAnswer(english: string): AnswerKind | undefined {
  const text = english.replace(/<([^|>]*)[^>]*>/g, '$1').trim();
  if (!text.endsWith('?')) return undefined;
  const lower = text.toLowerCase();
  const asksYesOrNo = AUXILIARY_START.test(lower);
  if (!asksYesOrNo && /\b(0|zero) (to|and) 10\b|\bout of (10|ten)\b|\bscale\b/.test(lower)) {
    return /\b(pain|hurt)/.test(lower) ? 'pain_scale' : 'scale';
  }
  if (/^(how long|for how long|since when)\b/.test(lower) && !/^how long ago\b/.test(lower)) {
    return 'duration';
  }
  if (/\bwhich side\b|\bleft or (the )?right\b|\bright or (the )?left\b/.test(lower)) return 'side';
  if (/\bbetter,? (or )?worse\b|\bworse,? (or )?better\b/.test(lower)) return 'better_worse';
  if (/^(what|where|when|why|who|whom|whose|which|how)\b/.test(lower)) return undefined;
  if (!asksYesOrNo) return undefined;
  // "Is it sharp or dull?" asks to choose; "Have you had chemotherapy or radiotherapy?" and
  // "Any vomiting or diarrhoea?" are answered yes or no.
  if (
    /\bor\b/.test(lower) &&
    !/^(have|has|had|any|did|do you have|does your|do you get)\b/.test(lower)
  ) {
    return undefined;
  }
  // About the past or other people, a patient may truly not know.
  return /\b(ever|family|mother|father|parents|brother|sister|relative|child(hood)?|born|vaccin|immuni[sz]|were you told|has anyone|did anyone|know|remember|last time|before)\b/.test(
    lower,
  )
    ? 'yes_no_unknown'
    : 'yes_no';
}
