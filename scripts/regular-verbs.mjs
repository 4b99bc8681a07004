/**
 * The forms of a regular first-conjugation verb (French -er, Portuguese -ar, Italian -are), for
 * the clinical verbs no Apertium generator of the language knows ("tousser", "sangrar",
 * "palpare"). Written here because no Debian or npm package conjugates these languages; kept to
 * the regular pattern and its spelling rules (mangeons, commençons, toquei, cerchi). A verb whose
 * stem changes its vowel (peler → pèle, digérer → digère) is left out: its forms would be wrong.
 * Tags as in ROMANCE_VERB_TAGS of apertium-lexicon.mjs (`pri.p1.sg` …).
 */

const PERSONS = ['p1.sg', 'p2.sg', 'p3.sg', 'p1.pl', 'p2.pl', 'p3.pl'];
const table = (tense, endings) => endings.map((ending, i) => [`${tense}.${PERSONS[i]}`, ending]);

const FRENCH = [
  ['inf', 'er'],
  ['ger', 'ant'],
  ['pp.m.sg', 'é'],
  ['pp.f.sg', 'ée'],
  ['pp.m.pl', 'és'],
  ['pp.f.pl', 'ées'],
  ...table('pri', ['e', 'es', 'e', 'ons', 'ez', 'ent']),
  ...table('pii', ['ais', 'ais', 'ait', 'ions', 'iez', 'aient']),
  ...table('ifi', ['ai', 'as', 'a', 'âmes', 'âtes', 'èrent']),
  ...table('fti', ['erai', 'eras', 'era', 'erons', 'erez', 'eront']),
  ...table('cni', ['erais', 'erais', 'erait', 'erions', 'eriez', 'eraient']),
  ...table('prs', ['e', 'es', 'e', 'ions', 'iez', 'ent']),
  ...table('pis', ['asse', 'asses', 'ât', 'assions', 'assiez', 'assent']),
  ['imp.p2.sg', 'e'],
  ['imp.p2.pl', 'ez'],
];

const PORTUGUESE = [
  ['inf', 'ar'],
  ['ger', 'ando'],
  ['pp.m.sg', 'ado'],
  ['pp.f.sg', 'ada'],
  ['pp.m.pl', 'ados'],
  ['pp.f.pl', 'adas'],
  ...table('pri', ['o', 'as', 'a', 'amos', 'ais', 'am']),
  ...table('pii', ['ava', 'avas', 'ava', 'ávamos', 'áveis', 'avam']),
  ...table('ifi', ['ei', 'aste', 'ou', 'amos', 'astes', 'aram']),
  ...table('fti', ['arei', 'arás', 'ará', 'aremos', 'areis', 'arão']),
  ...table('cni', ['aria', 'arias', 'aria', 'aríamos', 'aríeis', 'ariam']),
  ...table('prs', ['e', 'es', 'e', 'emos', 'eis', 'em']),
  ...table('pis', ['asse', 'asses', 'asse', 'ássemos', 'ásseis', 'assem']),
  ['imp.p2.sg', 'a'],
  ['imp.p3.sg', 'e'],
  ['imp.p2.pl', 'ai'],
  ['imp.p3.pl', 'em'],
];

const ITALIAN = [
  ['inf', 'are'],
  ['ger', 'ando'],
  ['pp.m.sg', 'ato'],
  ['pp.f.sg', 'ata'],
  ['pp.m.pl', 'ati'],
  ['pp.f.pl', 'ate'],
  ...table('pri', ['o', 'i', 'a', 'iamo', 'ate', 'ano']),
  ...table('pii', ['avo', 'avi', 'ava', 'avamo', 'avate', 'avano']),
  ...table('ifi', ['ai', 'asti', 'ò', 'ammo', 'aste', 'arono']),
  ...table('fti', ['erò', 'erai', 'erà', 'eremo', 'erete', 'eranno']),
  ...table('cni', ['erei', 'eresti', 'erebbe', 'eremmo', 'ereste', 'erebbero']),
  ...table('prs', ['i', 'i', 'i', 'iamo', 'iate', 'ino']),
  ...table('pis', ['assi', 'assi', 'asse', 'assimo', 'aste', 'assero']),
  ['imp.p2.sg', 'a'],
  ['imp.p3.sg', 'i'],
  ['imp.p2.pl', 'ate'],
  ['imp.p3.pl', 'ino'],
];

/** Stem + ending with the language's spelling rules at the join. */
const JOIN = {
  fr: (stem, ending) => {
    if (/^[aâo]/.test(ending) && stem.endsWith('g')) return `${stem}e${ending}`;
    if (/^[aâo]/.test(ending) && stem.endsWith('c')) return `${stem.slice(0, -1)}ç${ending}`;
    return stem + ending;
  },
  pt: (stem, ending) => {
    if (!/^[eé]/.test(ending)) return stem + ending;
    if (stem.endsWith('ç')) return `${stem.slice(0, -1)}c${ending}`;
    if (stem.endsWith('c')) return `${stem.slice(0, -1)}qu${ending}`;
    if (stem.endsWith('g')) return `${stem}u${ending}`;
    return stem + ending;
  },
  it: (stem, ending) => {
    if (/^[eèéi]/.test(ending) && /[cg]$/.test(stem)) return `${stem}h${ending}`;
    if (ending.startsWith('i') && stem.endsWith('i')) return stem + ending.slice(1);
    return stem + ending;
  },
};

const PATTERNS = {
  fr: { infinitive: /^(.+)er$/, endings: FRENCH, vowelChange: /[eé][^aeiouyéèêâîôû]+$/ },
  pt: { infinitive: /^(.+)ar$/, endings: PORTUGUESE },
  it: { infinitive: /^(.+)are$/, endings: ITALIAN },
};

/** [tags, form] of every inflection, or [] when the verb is not a regular first-conjugation one. */
export function regularVerbForms(lemma, language) {
  const pattern = PATTERNS[language];
  const stem = pattern?.infinitive.exec(lemma)?.[1];
  if (!stem || (pattern.vowelChange && pattern.vowelChange.test(stem))) return [];
  // French "aller" and its kind are not regular, nor are Portuguese "dar", "estar".
  if (['aller', 'envoyer', 'dar', 'estar', 'andare', 'dare', 'stare', 'fare'].includes(lemma))
    return [];
  return pattern.endings.map(([tags, ending]) => [
    tags.split('.'),
    tags === 'inf' ? lemma : JOIN[language](stem, ending),
  ]);
}
