/**
 * Compiles the clinical lexicon (src/translation/engines/apertium/lexicon/clinical-nouns.tsv)
 * into the Debian Apertium pairs, as Apertium adds words: for each mode, a monolingual
 * dictionary of the source forms (analyser), a bilingual one, and one of the target forms
 * (generator), written as .dix, compiled with lt-comp and appended to a copy of the pair's
 * binaries with lt-append (Debian package lttoolbox-dev). Only what a pair lacks is added: a
 * form its analyser already reads, a lemma its bilingual dictionary already translates and a
 * form its generator already writes are left to it. The result goes to build/apertium/<mode>/,
 * with manifest.json (Debian file → extended copy, relative to build/apertium/), which the engine
 * reads at start (it falls back to Debian's files without it). Run by scripts/setup.mjs; idempotent (a stamp of the inputs).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { regularVerbForms } from './regular-verbs.mjs';

/** The modes the engine runs (apertium-modes.ts), with the lexicon columns of their languages. */
export const LEXICON_MODES = {
  'eng-spa': ['en', 'es'],
  'spa-eng': ['es', 'en'],
  'fr-es': ['fr', 'es'],
  'es-fr': ['es', 'fr'],
  'pt-es': ['pt', 'es'],
  'es-pt_BR': ['es', 'pt'],
  'ita-spa': ['it', 'es'],
  'spa-ita': ['es', 'it'],
};

const LANGUAGES = ['en', 'es', 'fr', 'pt', 'it'];

/**
 * The rows of a lexicon file: header `concept en es fr pt it`, one row per concept, # comments;
 * `cell(language, text, where)` reads one language's cell (`where` names the line for errors).
 */
function readRows(text, name, cell) {
  const lines = text.split('\n');
  if (lines[0] !== ['concept', ...LANGUAGES].join('\t')) {
    throw new Error(
      `${name}:1: the header must be: concept ${LANGUAGES.join(' ')} (tab-separated)`,
    );
  }
  const rows = [];
  lines.slice(1).forEach((line, index) => {
    if (line.trim() === '' || line.startsWith('#')) return;
    const where = `${name}:${index + 2}`;
    const cells = line.split('\t');
    if (cells.length !== 6) throw new Error(`${where}: expected 6 tab-separated cells`);
    const row = { concept: cells[0] };
    LANGUAGES.forEach((language, i) => (row[language] = cell(language, cells[i + 1], where)));
    rows.push(row);
  });
  return rows;
}

/** Nouns: each cell `singular;gender;plural` (English: no gender). */
export function parseLexicon(text, name = 'clinical-nouns.tsv') {
  return readRows(text, name, (language, text, where) => {
    const [lemma, gender, plural] = text.split(';');
    if (!lemma || !plural || /\s/.test(lemma + plural)) {
      throw new Error(`${where}: ${language} cell must be singular;gender;plural`);
    }
    if (language === 'en' ? gender !== '' : !['m', 'f'].includes(gender)) {
      throw new Error(
        `${where}: ${language} gender must be ${language === 'en' ? 'empty' : 'm or f'}`,
      );
    }
    return { lemma, gender, plural };
  });
}

/** Adjectives: English one form; es/fr/pt/it `masculine;feminine;masculine plural;feminine plural`. */
export function parseAdjectives(text, name = 'clinical-adjectives.tsv') {
  return readRows(text, name, (language, text, where) => {
    if (language === 'en') {
      if (!text || /[\s;]/.test(text)) throw new Error(`${where}: en cell must be one word`);
      return { lemma: text };
    }
    const forms = text.split(';');
    if (forms.length !== 4 || forms.some((f) => !f || /\s/.test(f))) {
      throw new Error(
        `${where}: ${language} cell must be masculine;feminine;masculine plural;feminine plural`,
      );
    }
    const [lemma, feminine, plural, femininePlural] = forms;
    return { lemma, feminine, plural, femininePlural };
  });
}

/** Verbs: each cell one infinitive. */
export function parseVerbs(text, name = 'clinical-verbs.tsv') {
  return readRows(text, name, (language, text, where) => {
    if (!text || /[\s;]/.test(text))
      throw new Error(`${where}: ${language} cell must be one infinitive`);
    return { lemma: text };
  });
}

const xml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** The inflections a verb is looked up in: Apertium's tags for Romance and English verbs. */
const PERSONS = ['p1', 'p2', 'p3'].flatMap((p) => [`${p}.sg`, `${p}.pl`]);
const ROMANCE_VERB_TAGS = [
  'inf',
  'ger',
  ...['m', 'f'].flatMap((g) => [`pp.${g}.sg`, `pp.${g}.pl`]),
  ...['pri', 'pii', 'ifi', 'fti', 'cni', 'prs', 'pis'].flatMap((t) =>
    PERSONS.map((p) => `${t}.${p}`),
  ),
  ...['p2.sg', 'p2.pl', 'p3.sg', 'p3.pl'].map((p) => `imp.${p}`),
].map((t) => t.split('.'));
const ENGLISH_VERB_TAGS = ['inf', 'pres', 'pres.p3.sg', 'past', 'pp', 'ger', 'imp'].map((t) =>
  t.split('.'),
);
const VERB_TAGS = (language) => (language === 'en' ? ENGLISH_VERB_TAGS : ROMANCE_VERB_TAGS);
const SYMBOLS = [
  ...new Set([
    'n',
    'adj',
    'vblex',
    'm',
    'f',
    'mf',
    'sg',
    'pl',
    ...[...ROMANCE_VERB_TAGS, ...ENGLISH_VERB_TAGS].flat(),
  ]),
];
const dix = (entries) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<dictionary>\n<alphabet/>\n<sdefs>${SYMBOLS.map(
    (s) => `<sdef n="${s}"/>`,
  ).join(
    '',
  )}</sdefs>\n<section id="clinical" type="standard">\n${entries.join('\n')}\n</section>\n</dictionary>\n`;
const entry = (left, right) => `<e><p><l>${left}</l><r>${right}</r></p></e>`;
/** A lexical unit as the .dix writes it, and as the stream writes it. */
const dixUnit = ({ lemma, tags }) => `${xml(lemma)}${tags.map((t) => `<s n="${t}"/>`).join('')}`;
const streamUnit = ({ lemma, tags }) => `^${lemma}${tags.map((t) => `<${t}>`).join('')}$`;

/**
 * What a lexicon word means to one mode: the source forms with their analyses, the bilingual
 * pair (lemma and the tags the bilingual dictionary keys on), the target forms.
 */
function nounItem(source, target) {
  const forms = (noun) => {
    const base = ['n', ...(noun.gender ? [noun.gender] : [])];
    return [
      { form: noun.lemma, lemma: noun.lemma, tags: [...base, 'sg'] },
      { form: noun.plural, lemma: noun.lemma, tags: [...base, 'pl'] },
    ];
  };
  const key = (noun) => ({ lemma: noun.lemma, tags: ['n', ...(noun.gender ? [noun.gender] : [])] });
  return {
    analyses: forms(source),
    left: key(source),
    right: key(target),
    generations: forms(target),
  };
}

/** An adjective's forms: English has one; es/fr/pt/it four, mf when both genders read alike. */
function adjectiveForms(adjective) {
  if (!adjective.feminine)
    return [{ form: adjective.lemma, lemma: adjective.lemma, tags: ['adj'] }];
  const { lemma, feminine, plural, femininePlural } = adjective;
  const unit = (form, gender, number) => ({ form, lemma, tags: ['adj', gender, number] });
  if (lemma === feminine && plural === femininePlural) {
    return [unit(lemma, 'mf', 'sg'), unit(plural, 'mf', 'pl')];
  }
  return [
    unit(lemma, 'm', 'sg'),
    unit(feminine, 'f', 'sg'),
    unit(plural, 'm', 'pl'),
    unit(femininePlural, 'f', 'pl'),
  ];
}

function adjectiveItem(source, target) {
  const generations = adjectiveForms(target);
  // A transfer may leave the gender undecided (mf): the masculine is written then.
  if (target.feminine) {
    generations.push(
      { form: target.lemma, lemma: target.lemma, tags: ['adj', 'mf', 'sg'] },
      { form: target.plural, lemma: target.lemma, tags: ['adj', 'mf', 'pl'] },
    );
  }
  return {
    analyses: adjectiveForms(source),
    left: { lemma: source.lemma, tags: ['adj'] },
    right: { lemma: target.lemma, tags: ['adj'] },
    generations,
  };
}

/**
 * Every verb's forms in `language`, written by the first generator of that language that knows
 * it (the pairs' generators are richer than their analysers: eng-spa writes every form of
 * "doler", which the Spanish–French analyser does not read); one lt-proc call per generator.
 * A verb no generator knows is conjugated by rule when it is regular (regular-verbs.mjs), and
 * has no forms otherwise.
 */
function verbFormsOf(lemmas, language, donors) {
  const forms = new Map();
  let pending = [...new Set(lemmas)];
  for (const generator of donors) {
    if (pending.length === 0) break;
    const units = pending.flatMap((lemma) =>
      VERB_TAGS(language).map((tags) => ({ lemma, tags: ['vblex', ...tags] })),
    );
    const written = runLines('lt-proc', ['-g', generator], units.map(streamUnit));
    const per = VERB_TAGS(language).length;
    pending = pending.filter((lemma, v) => {
      const own = units.slice(v * per, (v + 1) * per).map((unit, i) => ({
        ...unit,
        form: written[v * per + i],
      }));
      if (!own[0].form || own[0].form.startsWith('#')) return true;
      forms.set(
        lemma,
        own.filter((unit) => unit.form && !unit.form.startsWith('#') && !/\s/.test(unit.form)),
      );
      return false;
    });
  }
  // A regular first-conjugation verb no generator knows is conjugated by rule.
  for (const lemma of pending) {
    const regular = regularVerbForms(lemma, language);
    if (regular.length > 0) {
      forms.set(
        lemma,
        regular.map(([tags, form]) => ({ lemma, tags: ['vblex', ...tags], form })),
      );
    }
  }
  return forms;
}

function verbItem(source, target, sourceForms, targetForms) {
  return {
    analyses: sourceForms.get(source.lemma) ?? [],
    left: { lemma: source.lemma, tags: ['vblex'] },
    right: { lemma: target.lemma, tags: ['vblex'] },
    generations: targetForms.get(target.lemma) ?? [],
    // Looked up as an infinitive: the bilingual dictionary keys on the lemma and category.
    key: { lemma: source.lemma, tags: ['vblex', 'inf'] },
  };
}

/** Runs a pipeline stage on lines of input; one output line per input line. */
function runLines(command, args, lines) {
  const result = spawnSync(command, ['-z', ...args], {
    input: lines.map((l) => `${l}\0`).join(''),
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout.split('\0').slice(0, lines.length);
}

function sh(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
}

/** The three binaries of a mode, from its .mode file. */
function modeFiles(dataDir, mode) {
  const text = readFileSync(join(dataDir, 'modes', `${mode}.mode`), 'utf8');
  const find = (suffix) => text.match(new RegExp(`'([^']+\\.${suffix}\\.bin)'`))?.[1];
  return { automorf: find('automorf'), autobil: find('autobil'), autogen: find('autogen') };
}

/** What one mode lacks of the lexicon's items, as three lists of .dix entries. */
function missingEntries(files, items) {
  const analyses = items.flatMap((item) => item.analyses);
  const analysed = runLines(
    'lt-proc',
    [files.automorf],
    analyses.map((a) => a.form),
  );
  // A form the analyser reads only as another word ("russa": an adjective, not russare) gains
  // this analysis too; the disambiguation rules choose between them (issue 33).
  const analyser = analyses
    .filter(
      (a, i) =>
        analysed[i].includes('/*') ||
        !analysed[i].toLowerCase().includes(`/${a.lemma.toLowerCase()}<${a.tags[0]}>`),
    )
    .map((a) => entry(xml(a.form), dixUnit(a)));
  // The bilingual dictionary is asked with the first full analysis of each item (a verb: its
  // infinitive).
  const translated = runLines(
    'lt-proc',
    ['-b', files.autobil],
    items.map((item) => streamUnit(item.key ?? item.analyses[0])),
  );
  const bilingual = items
    .filter((_, i) => /\/@|^\^[^/]*\$$/.test(translated[i]))
    .map((item) => entry(dixUnit(item.left), dixUnit(item.right)));
  const generations = items.flatMap((item) => item.generations);
  const generated = runLines('lt-proc', ['-g', files.autogen], generations.map(streamUnit));
  const generator = generations
    .filter((_, i) => generated[i].startsWith('#'))
    .map((g) => entry(xml(g.form), dixUnit(g)));
  return { analyser, bilingual, generator };
}

/** Compiles `entries` (direction lr or rl) and appends them to `base`, into `out`. */
function append(base, entries, direction, work, out) {
  if (entries.length === 0) return base;
  const source = `${out}.dix`;
  writeFileSync(source, dix([...new Set(entries)]));
  sh('lt-comp', [direction, source, `${out}.extra`]);
  sh('lt-append', [base, `${out}.extra`, out]);
  rmSync(source);
  rmSync(`${out}.extra`);
  return out;
}

export function buildApertiumLexicon({ root, dataDir = '/usr/share/apertium', say = () => {} }) {
  const lexiconDir = join(root, 'src/translation/engines/apertium/lexicon');
  const nounsFile = join(lexiconDir, 'clinical-nouns.tsv');
  const adjectivesFile = join(lexiconDir, 'clinical-adjectives.tsv');
  const verbsFile = join(lexiconDir, 'clinical-verbs.tsv');
  const outDir = join(root, 'build', 'apertium');
  const hash = createHash('sha256')
    .update(readFileSync(new URL(import.meta.url)))
    .update(readFileSync(new URL('./regular-verbs.mjs', import.meta.url)));
  for (const file of [nounsFile, adjectivesFile, verbsFile]) {
    if (existsSync(file)) hash.update(file).update(readFileSync(file));
  }
  const inputs = hash.digest('hex');
  const stamp = join(outDir, '.stamp');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === inputs) return;
  say('compiling the clinical lexicon into the Apertium pairs (lt-comp, lt-append)');
  const nouns = parseLexicon(readFileSync(nounsFile, 'utf8'));
  const adjectives = existsSync(adjectivesFile)
    ? parseAdjectives(readFileSync(adjectivesFile, 'utf8'))
    : [];
  const verbs = existsSync(verbsFile) ? parseVerbs(readFileSync(verbsFile, 'utf8')) : [];
  // The generators of each language, among the installed modes: where a verb's forms come from.
  const donors = {};
  for (const [mode, [, to]] of Object.entries(LEXICON_MODES)) {
    if (!existsSync(join(dataDir, 'modes', `${mode}.mode`))) continue;
    const { autogen } = modeFiles(dataDir, mode);
    if (autogen) (donors[to] ??= []).push(autogen);
  }
  const verbForms = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      verbFormsOf(
        verbs.map((row) => row[language].lemma),
        language,
        donors[language] ?? [],
      ),
    ]),
  );
  rmSync(outDir, { recursive: true, force: true });
  const manifest = {};
  for (const [mode, [from, to]] of Object.entries(LEXICON_MODES)) {
    if (!existsSync(join(dataDir, 'modes', `${mode}.mode`))) continue;
    const files = modeFiles(dataDir, mode);
    if (!files.automorf || !files.autobil || !files.autogen) continue;
    const items = [
      ...nouns.map((row) => nounItem(row[from], row[to])),
      ...adjectives.map((row) => adjectiveItem(row[from], row[to])),
      ...verbs.map((row) => verbItem(row[from], row[to], verbForms[from], verbForms[to])),
    ];
    const missing = missingEntries(files, items);
    const dir = join(outDir, mode);
    mkdirSync(dir, { recursive: true });
    const replaced = {};
    const built = {
      automorf: append(files.automorf, missing.analyser, 'lr', dir, join(dir, 'automorf.bin')),
      autobil: append(files.autobil, missing.bilingual, 'lr', dir, join(dir, 'autobil.bin')),
      autogen: append(files.autogen, missing.generator, 'rl', dir, join(dir, 'autogen.bin')),
    };
    for (const kind of ['automorf', 'autobil', 'autogen']) {
      if (built[kind] !== files[kind]) replaced[files[kind]] = relative(outDir, built[kind]);
    }
    manifest[mode] = {
      replaced,
      added: {
        analyser: missing.analyser.length,
        bilingual: missing.bilingual.length,
        generator: missing.generator.length,
      },
    };
  }
  writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(stamp, inputs);
}

// Run directly (the Dockerfile): node scripts/apertium-lexicon.mjs
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildApertiumLexicon({
    root: fileURLToPath(new URL('..', import.meta.url)),
    say: (line) => process.stdout.write(`${line}\n`),
  });
}
