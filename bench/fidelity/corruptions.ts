/**
 * Ways to break a correct translation the way an engine breaks them, each a small change to the
 * reference that a clinician must not miss: an essential medical word dropped or swapped for
 * another one, the negation removed or added, a number changed, the sentence cut short.
 * Each returns undefined when it does not apply (no number to change, a sentence too short).
 */
import { negationCount, negators } from '../../src/orchestrator/pipeline/fidelity/negation.js';
import { numberWords } from '../../src/orchestrator/pipeline/fidelity/number-values.js';

/** Where `form` stands in `text` as whole words, case-insensitive, or undefined. */
export function findForm(text: string, form: string): { start: number; end: number } | undefined {
  const pattern = form
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+');
  const match = new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, 'iu').exec(
    text.normalize('NFC'),
  );
  return match ? { start: match.index, end: match.index + match[0].length } : undefined;
}

const tidy = (text: string) =>
  text
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([,.])/g, '$1')
    .trim();

/** `text` without the span. */
export function dropSpan(text: string, span: { start: number; end: number }): string {
  return tidy(text.normalize('NFC').slice(0, span.start) + text.normalize('NFC').slice(span.end));
}

/** `text` with the span replaced by `word` (capitalized when the span was). */
export function replaceSpan(
  text: string,
  span: { start: number; end: number },
  word: string,
): string {
  const normalized = text.normalize('NFC');
  const original = normalized.slice(span.start, span.end);
  const capital = original[0] !== original[0].toLowerCase();
  const replacement = capital ? word[0].toUpperCase() + word.slice(1) : word;
  return normalized.slice(0, span.start) + replacement + normalized.slice(span.end);
}

/** The first number (digits, else a number word) changed to another one. */
export function changeNumber(text: string, language: string): string | undefined {
  const digits = /(?<![\d.,])\d+/.exec(text);
  if (digits) {
    const n = Number(digits[0]);
    const changed = n >= 10 ? n * 2 : n + 1;
    return text.slice(0, digits.index) + changed + text.slice(digits.index + digits[0].length);
  }
  const words = numberWords(language);
  const byValue = new Map([...words].map(([w, v]) => [v, w]));
  for (const [word, value] of words) {
    const span = findForm(text, word);
    if (span) return replaceSpan(text, span, byValue.get(value === 12 ? 11 : value + 1)!);
  }
  return undefined;
}

/** The sentence cut after `fraction` of its words, its final punctuation kept (as ASR cuts). */
export function truncate(text: string, fraction: number): string | undefined {
  const tokens = text.trim().split(/\s+/);
  const wordCount = tokens.filter((t) => /[\p{L}\p{N}]/u.test(t)).length;
  if (wordCount < 4) return undefined;
  const kept = Math.max(1, Math.min(tokens.length - 1, Math.round(tokens.length * fraction)));
  const final = /\s*[.?!]+$/.exec(text.trim())?.[0] ?? '';
  return (
    tokens
      .slice(0, kept)
      .join(' ')
      .replace(/[,;:]$/, '') + final
  );
}

/** The negation removed when the sentence has one, else added. */
export function flipNegation(text: string, language: string): string | undefined {
  return negationCount(text, language) > 0
    ? removeNegation(text, language)
    : addNegation(text, language);
}

const CONTRACTIONS: Record<string, string> = { "can't": 'can', "won't": 'will', cannot: 'can' };

function removeNegation(text: string, language: string): string | undefined {
  if (language === 'en') {
    const contraction = /\b(\w+)n['’]t\b|\bcannot\b/i.exec(text);
    if (contraction) {
      const whole = contraction[0].toLowerCase().replace('’', "'");
      const positive = CONTRACTIONS[whole] ?? contraction[1];
      return (
        text.slice(0, contraction.index) +
        positive +
        text.slice(contraction.index + contraction[0].length)
      );
    }
  }
  if (language === 'fr') {
    const ne = /(?<![\p{L}])(?:ne\s+|n['’])/iu.exec(text);
    if (!ne) return undefined;
    const rest = text.slice(ne.index + ne[0].length);
    const capital = ne[0][0] === 'N';
    const withoutNe =
      text.slice(0, ne.index) + (capital ? rest[0].toUpperCase() + rest.slice(1) : rest);
    return tidy(withoutNe.replace(/(?<![\p{L}])pas(?![\p{L}])/u, ''));
  }
  for (const word of negators(language)) {
    const span = findForm(text, word);
    if (span && /\p{L}{2,}/u.test(word)) {
      const dropped = dropSpan(text, span);
      return span.start === 0 ? dropped[0].toUpperCase() + dropped.slice(1) : dropped;
    }
  }
  return undefined;
}

/** Subject pronouns and the determiners that start a subject (then skip article and noun). */
const SUBJECT: Record<string, { pronouns: string[]; determiners: string[]; negator: string }> = {
  es: {
    pronouns: ['yo', 'tú', 'usted', 'él', 'ella', 'nosotros', 'ustedes', 'ellos', 'ellas'],
    determiners: ['el', 'la', 'los', 'las', 'mi', 'mis', 'su', 'sus', 'este', 'esta'],
    negator: 'no',
  },
  pt: {
    pronouns: ['eu', 'você', 'ele', 'ela', 'nós', 'eles', 'elas'],
    determiners: ['o', 'a', 'os', 'as', 'meu', 'minha', 'seu', 'sua'],
    negator: 'não',
  },
  it: {
    pronouns: ['io', 'tu', 'lei', 'lui', 'noi', 'voi', 'loro'],
    determiners: ['il', 'lo', 'la', 'i', 'gli', 'le', 'mio', 'mia', 'suo', 'sua'],
    negator: 'non',
  },
  fr: {
    pronouns: ['je', 'j', 'tu', 'il', 'elle', 'on', 'nous', 'vous', 'ils', 'elles'],
    determiners: ['le', 'la', 'les', 'mon', 'ma', 'mes', 'votre', 'vos', 'son', 'sa', 'ses'],
    negator: 'ne',
  },
};
const FRENCH_CLITICS = new Set([
  'me',
  'm',
  'te',
  't',
  'se',
  's',
  'le',
  'la',
  'les',
  'l',
  'lui',
  'leur',
  'y',
  'en',
]);
const ENGLISH_AUXILIARIES = new Set([
  'is',
  'are',
  'am',
  'was',
  'were',
  'can',
  'could',
  'must',
  'should',
  'will',
  'would',
  'may',
  'might',
  'do',
  'does',
  'did',
  'have',
  'has',
  'had',
]);

const ENGLISH_NEGATED: Record<string, string> = { can: "can't", will: "won't", do: "don't" };

interface Token {
  readonly word: string;
  readonly start: number;
  readonly end: number;
}

/** Words with their place; a French inverted "Avez-vous" stays one token. */
const tokensOf = (text: string): Token[] =>
  [...text.matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu)].map((m) => ({
    word: m[0].toLowerCase(),
    start: m.index,
    end: m.index + m[0].length,
  }));

const insertAt = (text: string, at: number, words: string): string => {
  const before = text.slice(0, at);
  const after = text.slice(at);
  const sentenceStart = !/\p{L}/u.test(before);
  if (!sentenceStart) return `${before}${words} ${after}`;
  // "Tiene fiebre" → "No tiene fiebre": the inserted word takes the capital.
  const lowered = /^(Lei|I)\b/.test(after) ? after : after[0].toLowerCase() + after.slice(1);
  return `${before}${words[0].toUpperCase()}${words.slice(1)} ${lowered}`;
};

function addNegation(text: string, language: string): string | undefined {
  // "J'ai" → "Je n'ai pas": the elided subject gets its vowel back.
  if (language === 'fr' && /^j['’]/i.test(text)) text = `${text[0]}e ${text.slice(2)}`;
  const tokens = tokensOf(text);
  if (tokens.length === 0) return undefined;
  if (language === 'en') return addEnglishNegation(text, tokens);
  const rules = SUBJECT[language];
  if (!rules) return undefined;
  let i = 0;
  if (rules.pronouns.includes(tokens[0].word)) i = 1;
  else if (rules.determiners.includes(tokens[0].word)) i = 2;
  if (language === 'fr') {
    let verb = i;
    while (verb < tokens.length && FRENCH_CLITICS.has(tokens[verb].word)) verb++;
    if (verb >= tokens.length || i >= tokens.length) return undefined;
    const withPas = `${text.slice(0, tokens[verb].end)} pas${text.slice(tokens[verb].end)}`;
    const next = withPas.slice(tokens[i].start);
    const elided = /^[aeiouyéèêh]/i.test(next);
    return elided
      ? insertAt(withPas, tokens[i].start, "n'").replace(/n' /i, (m) => m.trim())
      : insertAt(withPas, tokens[i].start, 'ne');
  }
  if (i >= tokens.length) return undefined;
  return insertAt(text, tokens[i].start, rules.negator);
}

function addEnglishNegation(text: string, tokens: Token[]): string {
  const aux = tokens.findIndex((t) => ENGLISH_AUXILIARIES.has(t.word));
  // "Do you have…" → "Do you not have…"; "You must eat" → "You must not eat".
  // A question's auxiliary takes n't: "Does your chest…" → "Doesn't your chest…".
  if (aux === 0 && tokens[0].word !== 'am') {
    const negated = ENGLISH_NEGATED[tokens[0].word] ?? `${tokens[0].word}n't`;
    const capital = negated[0].toUpperCase() + negated.slice(1);
    return text.slice(0, tokens[0].start) + capital + text.slice(tokens[0].end);
  }
  if (aux > 0) return `${text.slice(0, tokens[aux].end)} not${text.slice(tokens[aux].end)}`;
  const subject = tokens.findIndex((t) =>
    ['i', 'you', 'we', 'they', 'he', 'she', 'it'].includes(t.word),
  );
  if (subject >= 0) {
    const does = ['he', 'she', 'it'].includes(tokens[subject].word) ? 'does not' : 'do not';
    return `${text.slice(0, tokens[subject].end)} ${does}${text.slice(tokens[subject].end)}`;
  }
  return insertAt(text, tokens[0].start, 'do not');
}
