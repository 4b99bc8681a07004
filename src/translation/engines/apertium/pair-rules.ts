import { readFileSync } from 'node:fs';
import { GENERATOR, withStepBefore } from './sed-step.js';

/**
 * The rules added to Debian's pairs (rules/, compiled by scripts/apertium-rules.mjs into
 * build/apertium-rules/): where each goes in a mode's pipeline.
 * - disambiguation (`spa.cg3`…): cg-proc before the pair's grammar or tagger, in every mode
 *   from that language, so the tagger only chooses among what the rules left;
 * - lexical selection (`spa-eng.lrx`…): lrx-proc after the bilingual dictionary, before the
 *   pair's own selection, which then has nothing left to choose where a rule chose;
 * - constructions (`spa.source.sed`, `spa-eng.source.sed`, `spa.target.sed`…): sed over the
 *   lexical units, after the tagger of the source language or before the generator of the target
 *   language; named by a language (every mode from or into it) or by one mode.
 * - spoken forms (`por.text.sed`): sed over the text, before the analyser of a mode from that
 *   language ("tô" → "estou").
 * Without the manifest (set-up not run) the modes run as Debian ships them.
 */
export const PAIR_RULES_DIR = new URL('../../../../build/apertium-rules/', import.meta.url);

interface Manifest {
  sourceText: Record<string, string>;
  disambiguation: Record<string, string>;
  selection: Record<string, string>;
  sourceConstructions: Record<string, string>;
  targetConstructions: Record<string, string>;
}

const EMPTY: Manifest = {
  sourceText: {},
  disambiguation: {},
  selection: {},
  sourceConstructions: {},
  targetConstructions: {},
};

/** The Apertium code of a FLORES code: spa_Latn → spa. */
const apertiumCode = (flores: string) => flores.slice(0, 3);

const TAGGER = /\|\s*apertium-tagger /;
/** A pair's own constraint grammar (ita-spa has one): ours runs before it, as it may choose. */
const OWN_GRAMMAR = /\|\s*cg-proc /;
const PRETRANSFER = /\|\s*apertium-pretransfer/;
const BILINGUAL = /\|\s*lt-proc -z -b '[^']*'/;

const insertAfter = (command: string, at: RegExp, step: string) => {
  const match = at.exec(command);
  if (!match) return command;
  const end = match.index + match[0].length;
  return `${command.slice(0, end)} | ${step}${command.slice(end)}`;
};

export class PairRules {
  private readonly manifest: Manifest;

  constructor(
    manifest: Partial<Manifest> = {},
    private readonly dir: URL = PAIR_RULES_DIR,
  ) {
    this.manifest = { ...EMPTY, ...manifest };
  }

  static load(dir: URL = PAIR_RULES_DIR): PairRules {
    try {
      return new PairRules(
        JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8')) as Partial<Manifest>,
        dir,
      );
    } catch {
      return new PairRules({}, dir);
    }
  }

  /** These rules without the named kinds (`disambiguation`…): what each brings is measured so. */
  without(kinds: readonly string[]): PairRules {
    const kept = Object.entries(this.manifest).map(([kind, files]) => [
      kind,
      kinds.includes(kind) ? {} : files,
    ]);
    return new PairRules(Object.fromEntries(kept) as Partial<Manifest>, this.dir);
  }

  /** How many rule files the pipelines use. */
  get size(): number {
    return Object.values(this.manifest).reduce((n, files) => n + Object.keys(files).length, 0);
  }

  /**
   * The mode's shell pipeline with its rules. Before any other step is added: the construction
   * steps then run before the engine's own (subject pronouns, register, gender).
   */
  apply(mode: string, source: string, target: string, command: string): string {
    const path = (file: string) => `'${new URL(file, this.dir).pathname}'`;
    const sed = (file: string) => `sed -u -z -E -f ${path(file)}`;
    const from = apertiumCode(source);
    const to = apertiumCode(target);
    let result = command;
    const text = this.manifest.sourceText[from];
    // Before the analyser, the pipeline's first step.
    if (text) result = `${sed(text)} | ${result}`;
    const grammar = this.manifest.disambiguation[from];
    if (grammar) {
      // -w where the pair's analyser keeps the dictionary's case (lt-proc -w), as its own cg-proc.
      const caseFlag = /^lt-proc -z -w /.test(result) ? ' -w' : '';
      const before = OWN_GRAMMAR.test(result) ? OWN_GRAMMAR : TAGGER;
      result = withStepBefore(result, before, `cg-proc -z${caseFlag} ${path(grammar)}`);
    }
    const selection = this.manifest.selection[mode];
    if (selection) result = insertAfter(result, BILINGUAL, `lrx-proc -z ${path(selection)}`);
    // A language's constructions run in every mode from (into) it, a mode's own after them.
    for (const name of [from, mode]) {
      const rules = this.manifest.sourceConstructions[name];
      if (rules) result = withStepBefore(result, PRETRANSFER, sed(rules));
    }
    for (const name of [to, mode]) {
      const rules = this.manifest.targetConstructions[name];
      if (rules) result = withStepBefore(result, GENERATOR, sed(rules));
    }
    return result;
  }
}
