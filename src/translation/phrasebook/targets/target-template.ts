import { bothForms } from '../template/phrase-template.js';
import type { PatientGender } from '../phrase-language.js';
import { isValueType, type ValueType } from '../values/value-types.js';

export type TargetPart =
  | { readonly kind: 'text'; readonly text: string }
  /** A variable in one of the forms the language's values.yaml defines (`bare`, `gen`, `in` …). */
  | { readonly kind: 'slot'; readonly type: ValueType; readonly form: string }
  /** Words that agree with the patient (2 forms) or with a value (one form per class). */
  | { readonly kind: 'agree'; readonly forms: readonly string[]; readonly with?: ValueType };

/** Thrown for a text that cannot be read; the reader adds file and line. */
export class TargetTemplateError extends Error {}

const PATTERN = /\$([a-z_]+)(?:\.([a-z_]+))?|<([^<>]*)>/g;

/** How a template reaches the values of one sentence, in the target language. */
export interface TargetFill {
  /** A value's form, or undefined when the language has none written for it. */
  form(type: ValueType, form: string): string | undefined;
  /** The value's agreement class (its index in the language's classes), or undefined. */
  agreement(type: ValueType): number | undefined;
}

/**
 * A phrase's text in a language the phrasebook only writes to: the same `$type`, `<m|f>` and
 * `<…@type>` syntax as the five languages (data/README.md), with the forms and agreement
 * classes that language declares (cases for Russian, none for Vietnamese).
 */
export class TargetTemplate {
  readonly parts: readonly TargetPart[];
  readonly slots: readonly ValueType[];
  /** The forms it asks of each variable. */
  readonly forms: ReadonlyMap<ValueType, string>;

  constructor(
    readonly source: string,
    classes: number,
  ) {
    if (/[{}]/.test(source)) throw new TargetTemplateError(`braces are not phrasebook syntax`);
    const parts: TargetPart[] = [];
    let last = 0;
    for (const match of source.matchAll(PATTERN)) {
      if (match.index > last) parts.push({ kind: 'text', text: source.slice(last, match.index) });
      last = match.index + match[0].length;
      if (match[1] !== undefined) {
        if (!isValueType(match[1])) throw new TargetTemplateError(`unknown variable $${match[1]}`);
        parts.push({ kind: 'slot', type: match[1], form: match[2] ?? 'bare' });
        continue;
      }
      const [words, agreeWith] = match[3].split('@');
      const forms = words.split('|');
      if (agreeWith === undefined && forms.length !== 2) {
        throw new TargetTemplateError(`<…> with the patient takes 2 forms (masculine|feminine)`);
      }
      if (agreeWith !== undefined) {
        if (!isValueType(agreeWith))
          throw new TargetTemplateError(`unknown variable @${agreeWith}`);
        if (forms.length !== classes) {
          throw new TargetTemplateError(
            `<…@${agreeWith}> needs one form per agreement class (${classes}), not ${forms.length}`,
          );
        }
      }
      parts.push({ kind: 'agree', forms, with: agreeWith as ValueType | undefined });
    }
    if (last < source.length) parts.push({ kind: 'text', text: source.slice(last) });
    this.parts = parts;
    const slots = parts.flatMap((p) => (p.kind === 'slot' ? [p.type] : []));
    if (new Set(slots).size !== slots.length) {
      throw new TargetTemplateError(`a phrase carries at most one variable of a type`);
    }
    for (const part of parts) {
      if (part.kind === 'agree' && part.with && !slots.includes(part.with)) {
        throw new TargetTemplateError(`<…@${part.with}> agrees with a variable the text lacks`);
      }
    }
    this.slots = [...slots].sort();
    this.forms = new Map(parts.flatMap((p) => (p.kind === 'slot' ? [[p.type, p.form]] : [])));
  }

  /**
   * The text with its values, or undefined when a form or a class of one is not written; a value
   * that starts it is capitalized in the rules of `locale` (Turkish "ishal" → "İshal").
   */
  render(fill: TargetFill, gender: PatientGender, locale: string): string | undefined {
    let text = '';
    for (const part of this.parts) {
      if (part.kind === 'text') text += part.text;
      else if (part.kind === 'slot') {
        const form = fill.form(part.type, part.form);
        if (form === undefined) return undefined;
        text += form;
      } else if (part.with) {
        const index = fill.agreement(part.with);
        if (index === undefined) return undefined;
        text += part.forms[index];
      } else if (gender === 'male') text += part.forms[0];
      else if (gender === 'female') text += part.forms[1];
      else text += bothForms(part.forms[0], part.forms[1]);
    }
    const first = this.parts[0];
    return first && first.kind !== 'text'
      ? text.charAt(0).toLocaleUpperCase(locale) + text.slice(1)
      : text;
  }
}
