import { PHRASE_LANGUAGES, type PhraseLanguage } from '../phrase-language.js';
import { YamlSource } from '../yaml-source.js';
import {
  DOSE_ABBREVIATIONS,
  DOSE_AMOUNTS,
  DOSE_UNITS,
  DURATION_AMOUNTS,
  DURATION_UNITS,
  NUMBER_VALUES,
  type Unit,
} from './generated-values.js';
import { NOUN_FORMS, type NounForm, NounFormError, nounForms, sidedNoun } from './noun-forms.js';
import {
  FIXED_TYPES,
  NOUN_TYPES,
  type PhraseValue,
  type ValueInLanguage,
  type ValueType,
  isValueType,
} from './value-types.js';

const MASCULINE = { gender: 'm', plural: false } as const;

/** Every value of every type: read from values/*.yaml, and made for numbers, durations and doses. */
export class ValueLexicon {
  private readonly byType = new Map<ValueType, PhraseValue[]>();
  private readonly byKey = new Map<string, PhraseValue>();

  constructor(values: readonly PhraseValue[]) {
    for (const value of values) {
      const list = this.byType.get(value.type) ?? [];
      list.push(value);
      this.byType.set(value.type, list);
      this.byKey.set(`${value.type}:${value.id}`, value);
    }
  }

  values(type: ValueType): readonly PhraseValue[] {
    return this.byType.get(type) ?? [];
  }

  all(): PhraseValue[] {
    return [...this.byType.values()].flat();
  }

  get(type: ValueType, id: string): PhraseValue | undefined {
    return this.byKey.get(`${type}:${id}`);
  }
}

type Written = string | Partial<Record<NounForm, string>>;

/** The values of one values/<type>.yaml file; a malformed entry names its line. */
export function readValueFile(source: YamlSource): PhraseValue[] {
  const data = source.data as { type?: unknown; values?: unknown };
  if (typeof data?.type !== 'string' || !isValueType(data.type)) {
    throw source.error(['type'], `"type" must be one of the variable types (see data/README.md).`);
  }
  const type = data.type;
  if (!NOUN_TYPES.has(type) && !FIXED_TYPES.has(type)) {
    throw source.error(['type'], `${type} values are made by the service, not read from a file.`);
  }
  if (!Array.isArray(data.values)) throw source.error(['values'], '"values" must be a list.');
  const seen = new Set<string>();
  return data.values.flatMap((entry: Record<string, unknown>, index: number) => {
    const at = ['values', index];
    const id = entry?.id;
    if (typeof id !== 'string' || !/^[a-z0-9-]+$/.test(id)) {
      throw source.error(
        [...at, 'id'],
        'each value needs an "id" of lowercase letters, digits and -.',
      );
    }
    if (seen.has(id)) throw source.error([...at, 'id'], `duplicate value id "${id}".`);
    seen.add(id);
    const also = (entry.also ?? {}) as Record<string, unknown>;
    const languages = {} as Record<PhraseLanguage, ValueInLanguage>;
    const sided = {
      left: {} as Record<PhraseLanguage, ValueInLanguage>,
      right: {} as Record<PhraseLanguage, ValueInLanguage>,
    };
    for (const language of PHRASE_LANGUAGES) {
      const written = entry[language] as Written | undefined;
      const others = also[language] ?? [];
      if (!Array.isArray(others) || others.some((o) => typeof o !== 'string')) {
        throw source.error([...at, 'also', language], `also.${language} must be a list of texts.`);
      }
      try {
        if (FIXED_TYPES.has(type)) {
          if (typeof written !== 'string' || written.trim() === '')
            throw new NounFormError(`${language} is missing.`);
          languages[language] = fixedValue(written, others as string[]);
          continue;
        }
        const noun = readNoun(language, written);
        const synonyms = (others as string[]).map((other) => synonymForms(language, other));
        languages[language] = withSurfaces(noun, synonyms);
        if (entry.sided === true) {
          for (const side of ['left', 'right'] as const) {
            sided[side][language] = withSurfaces(
              sidedNoun(language, noun, side),
              synonyms.map((s) => (s ? sidedNoun(language, s, side) : s)),
            );
          }
        }
      } catch (error) {
        if (!(error instanceof NounFormError)) throw error;
        throw source.error([...at, language], `value "${id}": ${error.message}`);
      }
    }
    const values: PhraseValue[] = [{ type, id, languages }];
    if (entry.sided === true) {
      for (const side of ['left', 'right'] as const) {
        values.push({ type, id: `${id}.${side}`, languages: sided[side] });
      }
    }
    return values;
  });
}

function readNoun(language: PhraseLanguage, written: Written | undefined) {
  if (typeof written === 'string' && written.trim() !== '')
    return nounForms(language, written.trim());
  if (written && typeof written === 'object') {
    const forms = written as Partial<Record<NounForm, string>>;
    const unknown = Object.keys(forms).filter(
      (k) => !(NOUN_FORMS as readonly string[]).includes(k),
    );
    if (unknown.length > 0)
      throw new NounFormError(
        `unknown form ${unknown.join(', ')} (forms: ${NOUN_FORMS.join(', ')}).`,
      );
    const base = language === 'en' ? forms.bare : forms.the;
    if (!base) {
      throw new NounFormError(
        language === 'en'
          ? 'give at least "bare" for English.'
          : `give at least "the" (the noun with its article) for ${language}.`,
      );
    }
    return nounForms(language, base, forms);
  }
  throw new NounFormError(`${language} is missing.`);
}

/** Another word for a value: with an article, all its forms; without, the word alone. */
function synonymForms(language: PhraseLanguage, written: string) {
  try {
    return nounForms(language, written);
  } catch {
    return {
      forms: Object.fromEntries(NOUN_FORMS.map((f) => [f, written])) as Record<NounForm, string>,
      agreement: MASCULINE,
    };
  }
}

function withSurfaces(
  noun: { forms: Readonly<Record<NounForm, string>>; agreement: ValueInLanguage['agreement'] },
  synonyms: readonly ({ forms: Readonly<Record<NounForm, string>> } | undefined)[],
): ValueInLanguage {
  const surfaces = new Set<string>(Object.values(noun.forms));
  for (const synonym of synonyms)
    for (const text of Object.values(synonym?.forms ?? {})) surfaces.add(text);
  return { forms: noun.forms, agreement: noun.agreement, surfaces: [...surfaces] };
}

function fixedValue(text: string, others: readonly string[]): ValueInLanguage {
  const forms = Object.fromEntries(NOUN_FORMS.map((f) => [f, text])) as Record<NounForm, string>;
  return { forms, agreement: MASCULINE, surfaces: [text, ...others] };
}

/** Numbers, durations and doses: made from amounts and units rather than listed. */
export function generatedValues(): PhraseValue[] {
  const values: PhraseValue[] = [];
  const every = (make: (language: PhraseLanguage) => ValueInLanguage) =>
    Object.fromEntries(PHRASE_LANGUAGES.map((l) => [l, make(l)])) as Record<
      PhraseLanguage,
      ValueInLanguage
    >;
  for (const n of NUMBER_VALUES) {
    values.push({
      type: 'number',
      id: String(n),
      languages: every(() => fixedValue(String(n), [])),
    });
  }
  const amounts = (
    type: 'duration' | 'dose',
    units: readonly Unit[],
    counts: readonly number[],
  ) => {
    for (const unit of units) {
      for (const n of counts) {
        values.push({
          type,
          id: `${n}.${unit.id}`,
          languages: every((language) => {
            const [one, many] = unit.words[language];
            const abbreviations = type === 'dose' ? (DOSE_ABBREVIATIONS[unit.id] ?? []) : [];
            const written =
              n === 1 && unit.one[language].length > 0
                ? unit.one[language][0]
                : `${n} ${abbreviations[0] ?? (n === 1 ? one : many)}`;
            const others = [
              `${n} ${n === 1 ? one : many}`,
              ...abbreviations.map((a) => `${n} ${a}`),
              ...(n === 1 ? unit.one[language] : []),
            ];
            return fixedValue(written, others);
          }),
        });
      }
    }
  };
  amounts('duration', DURATION_UNITS, DURATION_AMOUNTS);
  amounts('dose', DOSE_UNITS, DOSE_AMOUNTS);
  return values;
}
