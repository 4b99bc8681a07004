/**
 * How often a session takes a sentence for one in neither party's language (issue 30, item 3):
 * found by the language identifiers (LanguageIdentifier's `outside`), or by the embedded engine
 * leaving most of its words untranslated (pipeline/outside-language.ts). A miss passes a foreign
 * sentence on as before; a false alarm withholds a real sentence's translation, the worse error.
 *
 * Sets, each run against every pair of the five session languages (medic first, both orders):
 * - the development set (bench/translation-quality/devset, 320 × 5 languages) and
 *   tuning-other-languages.tsv (20 sentences, 10 languages): what the thresholds were chosen on;
 * - held-out-session-languages.tsv (150) and held-out-other-languages.tsv (150, 15 languages):
 *   written apart and not used to choose anything: the figures to report.
 *
 * Run: npm run bench:language-id
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { LanguageCatalog } from '../../src/language/catalog/language-catalog.js';
import { LanguageIdentifier } from '../../src/language/identification/language-identifier.js';
import { mostlyUntranslated } from '../../src/orchestrator/pipeline/outside-language.js';
import { EngineOutputRejectedError } from '../../src/common/errors/engine.errors.js';
import { printTable } from '../support/latency.js';
import { runBenchmark } from '../support/run-benchmark.js';
import {
  DEVSET_LANGUAGES,
  type DevsetLanguage,
  loadDevset,
} from '../translation-quality/devset.js';
import { startEmbeddedTranslation } from '../translation-quality/embedded-translation.js';

const LOCALE: Record<DevsetLanguage, string> = {
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  pt: 'pt-BR',
  it: 'it-IT',
};
/** Every ordered pair of session languages (medic, patient). */
const PAIRS = DEVSET_LANGUAGES.flatMap((medic) =>
  DEVSET_LANGUAGES.filter((patient) => patient !== medic).map((patient) => [medic, patient]),
);

interface Line {
  readonly language: string;
  readonly text: string;
}

function readSet(name: string): Line[] {
  return readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [language, text] = line.split('\t');
      return { language, text };
    });
}

type Verdict = 'identified' | 'untranslated' | 'kept';

async function main(): Promise<void> {
  const identifier = new LanguageIdentifier(new LanguageCatalog());
  await identifier.onModuleInit();
  const embedded = await startEmbeddedTranslation();

  /** Whether the engine leaves most of `text`'s words untranslated from `from` into `to`. */
  async function untranslatable(text: string, from: DevsetLanguage, to: DevsetLanguage) {
    try {
      const { untranslated } = await embedded.service.translateChecked(
        text,
        embedded.language(from),
        embedded.language(to),
      );
      return mostlyUntranslated(text, untranslated);
    } catch (error) {
      if (error instanceof EngineOutputRejectedError) return false;
      throw error;
    }
  }

  /**
   * What a session does with `text` typed in a session of `medic` and `patient`
   * (RecognitionStage.acceptText, then LiteralTranslationStage's inNeitherLanguage).
   */
  async function verdict(text: string, medic: DevsetLanguage, patient: DevsetLanguage) {
    const guess = identifier.identify(text, [LOCALE[medic], LOCALE[patient]]);
    if (guess.outside) return 'identified';
    const from = guess.locale === LOCALE[patient] ? patient : medic;
    const to = from === medic ? patient : medic;
    if (!(await untranslatable(text, from, to))) return 'kept';
    // Only assumed to be `from`'s: the other party's language is tried too.
    if (!guess.decided && !(await untranslatable(text, to, from))) return 'kept';
    return 'untranslated';
  }

  /** Counts of each verdict over a set, by the sentences' language. */
  async function run(lines: readonly Line[], inSession: boolean) {
    const byLanguage = new Map<string, Record<Verdict, number>>();
    const examples: string[] = [];
    for (const { language, text } of lines) {
      const pairs = inSession
        ? PAIRS.filter((pair) => pair.includes(language as DevsetLanguage))
        : PAIRS;
      for (const [medic, patient] of pairs) {
        const v = await verdict(text, medic as DevsetLanguage, patient as DevsetLanguage);
        const counts = byLanguage.get(language) ?? { identified: 0, untranslated: 0, kept: 0 };
        counts[v]++;
        byLanguage.set(language, counts);
        const wrong = inSession ? v !== 'kept' : v === 'kept';
        if (wrong && examples.length < 12)
          examples.push(`${medic}/${patient} ${language} ${v}: ${text}`);
      }
    }
    return { byLanguage, examples };
  }

  const devset = loadDevset().flatMap((entry) =>
    DEVSET_LANGUAGES.map((language) => ({ language, text: entry[language].text })),
  );
  const sets = [
    { name: 'development set (tuning)', lines: devset, inSession: true },
    {
      name: 'held-out session languages',
      lines: readSet('held-out-session-languages.tsv'),
      inSession: true,
    },
    {
      name: 'tuning other languages',
      lines: readSet('tuning-other-languages.tsv'),
      inSession: false,
    },
    {
      name: 'held-out other languages',
      lines: readSet('held-out-other-languages.tsv'),
      inSession: false,
    },
  ];
  console.log(
    `Sentences in neither party's language, ${PAIRS.length} session pairs (${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.versions.node}, ${new Date().toISOString().slice(0, 10)})\n`,
  );
  for (const set of sets) {
    const { byLanguage, examples } = await run(set.lines, set.inSession);
    const rows = [...byLanguage].map(([language, c]) => {
      const total = c.identified + c.untranslated + c.kept;
      const outside = c.identified + c.untranslated;
      return [
        language,
        total,
        c.identified,
        c.untranslated,
        `${((100 * outside) / total).toFixed(1)} %`,
      ];
    });
    const sum = (key: Verdict) => [...byLanguage.values()].reduce((n, c) => n + c[key], 0);
    const total = sum('identified') + sum('untranslated') + sum('kept');
    rows.push([
      '**all**',
      total,
      sum('identified'),
      sum('untranslated'),
      `${((100 * (sum('identified') + sum('untranslated'))) / total).toFixed(1)} %`,
    ]);
    console.log(
      `\n${set.name}: ${set.inSession ? 'false alarms (should be 0)' : 'found (should be all)'}`,
    );
    printTable(
      [
        'language',
        'sentence × pair',
        'by the identifiers',
        'by untranslated words',
        'taken as outside',
      ],
      rows,
    );
    if (examples.length > 0)
      console.log(`\n${set.inSession ? 'False alarms' : 'Missed'}:\n${examples.join('\n')}`);
  }
  embedded.stop();
}

runBenchmark(main);
