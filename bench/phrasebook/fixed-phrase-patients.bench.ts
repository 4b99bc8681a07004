/**
 * Patients whose language only fixed phrases reach (issue 32), on the phrasebook's development
 * set of clinician utterances (bench/phrasebook/devset/, labelled with the phrase each means).
 * For each utterance said by the clinician in English, and each language the phrasebook writes
 * to:
 * - sent: it matched a phrase strictly and the phrase is written in the language (wrong: the
 *   phrase is not the labelled one, a failure that must not happen);
 * - offered: it was not sent, and the phrases offered to the clinician include the labelled
 *   one (the clinician may then choose it: BabelDr's confirmation step);
 * - reached: sent right, or offered (what reaches the patient as a fixed phrase when the
 *   clinician chooses well);
 * - answer buttons: of the questions sent whose English phrase asks yes or no (starts with an
 *   auxiliary and ends with "?"), how many carry answers to tap;
 * - offered where none says it: utterances no phrase says for which phrases were offered
 *   anyway (the clinician reads them and declines).
 * And the time to offer phrases. The suggestion threshold was set before this set was run.
 * Run: npm run bench:phrasebook-patients   (SET=tune: the tuning set; DEVSET_LIMIT=N)
 */
import { LanguageCatalog } from '../../src/language/catalog/language-catalog.js';
import type { CatalogLanguage } from '../../src/language/catalog/catalog-language.js';
import { Phrasebook } from '../../src/translation/phrasebook/phrasebook.js';
import { PhrasebookService } from '../../src/translation/phrasebook/phrasebook.service.js';
import { targetLanguageOf } from '../../src/translation/phrasebook/targets/target-language.js';
import { percentile, printTable } from '../support/latency.js';
import { runBenchmark } from '../support/run-benchmark.js';
import {
  acceptedPhrases,
  type DevsetPart,
  type LabelledEntry,
  loadPhrasebookDevset,
  sameValues,
} from './phrasebook-devset.js';

const PART = (process.env.SET ?? 'report') as DevsetPart;
const LIMIT = Number(process.env.DEVSET_LIMIT ?? Infinity);
const YES_NO = /^(do|does|did|are|is|was|were|have|has|had|can|could|will|would)\b.*\?$/i;

interface Tally {
  sent: number;
  wrong: number;
  offered: number;
  labelled: number;
  questions: number;
  withButtons: number;
  /** Utterances no phrase says (labelled null) for which phrases were offered all the same. */
  offeredForNone: number;
  unlabelledNotSent: number;
}

/** Whether phrase ids and values (as the matcher gives them) are one of the entry's labels. */
function isExpected(entry: LabelledEntry, phrase: string, values: Record<string, string>) {
  return acceptedPhrases(entry).some(
    (e) => e.phrase === phrase && sameValues(e.values ?? {}, values),
  );
}

async function main(): Promise<void> {
  const entries = loadPhrasebookDevset(PART).slice(0, LIMIT);
  const phrasebook = Phrasebook.load();
  const service = new PhrasebookService(phrasebook);
  const catalog = new LanguageCatalog();
  const english = catalog.findByCode('eng_Latn')!;
  const targets = catalog
    .all()
    .filter((l: CatalogLanguage) => {
      const key = targetLanguageOf(l);
      return key !== undefined && phrasebook.targets.has(key);
    })
    .sort((a, b) => a.bcp47.localeCompare(b.bcp47));
  const tallies = new Map<string, Tally>();
  const offerMs: number[] = [];
  for (const target of targets) {
    const tally: Tally = {
      sent: 0,
      wrong: 0,
      offered: 0,
      labelled: 0,
      questions: 0,
      withButtons: 0,
      offeredForNone: 0,
      unlabelledNotSent: 0,
    };
    for (const entry of entries) {
      const text = entry.en.text;
      const labelled = acceptedPhrases(entry).length > 0;
      if (labelled) tally.labelled++;
      const phrase = service.translate(text, english, target, entry.patient_gender);
      if (phrase) {
        tally.sent++;
        const matches = phrasebook.matchUtterance(text, 'en') ?? [];
        const values = Object.fromEntries(
          matches.flatMap((m) => [
            ...[...m.values].map(([type, v]) => [type, v.id]),
            ...(m.adjunct ? [['adjunct', m.adjunct.id]] : []),
          ]),
        );
        if (!isExpected(entry, phrase.phraseId, values)) tally.wrong++;
        if (YES_NO.test(phrase.understoodAs)) {
          tally.questions++;
          if (service.expectedAnswers(phrase, target)) tally.withButtons++;
        }
        continue;
      }
      const started = performance.now();
      const offers = service.offer(text, english, target, entry.patient_gender);
      offerMs.push(performance.now() - started);
      const offeredRight = offers.some((o) =>
        isExpected(
          entry,
          o.phraseId,
          Object.fromEntries([...o.match.values].map(([type, v]) => [type, v.id])),
        ),
      );
      if (offeredRight) tally.offered++;
      if (!labelled) {
        tally.unlabelledNotSent++;
        if (offers.length > 0) tally.offeredForNone++;
      }
    }
    tallies.set(target.bcp47, tally);
  }
  const pct = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`);
  console.log(
    `\nPatients reached by fixed phrases only: set "${PART}", ${entries.length} English clinician utterances (${[...tallies.values()][0]?.labelled ?? 0} labelled with a phrase), ${targets.length} languages\n`,
  );
  printTable(
    [
      'patient language',
      'sent (strict match, written)',
      'wrong',
      'right phrase offered (of the rest)',
      'reached (sent right + offered)',
      'yes/no questions sent with buttons',
      'phrases offered where none says it',
    ],
    [...tallies].map(([locale, t]) => [
      locale,
      `${pct(t.sent, entries.length)} (${t.sent})`,
      t.wrong,
      `${t.offered}`,
      `${pct(t.sent - t.wrong + t.offered, entries.length)} (${t.sent - t.wrong + t.offered})`,
      `${t.withButtons}/${t.questions}`,
      `${t.offeredForNone}/${t.unlabelledNotSent}`,
    ]),
  );
  console.log(
    `\nOffering phrases (utterances with no phrase sent): p50 ${percentile(offerMs, 50).toFixed(1)} ms, p99 ${percentile(offerMs, 99).toFixed(1)} ms over ${offerMs.length} calls`,
  );
}

runBenchmark(main);
