/**
 * Marks what answer each question of the phrasebook expects, in
 * src/translation/phrasebook/data/answers/expected.yaml, by the rules of answer-rules.ts. A
 * phrase already marked keeps its mark (a person may have corrected it), a phrase no longer in
 * the phrasebook loses it, and a new one is marked. Run: npm run phrasebook:mark-answers
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { isAnswerKind } from '../../src/translation/phrasebook/answers/answer-kinds.js';
import { Phrasebook, PHRASEBOOK_DATA_DIR } from '../../src/translation/phrasebook/phrasebook.js';
import { expectedAnswer } from './answer-rules.js';

const file = join(PHRASEBOOK_DATA_DIR, 'answers', 'expected.yaml');
const previous = existsSync(file)
  ? ((parse(readFileSync(file, 'utf8')) as { expected?: Record<string, string | null> }).expected ??
    {})
  : {};
const phrasebook = Phrasebook.load();
const expected: Record<string, string | null> = {};
let added = 0;
for (const entry of phrasebook.entries.values()) {
  if (entry.id in previous) {
    const kept = previous[entry.id];
    expected[entry.id] = kept === null || isAnswerKind(kept) ? kept : null;
    continue;
  }
  expected[entry.id] = expectedAnswer(entry.texts.en.source) ?? null;
  added++;
}
const header = `# What answer each phrase expects, so the patient can give it by touch (data/README.md):
# yes_no, yes_no_unknown, scale, pain_scale, duration, side, better_worse, severity,
# constancy; null for an open question, a choice the answers do not list, or a sentence that
# asks nothing. First marked by tools/phrasebook-answers/ from the English words; corrected
# here by hand (a rerun keeps every mark already written).
`;
writeFileSync(file, header + stringify({ expected }, { lineWidth: 0 }));
const counts = new Map<string, number>();
for (const kind of Object.values(expected))
  counts.set(String(kind), (counts.get(String(kind)) ?? 0) + 1);
console.log(
  `${Object.keys(expected).length} phrases (${added} newly marked): ${[...counts].map(([k, n]) => `${k} ${n}`).join(', ')}`,
);
