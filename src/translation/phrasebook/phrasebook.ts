import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PhraseEntry } from './phrase-entry.js';
import { completeEntry, originOf, readPhraseFile, type WrittenEntry } from './phrase-file.js';
import { PHRASE_LANGUAGES, type PatientGender, type PhraseLanguage } from './phrase-language.js';
import { LanguageMatcher, type MatchOutcome, type PhraseMatch } from './phrase-matcher.js';
import { PLACE_FORM } from './place-adjunct.js';
import { checkEntries, type PhrasebookProblem } from './phrasebook-check.js';
import { PhrasebookError } from './phrasebook-error.js';
import { generatedValues, readValueFile, ValueLexicon } from './values/value-lexicon.js';
import { YamlSource } from './yaml-source.js';
import type { TargetBook } from './targets/target-book.js';
import { checkTargetBook } from './targets/target-check.js';
import type { TargetLanguage } from './targets/target-language.js';
import { readTargetBooks } from './targets/read-target-book.js';
import { TargetTemplate, TargetTemplateError } from './targets/target-template.js';
import { PhraseSuggester, type PhraseSuggestion } from './suggestions/phrase-suggester.js';
import { AnswerBook } from './answers/answer-book.js';
import { unpunctuatedSplits, utteranceReadings } from './utterance-parts.js';
import { PhraseSignatures } from './signatures/phrase-signatures.js';
import { StoredSignatureFile } from './signatures/stored-signature-file.js';

/** The built-in data: data/<domain>.yaml and data/values/<type>.yaml. */
export const PHRASEBOOK_DATA_DIR = fileURLToPath(new URL('./data/', import.meta.url));

const LOADED = new Map<string, Phrasebook>();

export interface PhrasebookSources {
  readonly dataDir?: string;
  /** A hospital's own phrases and translations (PHRASEBOOK_FILE). */
  readonly overlayFile?: string;
}

/** What the phrasebook holds besides the phrases of the five languages (issue 32). */
export interface PhrasebookExtras {
  /** The languages it only writes to. */
  readonly targets?: readonly TargetBook[];
  /** Where they were read from (named by the check's problems). */
  readonly targetsDir?: string;
  readonly answers?: AnswerBook;
  /** The matchers' bags already computed, by text; filled with those computed here. */
  readonly signatures?: PhraseSignatures;
}

/**
 * The fixed phrases: canonical sentences of a clinician in five languages with their variables,
 * and a matcher per language. Built once at start; an error in a file stops the start and names
 * the file and the line.
 */
export class Phrasebook {
  private readonly matchers: ReadonlyMap<PhraseLanguage, LanguageMatcher>;
  private readonly suggesters: ReadonlyMap<PhraseLanguage, PhraseSuggester>;
  /** The languages the phrasebook only writes to (data/targets/), by key. */
  readonly targets: ReadonlyMap<TargetLanguage, TargetBook>;

  private constructor(
    readonly entries: ReadonlyMap<string, PhraseEntry>,
    readonly lexicon: ValueLexicon,
    targets: readonly TargetBook[],
    private readonly targetsDir: string,
    /** What each question expects as an answer, and the answers in every language. */
    readonly answers?: AnswerBook,
    signatures = new PhraseSignatures(),
  ) {
    const matchers = new Map<PhraseLanguage, LanguageMatcher>();
    const suggesters = new Map<PhraseLanguage, PhraseSuggester>();
    for (const language of PHRASE_LANGUAGES) {
      const matcher = new LanguageMatcher(language, lexicon, signatures);
      const suggester = new PhraseSuggester(matcher);
      for (const entry of entries.values()) {
        for (const template of [entry.texts[language], ...entry.also[language]]) {
          suggester.add(entry, matcher.add(entry, template));
        }
      }
      matchers.set(language, matcher);
      suggesters.set(language, suggester);
    }
    this.matchers = matchers;
    this.suggesters = suggesters;
    this.targets = new Map(targets.map((book) => [book.language, book]));
  }

  /** The phrasebook of these sources, built once per process (the tests start many apps). */
  static cached(sources: PhrasebookSources = {}): Phrasebook {
    const key = `${sources.dataDir ?? PHRASEBOOK_DATA_DIR}\n${sources.overlayFile ?? ''}`;
    return Phrasebook.once(key, () => Phrasebook.load(sources));
  }

  /** The phrasebook built for `key`, built by `build` the first time it is asked for. */
  private static once(key: string, build: () => Phrasebook): Phrasebook {
    let phrasebook = LOADED.get(key);
    if (!phrasebook) {
      phrasebook = build();
      LOADED.set(key, phrasebook);
    }
    return phrasebook;
  }

  static load(
    { dataDir = PHRASEBOOK_DATA_DIR, overlayFile }: PhrasebookSources = {},
    signatures = storedSignatures(dataDir),
  ): Phrasebook {
    return Phrasebook.build(
      yamlFiles(dataDir).map((file) => YamlSource.read(file)),
      yamlFiles(join(dataDir, 'values')).map((file) => YamlSource.read(file)),
      overlayFile ? YamlSource.read(overlayFile) : undefined,
      {
        targets: readTargetBooks(join(dataDir, 'targets')),
        targetsDir: join(dataDir, 'targets'),
        answers: existsSync(join(dataDir, 'answers', 'answers.yaml'))
          ? AnswerBook.read(
              YamlSource.read(join(dataDir, 'answers', 'answers.yaml')),
              YamlSource.read(join(dataDir, 'answers', 'expected.yaml')),
            )
          : undefined,
        signatures,
      },
    );
  }

  /**
   * What patients say (data/patient/, issue 33): first-person statements in the five languages,
   * matched as strictly as the clinician's phrases, with the same values; no targets or answers.
   * Built once per process.
   */
  static patientStatements(dataDir = PHRASEBOOK_DATA_DIR): Phrasebook {
    return Phrasebook.once(`patient\n${dataDir}`, () =>
      Phrasebook.loadPatientStatements(dataDir, storedSignatures(dataDir)),
    );
  }

  private static loadPatientStatements(dataDir: string, signatures?: PhraseSignatures) {
    const dir = join(dataDir, 'patient');
    return Phrasebook.build(
      existsSync(dir) ? yamlFiles(dir).map((file) => YamlSource.read(file)) : [],
      yamlFiles(join(dataDir, 'values')).map((file) => YamlSource.read(file)),
      undefined,
      { signatures },
    );
  }

  /**
   * Every bag the built-in phrasebook and patients' statements index, computed (none read from
   * a stored file): what the build stores (scripts/phrasebook-signatures.mjs).
   */
  static computeSignatures(dataDir = PHRASEBOOK_DATA_DIR): PhraseSignatures {
    const signatures = new PhraseSignatures();
    Phrasebook.load({ dataDir }, signatures);
    Phrasebook.loadPatientStatements(dataDir, signatures);
    return signatures;
  }

  /** A phrasebook of parsed files: the built-in ones, their values, and a hospital's overlay. */
  static build(
    phraseFiles: readonly YamlSource[],
    valueFiles: readonly YamlSource[],
    overlay?: YamlSource,
    { targets = [], targetsDir = '', answers, signatures }: PhrasebookExtras = {},
  ): Phrasebook {
    const lexicon = new ValueLexicon([...valueFiles.flatMap(readValueFile), ...generatedValues()]);
    const entries = new Map<string, PhraseEntry>();
    for (const written of phraseFiles.flatMap(readPhraseFile)) {
      const existing = entries.get(written.id);
      if (existing) {
        throw new PhrasebookError(
          written.file,
          written.line,
          `duplicate id "${written.id}" (first at ${existing.origin.file}:${existing.origin.line}).`,
        );
      }
      entries.set(written.id, completeEntry(written, 'built-in'));
    }
    let books = targets;
    if (overlay) {
      const written = readPhraseFile(overlay);
      applyOverlay(entries, written);
      books = withHospitalTargets(targets, written);
    }
    const phrasebook = new Phrasebook(entries, lexicon, books, targetsDir, answers, signatures);
    if (overlay) {
      // A hospital's file must not make the phrasebook ambiguous: its first problem stops the start.
      const [problem] = phrasebook.problems().filter((p) => p.file === overlay.file);
      if (problem) throw new PhrasebookError(problem.file, problem.line, problem.problem);
    }
    return phrasebook;
  }

  /** Everything wrong with the data (the check script and the tests want none). */
  problems(): PhrasebookProblem[] {
    return [
      ...checkEntries([...this.entries.values()], [...this.matchers.values()]),
      ...[...this.targets.values()].flatMap((book) =>
        checkTargetBook(book, this.entries, this.lexicon, join(this.targetsDir, book.language)),
      ),
      ...(this.answers?.problems(
        [...PHRASE_LANGUAGES, ...this.targets.keys()],
        new Set(this.entries.keys()),
      ) ?? []),
    ];
  }

  /**
   * The phrases closest to what was said, for the clinician to choose from when none matches
   * (the confirmation step): best first, each with the values the sentence named.
   */
  suggest(text: string, language: PhraseLanguage, limit: number): PhraseSuggestion[] {
    return this.suggesters.get(language)?.suggest(text, limit) ?? [];
  }

  /** A phrase with its values in a language it only writes to; undefined where not written. */
  renderTarget(
    match: PhraseMatch,
    language: TargetLanguage,
    gender: PatientGender,
  ): string | undefined {
    return this.targets.get(language)?.render(match, gender);
  }

  /** The matcher of a language (its normalizer serves tools that compare texts the same way). */
  matcher(language: PhraseLanguage): LanguageMatcher {
    const matcher = this.matchers.get(language);
    if (!matcher) throw new Error(`no phrasebook matcher for ${language}`);
    return matcher;
  }

  match(text: string, language: PhraseLanguage): MatchOutcome {
    const matcher = this.matchers.get(language);
    return matcher ? matcher.match(text) : { matched: false, reason: 'no_phrase' };
  }

  /**
   * The phrases of an utterance: one phrase for the whole, or, failing that, one for each of the
   * sentences it strings together (utteranceReadings), every one of them matched; undefined
   * when no reading is matched whole.
   */
  matchUtterance(text: string, language: PhraseLanguage): PhraseMatch[] | undefined {
    for (const reading of utteranceReadings(text, language)) {
      const matches = this.matchAll(reading, language);
      if (matches) return withoutRepeats(matches);
    }
    // Without punctuation, two phrases said one after the other: only when the splits that fit
    // agree ("take your time okay | there's no rush" and "take your time | okay there's no rush").
    const fits = unpunctuatedSplits(text, language).flatMap((split) => {
      const matches = this.matchAll(split, language);
      return matches ? [matches] : [];
    });
    return fits.length > 0 && new Set(fits.map(matchKey)).size === 1
      ? withoutRepeats(fits[0])
      : undefined;
  }

  /** Each sentence's phrase, or undefined when one of them matches none. */
  private matchAll(sentences: readonly string[], language: PhraseLanguage) {
    const matches: PhraseMatch[] = [];
    for (const sentence of sentences) {
      const outcome = this.match(sentence, language);
      if (!outcome.matched) return undefined;
      matches.push(outcome.match);
    }
    return matches;
  }

  /** The matched phrase in `language`, its values filled in, agreeing with the patient. */
  render(match: PhraseMatch, language: PhraseLanguage, gender: PatientGender): string {
    const text = match.entry.texts[language].render(language, match.values, gender);
    return withAdjunct(text, match, language);
  }

  /** The phrase's plainer wording in `language`, when one is written. */
  renderPlain(
    match: PhraseMatch,
    language: PhraseLanguage,
    gender: PatientGender,
  ): string | undefined {
    const text = match.entry.plain[language]?.render(language, match.values, gender);
    return text === undefined ? undefined : withAdjunct(text, match, language);
  }
}

/** What a reading matched: its phrases, values and adjuncts. */
const matchKey = (matches: readonly PhraseMatch[]) =>
  matches
    .map(
      (m) =>
        `${m.entry.id}{${[...m.values].map(([type, v]) => `${type}=${v.id}`).join(',')}}@${m.adjunct?.id ?? ''}`,
    )
    .join(' + ');

/** The same phrase said twice in a row in two ways ("Take your time, there's no rush"): once. */
const withoutRepeats = (matches: PhraseMatch[]) =>
  matches.filter((m, i) => i === 0 || matchKey([m]) !== matchKey([matches[i - 1]]));

/** The time or place said with a phrase, at the end of its sentence, before its punctuation. */
function withAdjunct(text: string, match: PhraseMatch, language: PhraseLanguage): string {
  if (!match.adjunct) return text;
  const end = /\s*[?!.]*$/.exec(text)?.index ?? text.length;
  const { forms } = match.adjunct.languages[language];
  const said = match.adjunct.type === 'body_part' ? forms[PLACE_FORM[language]] : forms.bare;
  return `${text.slice(0, end)} ${said}${text.slice(end)}`;
}

/**
 * The bags the build stored for the built-in data, when they are those of this code and data
 * (StoredSignatureFile); none for other data (a test's own folder).
 */
function storedSignatures(dataDir: string): PhraseSignatures | undefined {
  if (dataDir !== PHRASEBOOK_DATA_DIR) return undefined;
  if (STORED.signatures === null) STORED.signatures = new StoredSignatureFile().read();
  return STORED.signatures;
}

/** The stored bags, read once per process (null: not read yet). */
const STORED: { signatures: PhraseSignatures | undefined | null } = { signatures: null };

function yamlFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => join(dir, name));
}

/**
 * A hospital's entries: a known id replaces the texts it gives (and adds its other wordings);
 * a new id adds a phrase, written in every language.
 */
function applyOverlay(entries: Map<string, PhraseEntry>, overlay: readonly WrittenEntry[]): void {
  const seen = new Map<string, number>();
  for (const written of overlay) {
    if (seen.has(written.id)) {
      throw new PhrasebookError(
        written.file,
        written.line,
        `duplicate id "${written.id}" (also at line ${seen.get(written.id)}).`,
      );
    }
    seen.set(written.id, written.line);
    const existing = entries.get(written.id);
    if (!existing) {
      entries.set(written.id, completeEntry(written, written.file));
      continue;
    }
    const texts = { ...existing.texts, ...written.texts };
    const also = Object.fromEntries(
      PHRASE_LANGUAGES.map((l) => [l, [...existing.also[l], ...(written.also[l] ?? [])]]),
    ) as unknown as PhraseEntry['also'];
    // reviewed_by covers the texts the entry gives: one giving only other languages' texts
    // (issue 32) leaves the five languages' review as it was.
    const givesOwnTexts = Object.keys(written.texts).length > 0;
    entries.set(written.id, {
      ...existing,
      texts,
      also,
      plain: { ...existing.plain, ...written.plain },
      reviewedBy: givesOwnTexts ? written.reviewedBy : existing.reviewedBy,
      source: written.file,
      origin: originOf(written),
    });
  }
}

/**
 * A hospital's texts in the languages the phrasebook only writes to, over the built-in ones,
 * each reviewed by whom the entry says. A text in a language the phrasebook has no folder for,
 * or that is malformed, stops the start at its line.
 */
function withHospitalTargets(
  books: readonly TargetBook[],
  written: readonly WrittenEntry[],
): TargetBook[] {
  const byLanguage = new Map(books.map((book) => [book.language, book]));
  for (const entry of written) {
    for (const [language, text] of Object.entries(entry.targets) as [TargetLanguage, string][]) {
      const book = byLanguage.get(language);
      if (!book) {
        throw new PhrasebookError(
          entry.file,
          entry.line,
          `${entry.id}: the phrasebook has no ${language} (data/targets/${language}/) to give a text in.`,
        );
      }
      let template: TargetTemplate;
      try {
        template = new TargetTemplate(text, book.data.classes.length);
      } catch (error) {
        if (!(error instanceof TargetTemplateError)) throw error;
        throw new PhrasebookError(
          entry.file,
          entry.line,
          `${entry.id}: ${language}: ${error.message}`,
        );
      }
      byLanguage.set(language, book.withPhrase(entry.id, template, entry.reviewedBy));
    }
  }
  return [...byLanguage.values()];
}
