/**
 * Clinical adjectives whose form in the target language follows the gender of the person they
 * describe ("allergic" → alérgico / alérgica). The table holds both as sibling rows (`allergic-m`,
 * `allergic-f`); the matcher takes the first, so a female patient asked "Are you allergic?" read
 * "¿Es alérgico?" (issue 30, item 7). Where the source's own form tells the gender (Spanish
 * "alérgica"), its row stands. Where it does not (English "allergic", French "allergique"), the
 * sentence says whom it is about: its speaker ("I am allergic"), its addressee ("Are you
 * allergic?"), or someone else ("Is your son allergic?"), left at the table's first row.
 */
import type { TermRow } from '../../config/term-table.js';
import type { PartyGender, PartyGenders } from '../engines/translation-engine.js';
import { withCase, type TermMatch } from './term-matcher.js';

const SIBLING = /^(.+)-([mf])$/;

/** Words that make the speaker the subject, by ISO 639-1 code. */
const FIRST_PERSON: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set(['i', "i'm", 'im', "i've", "i'd", 'me', 'my', 'myself']),
  fr: new Set(['je', "j'", 'j', 'moi', 'suis', 'mon', 'ma', 'mes']),
  es: new Set(['yo', 'estoy', 'soy', 'me', 'mi', 'mis']),
  pt: new Set(['eu', 'estou', 'sou', 'me', 'meu', 'minha']),
  it: new Set(['io', 'sto', 'mi', 'mio', 'mia']),
};
/** Words that make the addressee the subject. */
const SECOND_PERSON: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set(['you', "you're", 'youre', 'yourself']),
  fr: new Set(['vous', 'tu', 'êtes', 'es']),
  es: new Set(['usted', 'está', 'es', 'tú', 'estás', 'eres']),
  pt: new Set(['você', 'senhor', 'senhora', 'está', 'é']),
  it: new Set(['lei', 'tu', 'è', 'sei']),
};
/** Someone else: a relative or a third person, whose gender the session does not know. */
const THIRD_PARTY = new Set(
  'he she his her him they their son daughter child baby boy girl husband wife mother father brother sister il elle son sa fils fille bébé mari femme mère père él ella hijo hija bebé esposo esposa marido madre padre ele ela filho filha marido esposa mãe pai lui lei figlio figlia bambino bambina marito moglie madre padre'.split(
    ' ',
  ),
);

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}']+/u)
    .flatMap((w) => (w.includes("'") ? [w, w.split("'")[0] + "'"] : [w]))
    .filter(Boolean);

/** The gender of the person `text` (in `language`) is about, when the session knows it. */
export function describedGender(
  text: string,
  language: string,
  { speakerGender, addresseeGender }: PartyGenders,
): PartyGender | undefined {
  const words = wordsOf(text);
  const has = (set: ReadonlySet<string> | undefined) => words.some((w) => set?.has(w));
  // "Is your son allergic?": neither party; Italian "lei" is both she and the formal you.
  const others = words.filter((w) => THIRD_PARTY.has(w) && !(language === 'it' && w === 'lei'));
  if (others.length > 0) return undefined;
  if (has(FIRST_PERSON[language])) return speakerGender;
  if (has(SECOND_PERSON[language])) return addresseeGender;
  return undefined;
}

/**
 * `terms` with each gendered adjective (a row with a `-m`/`-f` sibling) set to `gender`, where
 * the matched source words are shared by both siblings (they do not tell the gender themselves).
 */
export function withGenderedTerms<T extends TermMatch>(
  terms: readonly T[],
  text: string,
  rows: ReadonlyMap<string, TermRow>,
  source: string,
  target: string,
  gender: PartyGender | undefined,
): T[] {
  if (!gender) return [...terms];
  const wanted = gender === 'female' ? 'f' : 'm';
  return terms.map((term) => {
    const parts = SIBLING.exec(term.row.concept);
    if (!parts || parts[2] === wanted) return term;
    const sibling = rows.get(`${parts[1]}-${wanted}`);
    const said = text.slice(term.start, term.end).toLowerCase().normalize('NFC');
    const sharedForm = sibling?.forms.get(source)?.some((f) => f.toLowerCase() === said);
    const form = sibling?.forms.get(target)?.[0];
    if (!sibling || !sharedForm || !form) return term;
    return { ...term, row: sibling, replacement: withCase(form, text.slice(term.start, term.end)) };
  });
}
