import { NOUN_FORMS, type NounForm } from '../values/noun-forms.js';
import {
  type PhraseValue,
  type ValueType,
  isValueType,
  NOUN_TYPES,
} from '../values/value-types.js';
import type { PatientGender, PhraseLanguage } from '../phrase-language.js';
import { withWrittenContractions } from './written-contractions.js';

export type TemplatePart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'slot'; readonly type: ValueType; readonly form: NounForm }
  /** Words that agree with the patient (no `with`) or with a variable's value. */
  | { readonly kind: 'agree'; readonly forms: readonly string[]; readonly with?: ValueType };

/** Thrown for a template that cannot be read; the loader adds file and line. */
export class TemplateError extends Error {}

const PATTERN = /\$([a-z_]+)(?:\.([a-z_]+))?|<([^<>]*)>/g;

/**
 * One text of a phrase in one language, with its variables ("¿Le duele $body_part.the?") and its
 * words that agree with the patient ("<cansado|cansada>") or with a value
 * ("<inchado|inchada|inchados|inchadas@body_part>").
 */
export class PhraseTemplate {
  readonly parts: readonly TemplatePart[];
  /** The variable types it carries, sorted. */
  readonly slots: readonly ValueType[];
  /** Whether some words agree with the patient's gender, or with a value's. */
  readonly agreesWithPatient: boolean;
  readonly agreesWithValue: boolean;
  /** The variables whose gender and number some word of the text takes. */
  readonly agreesWith: ReadonlySet<ValueType>;

  constructor(readonly source: string) {
    if (/[{}]/.test(source)) {
      throw new TemplateError(
        `braces are not phrasebook syntax (variables are $type, agreement <m|f>): "${source}"`,
      );
    }
    const parts: TemplatePart[] = [];
    let last = 0;
    for (const match of source.matchAll(PATTERN)) {
      if (match.index > last) parts.push({ kind: 'text', text: source.slice(last, match.index) });
      last = match.index + match[0].length;
      if (match[1] !== undefined) {
        const [type, form = 'bare'] = [match[1], match[2]];
        if (!isValueType(type)) throw new TemplateError(`unknown variable $${type} in "${source}"`);
        if (!(NOUN_FORMS as readonly string[]).includes(form)) {
          throw new TemplateError(
            `unknown form .${form} of $${type} in "${source}" (forms: ${NOUN_FORMS.slice(1).join(', ')})`,
          );
        }
        if (form !== 'bare' && !NOUN_TYPES.has(type)) {
          throw new TemplateError(`$${type} has no form .${form} (only nouns do) in "${source}"`);
        }
        parts.push({ kind: 'slot', type, form: form as NounForm });
      } else {
        const [words, agreeWith] = match[3].split('@');
        const forms = words.split('|');
        if (forms.length !== 2 && forms.length !== 4) {
          throw new TemplateError(
            `<…> needs 2 forms (masculine|feminine) or 4 (m|f|m plural|f plural): "${source}"`,
          );
        }
        if (agreeWith !== undefined && !isValueType(agreeWith)) {
          throw new TemplateError(`agreement with unknown variable @${agreeWith} in "${source}"`);
        }
        if (agreeWith === undefined && forms.length !== 2) {
          throw new TemplateError(
            `agreement with the patient takes 2 forms (masculine|feminine): "${source}"`,
          );
        }
        parts.push({ kind: 'agree', forms, with: agreeWith as ValueType | undefined });
      }
    }
    if (last < source.length) parts.push({ kind: 'text', text: source.slice(last) });
    this.parts = parts;
    const slots = parts.flatMap((p) => (p.kind === 'slot' ? [p.type] : []));
    if (new Set(slots).size !== slots.length) {
      throw new TemplateError(`a phrase carries at most one variable of a type: "${source}"`);
    }
    for (const part of parts) {
      if (part.kind === 'agree' && part.with && !slots.includes(part.with)) {
        throw new TemplateError(
          `<…@${part.with}> agrees with $${part.with}, which the text does not carry: "${source}"`,
        );
      }
    }
    this.slots = [...slots].sort();
    this.agreesWithPatient = parts.some((p) => p.kind === 'agree' && !p.with);
    this.agreesWith = new Set(parts.flatMap((p) => (p.kind === 'agree' && p.with ? [p.with] : [])));
    this.agreesWithValue = this.agreesWith.size > 0;
  }

  /**
   * The text in `language` with the values filled in, agreeing with the patient's gender (both
   * forms, "alérgico/a", when it is not known). `slot` renders a variable instead of a value
   * (the matcher's stand-in words).
   */
  render(
    language: PhraseLanguage,
    values: ReadonlyMap<ValueType, PhraseValue>,
    gender: PatientGender,
    slot?: (type: ValueType) => string,
    agreementIndex = 0,
  ): string {
    const text = this.parts
      .map((part) => {
        if (part.kind === 'text') return part.text;
        if (part.kind === 'slot') {
          if (slot) return slot(part.type);
          const value = values.get(part.type);
          if (!value) throw new TemplateError(`no value for $${part.type} in "${this.source}"`);
          return value.languages[language].forms[part.form];
        }
        if (part.with) {
          const value = values.get(part.with);
          if (!value) return part.forms[Math.min(agreementIndex, part.forms.length - 1)];
          const { gender: g, plural } = value.languages[language].agreement;
          const index = (g === 'f' ? 1 : 0) + (plural && part.forms.length === 4 ? 2 : 0);
          return part.forms[index];
        }
        if (gender === 'male') return part.forms[0];
        if (gender === 'female') return part.forms[1];
        return bothForms(part.forms[0], part.forms[1]);
      })
      .join('');
    const first = this.parts[0];
    return withWrittenContractions(
      language,
      first && first.kind !== 'text' ? capitalize(text) : text,
    );
  }
}

/**
 * "alérgico" and "alérgica" → "alérgico/a"; "o senhor" and "a senhora" → "o senhor / a senhora".
 * The short form only in Latin and Cyrillic letters: in scripts whose endings are vowel signs
 * (Hindi "सकते/ी") a shortened ending would stand alone, unreadable.
 */
export function bothForms(masculine: string, feminine: string): string {
  if (masculine === feminine) return masculine;
  if (!SHORTENS.test(masculine) || !SHORTENS.test(feminine)) return `${masculine} / ${feminine}`;
  let common = 0;
  while (
    common < Math.min(masculine.length, feminine.length) &&
    masculine[common] === feminine[common]
  )
    common++;
  const ending = feminine.slice(common);
  if (common > 0 && ending.length <= 3 && masculine.length - common <= 3 && !/\s/.test(ending)) {
    return `${masculine}/${ending}`;
  }
  return `${masculine} / ${feminine}`;
}

/** Words in scripts whose ending a slash may shorten. */
const SHORTENS = /^[\p{Script=Latin}\p{Script=Cyrillic}\s'’-]+$/u;

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
