import type { PatientGender } from '../phrase-language.js';
import type { PhraseMatch } from '../phrase-matcher.js';
import type { PhraseValue, ValueType } from '../values/value-types.js';
import { type TargetLanguage, UNSPACED } from './target-language.js';
import type { TargetTemplate } from './target-template.js';

/** A value in a target language: its forms by the names the language uses, and its class. */
export interface TargetValue {
  readonly forms: Readonly<Record<string, string>>;
  /** Index in the language's agreement classes, when it declares any. */
  readonly agreement?: number;
}

/** A unit's words by plural category (Intl.PluralRules), `#` standing for the number. */
export type UnitWords = Readonly<Partial<Record<Intl.LDMLPluralRule, string>>>;

export interface TargetBookData {
  readonly language: TargetLanguage;
  readonly classes: readonly string[];
  /** Where a time said with a phrase goes: after it (most languages) or before it (SOV). */
  readonly adjunct: 'start' | 'end';
  /** The word that joins alternatives ("fever or chills"). */
  readonly or: string;
  readonly units: ReadonlyMap<'duration' | 'dose', ReadonlyMap<string, UnitWords>>;
  /** By `type:id`. */
  readonly values: ReadonlyMap<string, TargetValue>;
  readonly phrases: ReadonlyMap<string, TargetTemplate>;
  /** Who reviewed a phrase's text in this language, from a hospital's PHRASEBOOK_FILE. */
  readonly reviewers?: ReadonlyMap<string, string>;
}

/** Where the text's final punctuation starts, in any script the target languages use. */
const FINAL_PUNCTUATION = /\s*[?!.？！。؟।]*$/u;
const LIST_COMMA: Partial<Record<TargetLanguage, string>> = {
  'zh-Hans': '、',
  'zh-Hant': '、',
  ar: '، ',
  fa: '، ',
  ur: '، ',
};

/**
 * The phrasebook in one language it writes to a patient in: every phrase's text, and every
 * value's forms. A phrase, a value or a form not written means the sentence is not written
 * either: render gives undefined, and the clinician is offered phrases to choose from instead.
 */
export class TargetBook {
  private readonly plural: Intl.PluralRules;

  constructor(readonly data: TargetBookData) {
    this.plural = new Intl.PluralRules(data.language);
  }

  get language(): TargetLanguage {
    return this.data.language;
  }

  has(phraseId: string): boolean {
    return this.data.phrases.has(phraseId);
  }

  /** Who reviewed the phrase's text in this language; undefined: the project's, unreviewed. */
  reviewedBy(phraseId: string): string | undefined {
    return this.data.reviewers?.get(phraseId);
  }

  /** This book with a hospital's text of a phrase (and who reviewed it, if the file says). */
  withPhrase(phraseId: string, template: TargetTemplate, reviewedBy?: string): TargetBook {
    const reviewers = new Map(this.data.reviewers);
    if (reviewedBy) reviewers.set(phraseId, reviewedBy);
    else reviewers.delete(phraseId);
    return new TargetBook({
      ...this.data,
      phrases: new Map([...this.data.phrases, [phraseId, template]]),
      reviewers,
    });
  }

  /** The matched phrase with its values and its joined time or place, agreeing with the patient. */
  render(match: PhraseMatch, gender: PatientGender): string | undefined {
    const template = this.data.phrases.get(match.entry.id);
    const text = template?.render(
      {
        form: (type, form) => {
          const value = match.values.get(type);
          return value && this.valueForm(value, form);
        },
        agreement: (type: ValueType) => {
          const value = match.values.get(type);
          // Alternatives have no one class: the phrase is not written with them.
          return value && !value.parts ? this.valueOf(value)?.agreement : undefined;
        },
      },
      gender,
      this.language,
    );
    if (text === undefined || !match.adjunct) return text;
    const said = this.valueForm(match.adjunct, match.adjunct.type === 'body_part' ? 'in' : 'bare');
    return said === undefined ? undefined : this.withAdjunct(text, said);
  }

  /** A value's form in this language, or undefined when it is not written. */
  valueForm(value: PhraseValue, form: string): string | undefined {
    if (value.parts) {
      const each = value.parts.map((part) => this.valueForm(part, form));
      if (each.some((text) => text === undefined)) return undefined;
      return this.alternatives(each as string[]);
    }
    if (value.type === 'number') return value.id;
    if (value.type === 'duration' || value.type === 'dose') {
      const [amount, unit] = value.id.split('.');
      const words = this.data.units.get(value.type)?.get(unit);
      const n = Number(amount);
      const written = words?.[this.plural.select(n)] ?? words?.other;
      return written?.replace('#', amount);
    }
    return this.valueOf(value)?.forms[form];
  }

  private valueOf(value: PhraseValue): TargetValue | undefined {
    return this.data.values.get(`${value.type}:${value.id}`);
  }

  private alternatives(texts: readonly string[]): string {
    const unspaced = UNSPACED.has(this.language);
    const comma = LIST_COMMA[this.language] ?? ', ';
    const or = unspaced ? this.data.or : ` ${this.data.or} `;
    return `${texts.slice(0, -1).join(comma)}${or}${texts[texts.length - 1]}`;
  }

  /** The text with a time (or place) said with it, where the language puts one. */
  private withAdjunct(text: string, said: string): string {
    const space = UNSPACED.has(this.language) ? '' : ' ';
    if (this.data.adjunct === 'start') {
      // German keeps its capitals (nouns, "Sie"); the other languages with case lower the old start.
      const rest = this.language === 'de' ? text : lowerStart(text, this.language);
      return `${upperStart(said, this.language)}${space}${rest}`;
    }
    const end = FINAL_PUNCTUATION.exec(text)?.index ?? text.length;
    return `${text.slice(0, end)}${space}${said}${text.slice(end)}`;
  }
}

/**
 * The sentence's first word in lower case, in the language's own rules (Turkish "İ" → "i"), and
 * a second one given with it ("Ông / Bà" → "ông / bà"); a word in capitals (an acronym, "EKG")
 * stays as it is.
 */
function lowerStart(text: string, locale: string): string {
  return text.replace(
    /^(\p{Lu})(\p{L}*)( \/ )?(\p{Lu})?/u,
    (whole, first: string, rest: string, slash?: string, second?: string) => {
      if (rest.length > 0 && rest === rest.toLocaleUpperCase(locale)) return whole;
      const lower = (letter: string) => letter.toLocaleLowerCase(locale);
      return `${lower(first)}${rest}${slash ?? ''}${second ? lower(second) : ''}`;
    },
  );
}

/** The text's first letter in upper case, in the language's own rules (Turkish "i" → "İ"). */
export const upperStart = (text: string, locale: string) =>
  text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
