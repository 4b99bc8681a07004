/**
 * Spanish leaves out the subject pronoun ("Tengo dolor…", "¿Tiene fiebre?"), and Apertium's
 * Spanish-English pair then writes English without a subject ("Have stomach ache…", "Has you
 * allergies?"). A step after the Spanish tagger writes the subject the verb implies, where a
 * clause starts with a finite verb (after an optional "no" and clitics): first and second person
 * from the verb; usted, written or implied in a question, as "you" with a second-person verb, as
 * a patient and a clinician address each other. A statement in the third person without subject
 * ("Tiene fiebre.") stays as it is: he, she or you cannot be told apart there.
 *
 * Italian and Portuguese reach English through Spanish, so they gain the same subjects.
 */

import { withSedStep } from './sed-step.js';

/** A finite verb's lemma and its category and tense tags, up to the person. */
const FINITE = String.raw`<(vblex|vbser|vbhaver|vbmod)><(pri|pii|ifi|fti|cni|prs|pis)>`;
/**
 * Where a clause starts: the request (or its formal-register mark), after a sentence end, an
 * opening ¿ or ¡, or a comma ("…, creo que es varicela": "I think", issue 33).
 */
const CLAUSE = String.raw`(^|^\[FORMAL\]|<sent>\$|<lquest>\$|<lexcl>\$|<cm>\$)(\s*)`;
/** What may stand before the verb: "no" and clitic pronouns. */
const BEFORE_VERB = String.raw`(\^[Nn]o<adv>\$\s*)?(\^[Pp]rpers<prn><pro>[^$]*\$\s*)*`;
/** usted, as the tagger writes it. */
const USTED = String.raw`\^prpers<prn><tn><p3><mf><sg>\$`;

const RULES = [
  // Tengo → yo tengo; no tienes → tú no tienes (the pronoun first, the next word lowercased).
  String.raw`s/${CLAUSE}(${BEFORE_VERB}\^[^$<]+${FINITE}<p([12])><sg>)/\1\2^Prpers<prn><tn><p\8><mf><sg>$ \3/g`,
  String.raw`s/${CLAUSE}(${BEFORE_VERB}\^[^$<]+${FINITE}<p([12])><pl>)/\1\2^Prpers<prn><tn><p\8><m><pl>$ \3/g`,
  String.raw`s/(\^Prpers<prn><tn><p[12]><mf?><(sg|pl)>\$ \^)([[:upper:]])/\1\l\3/g`,
  // ¿Está usted…? → ¿tú estás…?
  String.raw`s/(<lquest>\$\s*)\^([^$<]+)${FINITE}<p3><sg>\$\s*${USTED}/\1^Prpers<prn><tn><p2><mf><sg>$ ^\l\2<\3><\4><p2><sg>$/g`,
  // Usted tiene → tú tienes.
  String.raw`s/\^([Pp])rpers<prn><tn><p3><mf><sg>\$(\s*)\^([^$<]+)${FINITE}<p3><sg>/^\1rpers<prn><tn><p2><mf><sg>$\2^\3<\4><\5><p2><sg>/g`,
  // ¿Tiene fiebre? → ¿tú tienes fiebre? (a question to the listener).
  String.raw`s/(<lquest>\$\s*)\^([^$<]+)${FINITE}<p3><sg>\$/\1^Prpers<prn><tn><p2><mf><sg>$ ^\l\2<\3><\4><p2><sg>$/g`,
];

/**
 * The mode's shell pipeline with the subject step after the Spanish tagger, for the modes from
 * Spanish into English; any other pipeline unchanged.
 */
export function withSubjectPronouns(command: string, source: string, target: string): string {
  if (source !== 'spa_Latn' || target !== 'eng_Latn') return command;
  return withSedStep(command, /\|\s*apertium-pretransfer/, RULES.join('\n'));
}
