/**
 * Checks the phrasebook's data: every phrase in every language, the same variables in each of
 * its texts, no empty text, no duplicate id, no two phrases saying the same words. With a path,
 * checks a hospital's PHRASEBOOK_FILE over the built-in phrases, as the service does at start.
 * Run: npm run phrasebook:check [-- path/to/hospital-phrases.yaml]
 */
import { Phrasebook } from '../../src/translation/phrasebook/phrasebook.js';
import { PhrasebookError } from '../../src/translation/phrasebook/phrasebook-error.js';

const overlayFile = process.argv[2];
try {
  const phrasebook = Phrasebook.load({ overlayFile });
  const problems = phrasebook.problems();
  for (const p of problems) console.log(`${p.file}:${p.line}: ${p.problem}`);
  const domains = new Set([...phrasebook.entries.values()].map((e) => e.domain));
  console.log(
    `${phrasebook.entries.size} phrases in ${domains.size} domains, ${phrasebook.lexicon.all().length} values: ${problems.length} problems`,
  );
  process.exitCode = problems.length > 0 ? 1 : 0;
} catch (error) {
  if (!(error instanceof PhrasebookError)) throw error;
  console.log(error.message);
  process.exitCode = 1;
}
