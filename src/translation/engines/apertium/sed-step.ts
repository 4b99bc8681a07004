/**
 * A `sed` step inserted into a mode's shell pipeline (from apertium-wblank-mode): -z reads one
 * request at a time (they end in \0) and -u writes each out at once, as the null-flush pipeline
 * needs; -E for the rules' extended expressions.
 */

/** Where the generator starts: steps that rewrite lexical units go just before it. */
export const GENERATOR = /\|\s*lt-proc -z \$1 /;

/**
 * `command` with a sed step running `script` just before the first match of `before`, or
 * unchanged when the pipeline has no such stage.
 */
export function withSedStep(command: string, before: RegExp, script: string): string {
  return withStepBefore(command, before, `sed -u -z -E '${script}'`);
}

/** `command` with `step` just before the first match of `before`, or unchanged without one. */
export function withStepBefore(command: string, before: RegExp, step: string): string {
  const at = command.search(before);
  if (at < 0) return command;
  return `${command.slice(0, at)}| ${step} ${command.slice(at)}`;
}

/**
 * The sed block that runs `rules` only in a request holding the unescaped superblank `mark`
 * (e.g. `[FORMAL]`): the text's own brackets are escaped, so only the engine's mark matches.
 */
export function whenMarked(mark: string, rules: readonly string[]): string {
  const escaped = mark.replace(/[[\]]/g, '\\$&');
  return [`/(^|[^\\\\])${escaped}/{`, ...rules, '}'].join('\n');
}
