/**
 * The gender of the two people talking, where the target language marks it on an adjective or a
 * participle and the source does not: English "Are you tired?" gives Apertium's masculine
 * default, "¿Está cansado?", to a woman. The service knows the genders from the session's
 * handshake (speaker: "I"; addressee: "you").
 *
 * A step before generation (and before the formal register, while "you" is still the second
 * person) turns to feminine the first adjective or participle after a first-person (speaker)
 * or second-person (addressee) singular verb, over adverbs between them: `^estar<vblex><pri><p2>
 * <sg>$ ^muy<preadv>$ ^cansar<vblex><pp><m><sg>$` → `…<pp><f><sg>$`. Marks at the start of the
 * request switch it on; they travel through both steps of a pivot as superblanks, so the Spanish
 * gender carries on into French, Portuguese and Italian.
 */

import type { PartyGender } from '../translation-engine.js';
import { GENERATOR, whenMarked, withSedStep } from './sed-step.js';

/** Superblanks that ask for feminine agreement with "I" and with "you"; removed from the output. */
export const SPEAKER_FEMALE_MARK = '[SPEAKER-F]';
export const ADDRESSEE_FEMALE_MARK = '[ADDRESSEE-F]';

/** The marks for a request's genders (masculine is Apertium's default: no mark). */
export function genderMarks(speaker?: PartyGender, addressee?: PartyGender): string {
  return (
    (speaker === 'female' ? SPEAKER_FEMALE_MARK : '') +
    (addressee === 'female' ? ADDRESSEE_FEMALE_MARK : '')
  );
}

/** Removes the marks from a step's output (they lead it, as they led its input). */
export function withoutGenderMarks(stream: string): string {
  return stream.replace(SPEAKER_FEMALE_MARK, '').replace(ADDRESSEE_FEMALE_MARK, '');
}

/** Target languages whose adjectives and participles agree in gender. */
const GENDERED_TARGETS = new Set(['spa_Latn', 'fra_Latn', 'por_Latn', 'ita_Latn']);

/** The sed (ERE) substitution for one person (p1: speaker; p2: addressee). */
function agreement(person: 'p1' | 'p2'): string {
  const verb = String.raw`\^[^$^]*<(vbser|vblex|vbmod|vaux|vbhaver)>(<[^>$^]+>)*<${person}><sg>\$`;
  const adverbs = String.raw`([^^]*\^[^$^]*<(preadv|adv)>\$)*`;
  const agreeing = String.raw`[^^]*\^[^$^<]*(<[^>$^]+>)*<(adj|pp)>`;
  return String.raw`s/(${verb}${adverbs}${agreeing})<m><sg>/\1<f><sg>/g`;
}

/**
 * The mode's shell pipeline with the agreement step before its generator, or unchanged when the
 * target language has no gender agreement or the mode no generator step.
 */
export function withPartyGender(command: string, target: string): string {
  if (!GENDERED_TARGETS.has(target)) return command;
  // Each rule only in a request that holds its mark.
  const script = [
    whenMarked(SPEAKER_FEMALE_MARK, [agreement('p1')]),
    whenMarked(ADDRESSEE_FEMALE_MARK, [agreement('p2')]),
  ].join('\n');
  return withSedStep(command, GENERATOR, script);
}
