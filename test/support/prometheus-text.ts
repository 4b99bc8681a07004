/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4), for the tests: it
 * throws on any line the format does not allow, and returns every sample with its labels. No
 * maintained npm package parses this format; prom-client only writes it.
 */

export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface Family {
  readonly name: string;
  readonly type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  readonly help: string;
  readonly samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = `([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\\\\n]|\\\\[\\\\"n])*)"`;
const VALUE =
  '(?:[+-]?(?:\\d+\\.?\\d*(?:[eE][+-]?\\d+)?|\\.\\d+(?:[eE][+-]?\\d+)?)|[+-]?[Ii][Nn][Ff]|[Nn][Aa][Nn])'; // Go's ParseFloat, as Prometheus reads it: any case
const SAMPLE = new RegExp(
  `^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*,?)?\\})? (${VALUE})(?: -?\\d+)?$`,
);
const HELP = new RegExp(`^# HELP (${NAME}) (.*)$`);
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const SUFFIXES: Record<Family['type'], string[]> = {
  counter: ['', '_total', '_created'],
  gauge: [''],
  histogram: ['_bucket', '_sum', '_count', '_created'],
  summary: ['', '_sum', '_count', '_created'],
  untyped: [''],
};

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const helps = new Map<string, string>();
  let current: Family | undefined;
  text.split('\n').forEach((line, index) => {
    const where = `line ${index + 1}: ${JSON.stringify(line)}`;
    if (line === '') return;
    const help = HELP.exec(line);
    if (help) {
      helps.set(help[1], help[2]);
      return;
    }
    const type = TYPE.exec(line);
    if (type) {
      if (families.has(type[1])) throw new Error(`${where}: a second TYPE for ${type[1]}`);
      current = {
        name: type[1],
        type: type[2] as Family['type'],
        help: helps.get(type[1]) ?? '',
        samples: [],
      };
      families.set(current.name, current);
      return;
    }
    if (line.startsWith('#')) return; // other comments are allowed
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`${where}: not a valid sample line`);
    // Groups: name, the label list, two per LABEL pattern (first and following), the value.
    const [, name, labelText = ''] = sample;
    const value = sample[7];
    const family = current;
    if (!family || !SUFFIXES[family.type].some((suffix) => name === family.name + suffix)) {
      throw new Error(`${where}: sample outside its family's TYPE`);
    }
    const labels: Record<string, string> = {};
    for (const match of labelText.matchAll(new RegExp(LABEL, 'g'))) labels[match[1]] = match[2];
    family.samples.push({ name, labels, value: Number(value.replace(/inf/i, 'Infinity')) });
  });
  return families;
}

/** The value of the sample with exactly these labels, e.g. ('x_total', { outcome: 'processed' }). */
export function sampleValue(
  families: Map<string, Family>,
  sampleName: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const family of families.values()) {
    const found = family.samples.find(
      (sample) =>
        sample.name === sampleName &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value) &&
        Object.keys(sample.labels).length === Object.keys(labels).length,
    );
    if (found) return found.value;
  }
  return undefined;
}
