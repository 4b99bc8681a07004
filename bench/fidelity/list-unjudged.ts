/**
 * Writes the engine translations (engine-translations.ts) that no judgement in judged/*.json
 * covers yet, or whose judged text the engine no longer writes, as JSON batches for a judge:
 * `npx tsx bench/fidelity/list-unjudged.ts OUT_DIR [BATCHES]`. judged/README.md says how they
 * are judged.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDevset } from '../translation-quality/devset.js';
import { startEmbeddedTranslation } from '../translation-quality/embedded-translation.js';
import { runBenchmark } from '../support/run-benchmark.js';
import { engineTranslations, sameForJudging } from './engine-translations.js';
import { loadJudgements } from './judgements.js';

async function main(): Promise<void> {
  const [outDir, batchArg] = process.argv.slice(2);
  if (!outDir) throw new Error('usage: list-unjudged.ts OUT_DIR [BATCHES]');
  const batches = Number(batchArg ?? 1);
  const embedded = await startEmbeddedTranslation();
  const translations = await engineTranslations(loadDevset(), embedded);
  embedded.stop();
  const judged = loadJudgements();
  const open = translations.filter((t) => {
    const judgement = judged.get(t.key);
    return !judgement || !sameForJudging(judgement.translation, t.translation);
  });
  mkdirSync(outDir, { recursive: true });
  const size = Math.ceil(open.length / batches);
  for (let b = 0; b < batches; b++) {
    const batch = open.slice(b * size, (b + 1) * size);
    writeFileSync(join(outDir, `batch-${b + 1}.json`), `${JSON.stringify(batch, null, 2)}\n`);
  }
  console.log(
    `${open.length} of ${translations.length} translations to judge, in ${batches} batches in ${outDir}`,
  );
}

runBenchmark(main);
