/**
 * Formal address in the Apertium pipelines: the clinician and the patient address each other as
 * usted (Spanish), vous (French), Lei (Italian) and você (Brazilian Portuguese), never tú / tu /
 * vosotros. The es-pt_BR mode already writes você with third-person verbs; only the vosso that
 * Apertium's English-Spanish pair leaves ("your" → "vuestro") needs a rule there.
 *
 * A step inserted just before generation rewrites the second person of the pipeline's own lexical
 * units (`^tener<vblex><pri><p2><sg>$` → `…<p3><sg>$`, `^tuyo<det><pos>…` → `^suyo…`), so the
 * generator inflects every form itself. It acts only on a request that starts with the superblank
 * FORMAL_MARK: the same pipeline also serves as the first step of a pivot, where the Spanish must
 * stay in the second person for the next pair to translate it as such.
 */

import { GENERATOR, whenMarked, withSedStep } from './sed-step.js';

/** The superblank that asks for the formal register; removed from the output. */
export const FORMAL_MARK = '[FORMAL]';

/** Lexical units of a verb: its category tag, then the tags up to the person. */
const VERB = String.raw`(<(vblex|vbser|vbhaver|vbmod|vaux)>(<[^>$^]+>)*)`;

/** sed commands (ERE) per target FLORES code; each line one substitution. */
const RULES: Readonly<Record<string, readonly string[]>> = {
  // tú / vosotros → usted: third person singular; tu, vuestro → su; te, os → le; tú → usted.
  spa_Latn: [
    String.raw`s/${VERB}<p2><(sg|pl)>/\1<p3><sg>/g`,
    String.raw`s/\^[tv](uyo|uestro)<det><pos><[mf]+><(sg|pl)>/^suyo<det><pos><mf><\2>/g`,
    String.raw`s/\^[TV](uyo|uestro)<det><pos><[mf]+><(sg|pl)>/^Suyo<det><pos><mf><\2>/g`,
    String.raw`s/<prn><(pro|tn)><p2><mf><(sg|pl)>/<prn><\1><p3><mf><sg>/g`,
  ],
  // tu → vous: second person plural; ton, ta, tes → votre, vos; te → vous.
  fra_Latn: [
    String.raw`s/${VERB}<p2><sg>/\1<p2><pl>/g`,
    String.raw`s/\^t(u|e)<prn><(tn|pro)><p2><mf><sg>/^vous<prn><\2><p2><mf><pl>/g`,
    String.raw`s/\^T(u|e)<prn><(tn|pro)><p2><mf><sg>/^Vous<prn><\2><p2><mf><pl>/g`,
    String.raw`s/\^ton<det><pos><[mf]+><(sg|pl)>/^votre<det><pos><mf><\1>/g`,
    String.raw`s/\^Ton<det><pos><[mf]+><(sg|pl)>/^Votre<det><pos><mf><\1>/g`,
  ],
  // tu, voi → Lei: third person singular; tuo, vostro → suo; ti → Le; tu → Lei.
  ita_Latn: [
    String.raw`s/${VERB}<p2><(sg|pl)>/\1<p3><sg>/g`,
    String.raw`s/\^[Tt]u<prn><tn><p2><mf><sg>/^Lei<prn><tn><p3><mf><sg>/g`,
    String.raw`s/\^ti<prn><pro><p2><mf><sg>/^gli<prn><pro><p3><f><sg>/g`,
    String.raw`s/\^Ti<prn><pro><p2><mf><sg>/^Gli<prn><pro><p3><f><sg>/g`,
    String.raw`s/\^([Ii]l) (tuo|vostro)<det><pos>/^\1 suo<det><pos>/g`,
  ],
  // vosso → seu (sua, seus, suas).
  por_Latn: [
    String.raw`s/\^vosso<det><pos>/^seu<det><pos>/g`,
    String.raw`s/\^Vosso<det><pos>/^Seu<det><pos>/g`,
  ],
};

/**
 * The mode's shell pipeline (from apertium-wblank-mode) with the formal-register step before its
 * generator, or unchanged when its target language needs none or it has no generator step.
 */
export function withFormalRegister(command: string, target: string): string {
  const rules = RULES[target];
  // Only in a request that holds the mark: the first step of a pivot has none.
  return rules ? withSedStep(command, GENERATOR, whenMarked(FORMAL_MARK, rules)) : command;
}
