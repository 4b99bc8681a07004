import type { FixedTerm } from './translation-engine.js';

/**
 * Protection of terms for a neural engine that has no "do not translate" mark (LibreTranslate
 * in text format): each term's span becomes a placeholder the engine copies through like a code
 * or a name (`XQZ1`, `XQZ2`…: ASCII letters and digits, which every model's vocabulary holds),
 * and the target form is written in its place afterwards. A neural model may still drop, repeat,
 * split or re-case a placeholder, so the restoration accepts any case and a space before the
 * digits, and gives up when a placeholder is not there exactly once.
 */

const PREFIX = 'XQZ';
const PLACEHOLDER = /XQZ ?(\d+)(?!\p{N})/giu;

/** `text` with each term replaced by its placeholder; undefined if the text itself holds one. */
export function withPlaceholders(text: string, terms: readonly FixedTerm[]): string | undefined {
  if (text.toUpperCase().includes(PREFIX)) return undefined;
  let protectedText = '';
  let at = 0;
  terms.forEach((term, i) => {
    protectedText += `${text.slice(at, term.start)}${PREFIX}${i + 1}`;
    at = term.end;
  });
  return protectedText + text.slice(at);
}

/**
 * The translation with each placeholder replaced by its term's target form, or undefined when a
 * placeholder was lost, repeated or mangled: then the terms' places are unknown.
 */
export function restoreTerms(translated: string, terms: readonly FixedTerm[]): string | undefined {
  const seen = new Array<number>(terms.length).fill(0);
  let unknown = false;
  const restored = translated.replace(PLACEHOLDER, (placeholder, digits: string) => {
    const index = Number(digits) - 1;
    if (!(index in seen)) {
      unknown = true;
      return placeholder;
    }
    seen[index]++;
    return terms[index].replacement;
  });
  const intact = !unknown && seen.every((count) => count === 1);
  return intact && !restored.toUpperCase().includes(PREFIX) ? restored : undefined;
}
