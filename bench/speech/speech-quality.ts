/**
 * The quality part of npm run bench:speech: how intelligible the service's voices are (round trip
 * through the embedded recognizer), how well the recognizer does on clinic sentences spoken by
 * voices it was never tuned on, on everyday English, on the speech fixtures and on real human
 * recordings, whether it stays silent on silence, noise and music, and where its low-confidence
 * threshold falls.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeWav } from '../../src/audio/wav-decoder.js';
import type { AsrEngine } from '../../src/transcription/engines/asr-engine.js';
import type { TtsEngine } from '../../src/synthesis/engines/tts-engine.js';
import { words } from '../../src/transcription/wer.js';
import { percentile, printTable } from '../support/latency.js';
import { serviceVoice, UNSEEN_VOICES } from './bench-voices.js';
import { calibrateThreshold, FALSE_ALARM_BUDGET, figuresAt } from './confidence-calibration.js';
import { devsetEnglish, generalHeldOut } from './held-out-sets.js';
import { allisonPrompts, alsaPhrases, librivoxClips } from './recorded-sets.js';
import { speechFixture, speechRecordings } from '../../test/support/speech-fixtures.js';
import {
  corpusWer,
  percent,
  recognize,
  recognizeAudio,
  recognizeSpoken,
  STREAMED,
  streamStats,
  type RecognitionRun,
} from './recognition-run.js';
import { PAUSE_MS } from '../../src/audio/vad/segmenter-settings.js';

const SETS = 'bench/speech/sets';
const FIXTURES = 'test/fixtures/audio';

const sentencesOf = (file: string): string[] =>
  (JSON.parse(readFileSync(join(SETS, file), 'utf8')) as { sentences: string[] }).sentences;

/** Sentences of a set, the first BENCH_SENTENCES of them when set (quick runs). */
function limited<T>(sentences: T[]): T[] {
  const limit = Number(process.env.BENCH_SENTENCES ?? Infinity);
  return sentences.slice(0, limit);
}

/** With BENCH_ERRORS=1, every sentence recognized with an error, for reading what goes wrong. */
function printErrors(run: RecognitionRun): void {
  if (process.env.BENCH_ERRORS !== '1') return;
  for (const s of run.sentences.filter((sentence) => sentence.errors > 0)) {
    console.log(`${run.voice} [${s.confidence?.toFixed(2)}]: ${s.reference} → ${s.hypothesis}`);
  }
}

function runRow(set: string, run: RecognitionRun): (string | number)[] {
  printErrors(run);
  const empty = run.sentences.filter((s) => words(s.hypothesis).length === 0).length;
  const exact = run.sentences.filter((s) => s.errors === 0).length;
  const audio = run.sentences.reduce((sum, s) => sum + s.audioSeconds, 0);
  return [
    set,
    run.voice,
    run.sentences.length,
    percent(corpusWer([run])),
    `${exact} / ${empty}`,
    (run.cpuSeconds / run.sentences.length).toFixed(3),
    (run.cpuSeconds / audio).toFixed(3),
  ];
}

const RUN_HEADERS = [
  'set',
  'voice',
  'sentences',
  'WER',
  'exact / empty',
  'decoder CPU s per sentence',
  'CPU per audio second',
];

/** Round trip of the service's English voices: synthesis time and WER. */
async function intelligibility(asr: AsrEngine, tts: TtsEngine): Promise<RecognitionRun[]> {
  const sentences = limited(sentencesOf('round-trip.json'));
  const runs: RecognitionRun[] = [];
  const rows: (string | number)[][] = [];
  for (const gender of ['female', 'male'] as const) {
    const run = await recognizeSpoken(asr, serviceVoice(tts, gender), sentences);
    printErrors(run);
    runs.push(run);
    const synthesis = run.sentences.map((s) => s.synthesisMs);
    const audio = run.sentences.reduce((sum, s) => sum + s.audioSeconds, 0);
    const empty = run.sentences.filter((s) => words(s.hypothesis).length === 0).length;
    rows.push([
      run.voice,
      sentences.length,
      percent(corpusWer([run])),
      empty,
      `${percentile(synthesis, 50).toFixed(0)} / ${percentile(synthesis, 95).toFixed(0)}`,
      (synthesis.reduce((a, b) => a + b, 0) / 1000 / audio).toFixed(3),
    ]);
  }
  console.log('\nRound-trip intelligibility (bench/speech/sets/round-trip.json):\n');
  printTable(
    [
      'voice',
      'sentences',
      'WER',
      'recognized as nothing',
      'synthesis p50 / p95 ms',
      'synthesis RTF',
    ],
    rows,
  );
  return runs;
}

/** The committed speech fixtures (festival slt), in the manifest's order. */
export async function fixtureAudio(): Promise<
  { file: string; reference: string; samples: Float32Array }[]
> {
  return speechRecordings().map(({ file, text }) => ({
    file,
    reference: text,
    samples: speechFixture(file),
  }));
}

/** Words recognized in the silence, noise and music fixtures (should be none). */
async function nonSpeechRow(asr: AsrEngine): Promise<(string | number)[]> {
  const found: string[] = [];
  for (const file of ['silence.wav', 'noise.wav', 'music.wav']) {
    const { samples } = decodeWav(readFileSync(`${FIXTURES}/${file}`));
    const { text } = await recognize(asr, samples, {}); // each its own session
    if (text) found.push(`${file}: "${text}"`);
  }
  return ['silence, noise, music (3 s each)', found.length === 0 ? 'no words' : found.join('; ')];
}

/**
 * Streamed runs: how the recordings were decoded: the sentences the VAD found in them, the
 * streams opened (one per part: more than sentences when speech resumed after a pause), those
 * decoded whole instead. Neither the wait at the end nor the partials mean anything here (audio
 * goes in as fast as the VAD takes it, ahead of the decoder): bench:session measures them.
 */
function streamedSummary(): void {
  const { parts, sentences, fallbacks } = streamStats;
  console.log(
    `\nStreamed through the VAD, finished early at pauses of ${process.env.BENCH_PAUSE_MS ?? PAUSE_MS} ms: ${sentences} sentences found, ${parts} streams (${parts - sentences} parts after a pause), ${fallbacks} decoded whole.`,
  );
}

export async function speechQuality(asr: AsrEngine, tts: TtsEngine): Promise<void> {
  await tts.voices(); // the start-up checks, out of the synthesis times
  const roundTrip = await intelligibility(asr, tts);

  const runs: { set: string; run: RecognitionRun }[] = [];
  const clinical = limited(sentencesOf('clinical.json'));
  const general = limited(sentencesOf('general.json'));
  for (const voice of UNSEEN_VOICES) {
    runs.push({ set: 'clinical', run: await recognizeSpoken(asr, voice, clinical) });
  }
  for (const voice of UNSEEN_VOICES) {
    runs.push({ set: 'general', run: await recognizeSpoken(asr, voice, general) });
  }
  // The larger check sets, by two of the voices (one flite, one festival) to keep the run short.
  const checks: { set: string; run: RecognitionRun }[] = [];
  for (const voice of [UNSEEN_VOICES[0], UNSEEN_VOICES[2]]) {
    const devset = limited(devsetEnglish());
    checks.push({ set: 'clinical, devset', run: await recognizeSpoken(asr, voice, devset) });
  }
  for (const voice of UNSEEN_VOICES) {
    const heldOut = limited(generalHeldOut());
    checks.push({ set: 'general, held out', run: await recognizeSpoken(asr, voice, heldOut) });
  }
  const fixtures = await recognizeAudio(asr, 'festival slt (test fixtures)', await fixtureAudio());
  const rows = runs.map(({ set, run }) => runRow(set, run));
  rows.push(runRow('fixtures', fixtures));
  for (const [voice, recordings] of [
    ['alsa-utils channel test', await alsaPhrases()],
    ['LibriVox clips (pocketsphinx-testdata)', await librivoxClips()],
    ['Asterisk prompts (Allison Smith)', limited(await allisonPrompts())],
  ] as const) {
    if (recordings.length === 0) continue; // its package is missing
    checks.push({ set: 'real speech', run: await recognizeAudio(asr, voice, recordings) });
  }
  rows.push(...checks.map(({ set, run }) => runRow(set, run)));
  const of = (set: string) => [...runs, ...checks].filter((r) => r.set === set).map((r) => r.run);
  for (const [set, voices] of [
    ['clinical', 'all unseen voices'],
    ['general', 'all unseen voices'],
    ['clinical, devset', 'awb and kal'],
    ['general, held out', 'all unseen voices'],
    ['real speech', 'all recordings'],
  ]) {
    rows.push([set, voices, '', percent(corpusWer(of(set))), '', '', '']);
  }
  console.log(
    '\nRecognition (bench/speech/sets; voices used nowhere else in the service or tests):\n',
  );
  printTable(RUN_HEADERS, rows);
  if (STREAMED) streamedSummary();
  console.log('');
  printTable(['input', 'recognized'], [await nonSpeechRow(asr)]);

  // Calibrated on every sentence spoken by the unseen voices and the service's voices.
  const all = [...runs.map((r) => r.run), ...roundTrip].flatMap((run) => run.sentences);
  const best = calibrateThreshold(all);
  const current = figuresAt(all, asr.lowConfidenceBelow ?? 1);
  const wrong = all.filter((s) => s.confidence !== null && s.errors > 0).length;
  const right = all.filter((s) => s.confidence !== null && s.errors === 0).length;
  console.log(
    `\nLow-confidence threshold (${wrong} sentences with an error, ${right} exact, among those with text):\n`,
  );
  printTable(
    ['threshold', 'sentences with an error flagged', 'exact sentences flagged'],
    [
      [
        `${best.threshold} (most errors flagged with ≤ ${percent(FALSE_ALARM_BUDGET)} exact flagged)`,
        percent(best.wrongFlagged),
        percent(best.rightFlagged),
      ],
      [
        `${current.threshold} (the engine's lowConfidenceBelow)`,
        percent(current.wrongFlagged),
        percent(current.rightFlagged),
      ],
    ],
  );
}
