/**
 * The fidelity score's real errors (issue 30): the embedded engine's own translations of the
 * development set (engine-translations.ts), each with the judgement of whether it tells the
 * listener what was meant (judgements.ts, judged/), its back-translation through the same
 * service, and the score's features. A translation the engine now writes differently from the one
 * judged is left out and counted, so that stale judgements never pass for fresh ones.
 */
import {
  fidelityFeatures,
  type FidelityFeatures,
} from '../../src/orchestrator/pipeline/fidelity/fidelity-features.js';
import { ClinicalTerminology } from '../../src/translation/terminology/clinical-terminology.js';
import type { DevsetEntry } from '../translation-quality/devset.js';
import {
  type EmbeddedTranslation,
  entryGenders,
} from '../translation-quality/embedded-translation.js';
import { engineTranslations, sameForJudging } from './engine-translations.js';
import { type ErrorClass, type Verdict, loadJudgements } from './judgements.js';

export interface RealExample {
  readonly key: string;
  readonly entry: string;
  readonly direction: string;
  readonly source: string;
  readonly translation: string;
  readonly backTranslation: string;
  readonly verdict: Verdict;
  /** Judged `wrong`: the listener would misunderstand, or not understand, what matters. */
  readonly wrong: boolean;
  readonly errors: readonly ErrorClass[];
  readonly features: FidelityFeatures;
}

export interface RealExamples {
  readonly examples: RealExample[];
  /** Translations with no judgement, or one of another text (the engine changed since). */
  readonly unjudged: number;
  readonly judges: ReadonlySet<string>;
}

/** The judged engine translations of `entries`, with their round trips and features. */
export async function realExamples(
  entries: readonly DevsetEntry[],
  embedded: EmbeddedTranslation,
): Promise<RealExamples> {
  const judged = loadJudgements();
  const terminology = ClinicalTerminology.builtIn();
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const examples: RealExample[] = [];
  const judges = new Set<string>();
  let unjudged = 0;
  for (const t of await engineTranslations(entries, embedded)) {
    const judgement = judged.get(t.key);
    if (!judgement || !sameForJudging(judgement.translation, t.translation)) {
      unjudged++;
      continue;
    }
    judges.add(judgement.judge);
    const entry = byId.get(t.id)!;
    // Back as the session does it (LiteralTranslationStage.check): the same genders both ways.
    const backTranslation = await embedded.service
      .translateText(
        t.translation,
        embedded.language(t.to),
        embedded.language(t.from),
        entryGenders(entry),
      )
      .catch(() => '');
    const features = fidelityFeatures(
      {
        source: t.source,
        translation: t.translation,
        backTranslation,
        sourceLanguage: embedded.language(t.from),
        targetLanguage: embedded.language(t.to),
        untranslatedWords: t.untranslated,
      },
      terminology,
    );
    examples.push({
      key: t.key,
      entry: t.id,
      direction: `${t.from}→${t.to}`,
      source: t.source,
      translation: t.translation,
      backTranslation,
      verdict: judgement.verdict,
      wrong: judgement.verdict === 'wrong',
      errors: judgement.errors,
      features,
    });
  }
  return { examples, unjudged, judges };
}
