import { Span } from '../../../language/medical-tokens.js';

/**
 * Plain text ⇄ the Apertium stream format, done in-process so a persistent null-flush pipeline can
 * be used (apertium-destxt/retxt cannot flush per request).
 *
 * - Reserved characters are backslash-escaped.
 * - Protected spans (doses, numbers) and the characters Apertium uses as unknown-word markers
 *   (`*`, `#`, `@`) travel as superblanks `[…]`, which every stage passes through verbatim; so any
 *   marker left in the output is Apertium's own and can be removed.
 * - Line breaks become superblanks preceded by `.[]`, as apertium-destxt does, so each paragraph
 *   ends a sentence for the tagger; the reformatter removes that `.[]` again.
 */
const RESERVED = /[\\[\]^$/<>{}]/g;
const MARKERS = /[*#@]/;
const escape = (text: string) => text.replace(RESERVED, (c) => `\\${c}`);
const superblank = (text: string) => `[${escape(text)}]`;

function encodeFree(text: string): string {
  let out = '';
  for (const part of text.split(/(\s*\n\s*|[*#@])/)) {
    if (part === '') continue;
    if (part.includes('\n')) out += `.[]${superblank(part)}`;
    else if (MARKERS.test(part)) out += superblank(part);
    else out += escape(part);
  }
  return out;
}

/**
 * Encodes `text` for the pipeline, with `spans` (sorted, non-overlapping) kept verbatim, or
 * written as their `replacement` when they have one.
 */
export function toApertiumStream(text: string, spans: readonly Span[]): string {
  let out = '';
  let cursor = 0;
  for (const { start, end, replacement } of spans) {
    out +=
      encodeFree(text.slice(cursor, start)) + superblank(replacement ?? text.slice(start, end));
    cursor = end;
  }
  return `${out}${encodeFree(text.slice(cursor))}.[]`;
}

// An escaped character or a superblank: matched first, so that a `*`, `#` or `@` inside one is
// passed over (group 1), not taken for a marker.
const KEPT = String.raw`(\\.|\[(?:\\.|[^\]\\])*\])`;
const MARKED_WORD = new RegExp(String.raw`${KEPT}|[*@]((?:\\.|[\p{L}\p{N}'’-])+)`, 'gu');
const MARKER = new RegExp(String.raw`${KEPT}|[*#@](?=[\p{L}\p{N}])`, 'gu');

/**
 * The words Apertium marked as untranslated in a step's output (generator run with marks, `-g`):
 * `*word`, unknown to the source dictionary, and `@word`, known but missing from the bilingual
 * one; both are source-language words left in the output. Not `#lemma`, a known word the
 * generator could not inflect. Superblanks (numbers, terms) are skipped.
 */
export function unknownWords(stream: string): string[] {
  const words: string[] = [];
  for (const m of stream.matchAll(MARKED_WORD)) {
    if (m[2]) words.push(m[2].replace(/\\(.)/g, '$1'));
  }
  return words;
}

/** Removes unknown-word markers Apertium may add (`*word`, `#word`, `@word`) outside superblanks. */
export function stripMarkers(stream: string): string {
  return stream.replace(MARKER, (_m, kept) => kept ?? '');
}

/** Decodes pipeline output back to plain text. */
export function fromApertiumStream(stream: string): string {
  const text = stripMarkers(stream)
    .replace(/\.\[\]/g, '')
    .replace(
      /\\(.)|\[((?:\\.|[^\]\\])*)\]/gs,
      (_m, escaped?: string, blank?: string) => escaped ?? (blank ?? '').replace(/\\(.)/gs, '$1'),
    );
  // A dropped subject pronoun ("I have" → "Tengo") leaves a leading space on its line, and a
  // blank moved by transfer may leave one before a full stop or comma (never spaced in the five
  // languages; French spaces only ; : ! ?).
  return text
    .split('\n')
    .map((line) =>
      line
        .trim()
        .replace(/ {2,}/g, ' ')
        .replace(/ +([.,])(?=\s|$)/g, '$1'),
    )
    .join('\n');
}
