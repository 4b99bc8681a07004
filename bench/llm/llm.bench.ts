/**
 * The embedded language operations on a 1-sentence and a 2000-word input (goal: a 1-sentence
 * paraphrase under 5 ms at p50, so the reformulation branch adds nothing noticeable), and the
 * overhead of the OpenAI adapter over a bare HTTP call to the same loopback chat server, and the
 * text language identifier on a sentence (goal: well under 2 ms, since every recognized and typed
 * sentence goes through it), with fastText alone and with ELD asked too (short sentences).
 * Run: npm run bench:llm   (BENCH_RUNS changes the number of runs per row)
 */
import { readFileSync, readdirSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { LayLanguageParaphraser } from '../../src/llm/embedded/paraphrase/lay-language-paraphraser.js';
import { summarize } from '../../src/llm/embedded/summary/extractive-summarizer.js';
import { StructuredSummarizer } from '../../src/llm/embedded/summary/structured-summary.js';
import { LanguageCatalog } from '../../src/language/catalog/language-catalog.js';
import { LanguageIdentifier } from '../../src/language/identification/language-identifier.js';
import { OpenAiLlmEngine } from '../../src/llm/engines/openai-llm.engine.js';
import { FAKE_OPENAI_MODEL, startFakeOpenAi } from '../../test/support/fake-openai.js';
import { measure, percentile, printTable } from '../support/latency.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 500);
const SENTENCE =
  'The patient presents with dyspnea and hypertension; administer 5 mg of amlodipine daily and avoid NSAIDs.';
const FIXTURES = 'test/fixtures/llm/summary';
const ENGLISH = { code: 'eng_Latn', iso6391: 'en', name: 'English' };

/** About 2000 words of English clinical notes, from the committed fixtures. */
function longText(): string {
  const notes = readdirSync(FIXTURES)
    .filter((file) => file.startsWith('en-') && file.endsWith('.txt'))
    .map((file) => readFileSync(`${FIXTURES}/${file}`, 'utf8'));
  let text = '';
  while (text.split(/\s+/).length < 2000) text += `${notes.join('\n\n')}\n\n`;
  return text.split(/\s+/).slice(0, 2000).join(' ');
}

type Row = (string | number)[];
async function row(
  operation: string,
  input: string,
  runs: number,
  task: () => Promise<unknown> | unknown,
): Promise<Row> {
  await measure(Math.min(20, runs), 1, async () => void (await task()));
  const { latencies } = await measure(runs, 1, async () => void (await task()));
  return [
    operation,
    input,
    runs,
    percentile(latencies, 50).toFixed(3),
    percentile(latencies, 95).toFixed(3),
  ];
}

async function main() {
  const long = longText();
  const paraphraser = new LayLanguageParaphraser();
  const structured = new StructuredSummarizer();
  const same = async (text: string) => text;
  const options = { language: 'en', gender: 'female', ageCategory: 'adult' } as const;
  const rows: Row[] = [];
  for (const [label, text] of [
    ['1 sentence', SENTENCE],
    ['2000 words', long],
  ] as const) {
    const runs = label === '1 sentence' ? RUNS : Math.max(20, RUNS / 10);
    rows.push(
      await row('paraphrase (embedded)', label, runs, () => paraphraser.paraphrase(text, options)),
    );
    rows.push(
      await row('summarize (embedded)', label, runs, () => summarize(text, { language: 'en' })),
    );
    rows.push(
      await row('structured summary (embedded, same language)', label, runs, () =>
        structured.summarize(text, ENGLISH, ENGLISH, same),
      ),
    );
  }

  const identifier = new LanguageIdentifier(new LanguageCatalog());
  await identifier.onModuleInit();
  const french = 'Avez-vous des allergies à des médicaments ?';
  rows.push(
    await row('identify the language (fastText)', '1 sentence, en or fr', RUNS, () =>
      identifier.identify(french, ['en-US', 'fr-FR']),
    ),
  );
  rows.push(
    // Three words: fastText alone is not sure enough, so ELD is asked too.
    await row('identify the language (fastText + ELD)', '3 words, es or en', RUNS, () =>
      identifier.identify('My chest hurts.', ['es-ES', 'en-US']),
    ),
  );

  const fake = await startFakeOpenAi({ translate: (text) => text });
  const engine = new OpenAiLlmEngine({
    baseUrl: fake.url,
    model: FAKE_OPENAI_MODEL,
    timeoutMs: 10_000,
    maxTokens: 512,
  });
  const request = { sentence: SENTENCE, gender: 'female', ageCategory: 'adult' } as const;
  const body = JSON.stringify({
    model: FAKE_OPENAI_MODEL,
    messages: [
      { role: 'system', content: 'Rewrite in plain language.' },
      { role: 'user', content: SENTENCE },
    ],
  });
  const bare = async () => {
    const res = await fetch(`${fake.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
      body,
    });
    await res.json();
  };
  const viaAdapter = await row(
    'paraphrase through the openai adapter',
    '1 sentence, loopback',
    RUNS,
    () => engine.paraphrase(request, new AbortController().signal),
  );
  const viaFetch = await row(
    'bare HTTP POST /v1/chat/completions',
    '1 sentence, loopback',
    RUNS,
    bare,
  );
  rows.push(viaAdapter, viaFetch);
  await fake.close();

  const machine = `${cpus().length} × ${cpus()[0].model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  console.log(`\nLanguage operations benchmark, ${new Date().toISOString()}, ${machine}\n`);
  printTable(['operation', 'input', 'runs', 'p50 ms', 'p95 ms'], rows);
  const overhead = Number(viaAdapter[3]) - Number(viaFetch[3]);
  console.log(
    `\nOpenAI adapter overhead at p50: ${overhead.toFixed(3)} ms per call over the bare HTTP call.`,
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
