/**
 * A labelling aid for the development set: for each utterance without a label, its English
 * text, the values recognized in it, and the phrases whose English wordings share the most
 * words with it (by Jaccard similarity of stems), so a labeller can pick the phrase that means
 * exactly the same, or none. It never says what the matcher would match.
 * Run: npx tsx bench/phrasebook/label-candidates.ts report|tune [candidates per utterance] [topics]
 * (topics, comma-separated: their utterances again, labelled or not, after phrases were added).
 */
import { Phrasebook } from '../../src/translation/phrasebook/phrasebook.js';
import { type DevsetPart, loadPhrasebookDevset } from './phrasebook-devset.js';

const part = (process.argv[2] ?? 'tune') as DevsetPart;
const shown = Number(process.argv[3] ?? 8);
const topics = process.argv[4]?.split(',');
const phrasebook = Phrasebook.load();
const matcher = phrasebook.matcher('en');
const stems = (text: string) =>
  new Set(
    matcher.normalizer
      .words(text)
      .map((w) => matcher.normalizer.comparable(w))
      .filter((w): w is string => w !== undefined),
  );
const wordings = [...phrasebook.entries.values()].flatMap((entry) =>
  [entry.texts.en, ...entry.also.en].map((t) => ({
    entry,
    source: t.source,
    stems: stems(t.source),
  })),
);

for (const entry of loadPhrasebookDevset(part)) {
  if (topics ? !topics.includes(entry.topic) : entry.expected !== undefined) continue;
  const said = stems(entry.en.text);
  const scored = new Map<string, { score: number; text: string }>();
  for (const w of wordings) {
    const shared = [...w.stems].filter((s) => said.has(s)).length;
    const score = shared / (said.size + w.stems.size - shared || 1);
    const best = scored.get(w.entry.id);
    if (!best || score > best.score)
      scored.set(w.entry.id, { score, text: w.entry.texts.en.source });
  }
  const values = matcher.valuesIn(entry.en.text).map((v) => `${v.type}=${v.id}`);
  console.log(`\n${entry.id}: ${entry.en.text}`);
  if (entry.patient_gender) console.log(`  patient: ${entry.patient_gender}`);
  console.log(`  values found: ${values.join(', ') || '(none)'}`);
  for (const [id, { score, text }] of [...scored]
    .sort((a, b) => b[1].score - a[1].score)
    .slice(0, shown)) {
    console.log(`  ${score.toFixed(2)} ${id}: ${text}`);
  }
}
