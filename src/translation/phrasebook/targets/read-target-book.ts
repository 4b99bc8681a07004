import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { YamlSource } from '../yaml-source.js';
import { isValueType } from '../values/value-types.js';
import { TargetBook, type TargetValue, type UnitWords } from './target-book.js';
import { isTargetLanguage, type TargetLanguage } from './target-language.js';
import { TargetTemplate, TargetTemplateError } from './target-template.js';

const UNIT_KINDS = ['duration', 'dose'] as const;

/**
 * The target languages written under `dir` (data/targets/<language>/): each folder's
 * values.yaml and one file per domain. A malformed file stops the start and names its line;
 * what is merely missing (a phrase, a value, a form) is reported by the check instead.
 */
export function readTargetBooks(dir: string): TargetBook[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => isTargetLanguage(name) && existsSync(join(dir, name, 'values.yaml')))
    .sort()
    .map((name) => {
      const folder = join(dir, name);
      const domains = readdirSync(folder)
        .filter((n) => n.endsWith('.yaml') && n !== 'values.yaml')
        .sort()
        .map((n) => YamlSource.read(join(folder, n)));
      return readTargetBook(
        name as TargetLanguage,
        YamlSource.read(join(folder, 'values.yaml')),
        domains,
      );
    });
}

/** One target language from its values.yaml and its domain files, parsed. */
export function readTargetBook(
  language: TargetLanguage,
  values: YamlSource,
  domains: readonly YamlSource[],
): TargetBook {
  const head = values.data as Record<string, unknown>;
  expect(values, head?.language === language, ['language'], `"language" must be ${language}.`);
  const classes = head.classes ?? [];
  expect(
    values,
    Array.isArray(classes) && classes.every((c) => typeof c === 'string'),
    ['classes'],
    '"classes" must be a list of names.',
  );
  const classNames = classes as string[];
  expect(
    values,
    head.adjunct === 'start' || head.adjunct === 'end',
    ['adjunct'],
    '"adjunct" must be start or end.',
  );
  expect(values, typeof head.or === 'string' && head.or !== '', ['or'], '"or" must be a word.');
  const phrases = new Map<string, TargetTemplate>();
  for (const file of domains) {
    const data = file.data as { language?: unknown; phrases?: unknown };
    expect(file, data?.language === language, ['language'], `"language" must be ${language}.`);
    expect(file, isMap(data.phrases), ['phrases'], '"phrases" must map ids to texts.');
    for (const [id, text] of Object.entries(data.phrases as Record<string, unknown>)) {
      expect(file, typeof text === 'string' && text.trim() !== '', ['phrases', id], 'a text.');
      expect(file, !phrases.has(id), ['phrases', id], `"${id}" is written twice.`);
      try {
        phrases.set(id, new TargetTemplate(text as string, classNames.length));
      } catch (error) {
        if (!(error instanceof TargetTemplateError)) throw error;
        throw file.error(['phrases', id], `${error.message}: "${text as string}"`);
      }
    }
  }
  return new TargetBook({
    language,
    classes: classNames,
    adjunct: head.adjunct as 'start' | 'end',
    or: head.or as string,
    units: readUnits(values, head.units),
    values: readValues(values, head.values, classNames),
    phrases,
  });
}

function readUnits(source: YamlSource, units: unknown) {
  const result = new Map<'duration' | 'dose', Map<string, UnitWords>>();
  for (const kind of UNIT_KINDS) {
    const written = isMap(units) ? (units as Record<string, unknown>)[kind] : undefined;
    const map = new Map<string, UnitWords>();
    for (const [unit, words] of Object.entries(isMap(written) ? written : {})) {
      const byCategory = typeof words === 'string' ? { other: words } : words;
      expect(
        source,
        isMap(byCategory) && Object.values(byCategory).every((w) => typeof w === 'string'),
        ['units', kind, unit],
        'a unit is a text, or texts by plural category (one, few, many, other …).',
      );
      map.set(unit, byCategory as UnitWords);
    }
    result.set(kind, map);
  }
  return result;
}

function readValues(source: YamlSource, values: unknown, classes: readonly string[]) {
  const result = new Map<string, TargetValue>();
  for (const [type, byId] of Object.entries(isMap(values) ? values : {})) {
    expect(source, isValueType(type) && isMap(byId), ['values', type], `unknown type "${type}".`);
    for (const [id, written] of Object.entries(byId as Record<string, unknown>)) {
      const at = ['values', type, id];
      const forms = typeof written === 'string' ? { bare: written } : written;
      expect(source, isMap(forms), at, 'a value is a text or a map of forms.');
      const { class: className, ...rest } = forms as Record<string, unknown>;
      expect(
        source,
        typeof rest.bare === 'string' && Object.values(rest).every((f) => typeof f === 'string'),
        at,
        'a value needs a "bare" form, and every form is a text.',
      );
      const agreement = className === undefined ? undefined : classes.indexOf(String(className));
      expect(source, agreement !== -1, at, `class "${String(className)}" is not in "classes".`);
      result.set(`${type}:${id}`, { forms: rest as Record<string, string>, agreement });
    }
  }
  return result;
}

const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function expect(
  source: YamlSource,
  condition: boolean,
  path: readonly (string | number)[],
  problem: string,
): void {
  if (!condition) throw source.error(path, problem);
}
