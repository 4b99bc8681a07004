/** Child register: short sentences. */
import { type Language, SENTENCES } from './register-text.js';

const CONNECTORS: Record<Language, RegExp> = {
  en: /\s*;\s*|,\s+(?:and|but|so|which|because)\s+/giu,
  fr: /\s*;\s*|,\s+(?:et|mais|donc|ce qui|car)\s+/giu,
  es: /\s*;\s*|,\s+(?:y|pero|así que|lo que|lo cual|porque)\s+/giu,
};
const OPENERS: Record<string, string> = {
  but: 'But',
  so: 'So',
  which: 'This',
  because: 'This is because',
  mais: 'Mais',
  donc: 'Donc',
  'ce qui': 'Cela',
  car: "C'est parce que",
  pero: 'Pero',
  'así que': 'Así que',
  'lo que': 'Esto',
  'lo cual': 'Esto',
  porque: 'Es porque',
};
const MIN_LONG = 12;
const MIN_PART = 4;

function words(text: string): number {
  return text.split(/\s+/u).filter((w) => /\p{L}|\p{N}/u.test(w)).length;
}

/** Child register: a long sentence is cut at `;`, `, and`, `, which`… into short ones. */
export function childVerbsAndSplit(text: string, language: Language): string {
  return text.replace(SENTENCES, (sentence) => {
    if (words(sentence) <= MIN_LONG) return sentence;
    const pieces: string[] = [];
    let from = 0;
    let pending = '';
    for (const match of sentence.matchAll(CONNECTORS[language])) {
      const left = sentence.slice(from, match.index);
      const right = sentence.slice(match.index + match[0].length);
      if (words(left) < MIN_PART || words(right) < MIN_PART) continue;
      pieces.push(pending + left.trimEnd() + '.');
      const word = match[0]
        .replace(/^[\s,;]+/u, '')
        .trim()
        .toLowerCase();
      const opener = OPENERS[word];
      pending = opener ? `${opener} ` : '';
      from = match.index + match[0].length;
    }
    if (pieces.length === 0) return sentence;
    const rest = sentence.slice(from);
    pieces.push(pending ? pending + rest : rest);
    return pieces.map((piece) => capitalize(piece.trimStart())).join(' ');
  });
}

function capitalize(text: string): string {
  return text.length > 0 ? text[0].toUpperCase() + text.slice(1) : text;
}
