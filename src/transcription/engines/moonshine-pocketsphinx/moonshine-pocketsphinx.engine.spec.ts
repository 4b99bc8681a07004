import { describe, expect, it } from '@jest/globals';
import { spokenForm } from '../../spoken-form.js';
import type { AsrStream, AsrTranscript } from '../asr-engine.js';
import type { ProposingRecognizer } from '../proposing-recognizer.js';
import type { Hypothesis, ScoringRecognizer } from '../scoring-recognizer.js';
import {
  CLINICAL_WORD_BONUS,
  MOONSHINE_SURE,
  MoonshinePocketsphinxEngine,
  TRUSTED_POCKETSPHINX,
} from './moonshine-pocketsphinx.engine.js';

/**
 * The combination's decisions, with stand-ins for the two recognizers behind their ports:
 * Moonshine's text and its scores of candidate texts, pocketsphinx's text and confidence, are
 * given.
 */
interface Setup {
  /** Moonshine's text (as it writes it), at this confidence (default 0.8: not sure). */
  moonshine: string;
  probability?: number;
  /** Moonshine's log probability of a candidate (lower-case words), by its text; default −10. */
  scores?: Record<string, number>;
  pocketsphinx: string;
  confidence?: number;
}

const CLINICAL = new Set(['sertraline', 'lisinopril', 'amoxicillin']);

function engineFor(setup: Setup) {
  const scored: string[][] = [];
  const decoded: number[] = [];
  // As MoonshineEngine's: its text in spoken form; no tokens, no confidence.
  const hypothesis = (): Hypothesis => ({
    text: spokenForm(setup.moonshine),
    confidence: setup.moonshine ? (setup.probability ?? 0.8) : 0,
  });
  const moonshine = {
    hypothesis: async (samples: Float32Array) => (decoded.push(samples.length), hypothesis()),
    score: async (_: Float32Array, texts: readonly string[]) => {
      scored.push([...texts]);
      return texts.map((text) => setup.scores?.[text] ?? -10);
    },
  } as unknown as ScoringRecognizer;
  const proposal: AsrTranscript = {
    text: setup.pocketsphinx,
    locale: 'en-US',
    confidence: setup.confidence ?? 0.2,
  };
  const pushed: number[] = [];
  const asked: string[] = [];
  const pocketsphinx = {
    transcribe: async () => (asked.push('transcribe'), proposal),
    openStream: (): AsrStream => ({
      push: (samples) => pushed.push(samples.length),
      finish: async () => proposal,
      cancel: () => undefined,
    }),
    clinicalWords: () => CLINICAL,
  } as unknown as ProposingRecognizer;
  const engine = new MoonshinePocketsphinxEngine(moonshine, pocketsphinx);
  const transcribe = () =>
    engine.transcribe(
      { samples: new Float32Array(16_000), localeHints: ['en-US'] },
      AbortSignal.timeout(1_000),
    );
  return { engine, transcribe, scored, decoded, pushed, asked };
}

describe('MoonshinePocketsphinxEngine', () => {
  it("tells both recognizers' decoders' usage together", () => {
    const moonshine = { usage: () => ({ cpuSeconds: 1.5 }) } as unknown as ScoringRecognizer;
    const pocketsphinx = {
      usage: () => ({ cpuSeconds: 0.25 }),
      clinicalWords: () => CLINICAL,
    } as unknown as ProposingRecognizer;
    const engine = new MoonshinePocketsphinxEngine(moonshine, pocketsphinx);
    expect(engine.usage()).toEqual({ cpuSeconds: 1.75 });
  });

  it("answers Moonshine's text, confidence and all, when both recognizers agree, scoring nothing", async () => {
    const { transcribe, scored } = engineFor({
      moonshine: 'Take two tablets every morning.',
      pocketsphinx: 'take two tablets every morning',
    });
    expect(await transcribe()).toEqual({
      text: 'Take two tablets every morning.',
      locale: 'en-US',
      confidence: 0.8,
    });
    expect(scored).toEqual([]);
  });

  it(`lets a text Moonshine is sure of (${MOONSHINE_SURE} or more) stand, without asking pocketsphinx`, async () => {
    const { transcribe, asked, scored } = engineFor({
      moonshine: 'I need a new prescription for my gabapentin.',
      probability: MOONSHINE_SURE,
      pocketsphinx: 'i need a new prescription for my government in',
      scores: { 'i need a new prescription for my government in': 0 },
    });
    expect(await transcribe()).toEqual({
      text: 'I need a new prescription for my gabapentin.',
      locale: 'en-US',
      confidence: MOONSHINE_SURE,
    });
    expect({ asked, scored }).toEqual({ asked: [], scored: [] });
  });

  it("takes pocketsphinx's words where Moonshine finds them as likely as its own", async () => {
    const { transcribe, scored } = engineFor({
      moonshine: 'I need a new prescription for my government in.',
      pocketsphinx: 'i need a new prescription for my gabapentin',
      scores: {
        'i need a new prescription for my government in': -12,
        'i need a new prescription for my gabapentin': -11.5,
      },
    });
    expect((await transcribe()).text).toBe('I need a new prescription for my gabapentin.');
    expect(scored).toEqual([
      [
        'i need a new prescription for my government in',
        'i need a new prescription for my gabapentin',
      ],
    ]);
  });

  it(`counts a clinical word ${CLINICAL_WORD_BONUS} more, and no more`, async () => {
    const own = 'i was started on circling fifty milligrams';
    const theirs = 'i was started on sertraline fifty milligrams';
    const at = (gap: number) =>
      engineFor({
        moonshine: 'I was started on circling 50 milligrams.',
        pocketsphinx: theirs,
        scores: { [own]: -10, [theirs]: -10 - gap },
      }).transcribe();
    expect((await at(CLINICAL_WORD_BONUS - 0.5)).text).toBe(
      'I was started on sertraline fifty milligrams.',
    );
    expect((await at(CLINICAL_WORD_BONUS + 0.5)).text).toBe(
      'I was started on circling fifty milligrams.',
    );
  });

  it(`takes a clinical word outright from a sentence pocketsphinx is sure of (over ${TRUSTED_POCKETSPHINX})`, async () => {
    const setup = {
      moonshine: 'I stopped the lies in April because of a cough.',
      pocketsphinx: 'i stopped the lisinopril because of a cough',
      scores: {
        'i stopped the lies in april because of a cough': -5,
        'i stopped the lisinopril because of a cough': -30,
      },
    };
    expect(
      (await engineFor({ ...setup, confidence: TRUSTED_POCKETSPHINX + 0.05 }).transcribe()).text,
    ).toBe('I stopped the lisinopril because of a cough.');
    expect(
      (await engineFor({ ...setup, confidence: TRUSTED_POCKETSPHINX - 0.05 }).transcribe()).text,
    ).toBe('I stopped the lies in April because of a cough.');
  });

  it('decides each region on its own, and a function word is no clinical evidence', async () => {
    const { transcribe } = engineFor({
      moonshine: 'Take the O mawks a sill in free time to day.',
      pocketsphinx: 'take amoxicillin three times a day',
      confidence: 0.9,
      scores: {
        'take the o mawks a sill in free time to day': -20,
        'take amoxicillin free time to day': -40,
        'take the o mawks a sill in three times a day': -18,
      },
    });
    // "the" is dropped with the drug's region (sure, clinical); "three times a day" wins on score.
    expect((await transcribe()).text).toBe('Take amoxicillin three times a day.');
    const noDrug = engineFor({
      moonshine: 'Pain in chest.',
      pocketsphinx: 'the pain in the chest',
      confidence: 0.9,
    });
    expect((await noDrug.transcribe()).text).toBe('Pain in chest.');
  });

  it("streams through pocketsphinx's live decoder and gives Moonshine the whole sentence at its end", async () => {
    const { engine, decoded, pushed } = engineFor({
      moonshine: 'Yes.',
      pocketsphinx: 'yes',
    });
    const stream = engine.openStream(['en-US'])!;
    stream.push(new Float32Array(320));
    stream.push(new Float32Array(480));
    expect(pushed).toEqual([320, 480]);
    expect((await stream.finish(AbortSignal.timeout(1_000))).text).toBe('Yes.');
    expect(decoded).toEqual([800]);
  });

  it("keeps pocketsphinx's words where Moonshine heard nothing, if Moonshine scores them so", async () => {
    const heard = (score: number) =>
      engineFor({
        moonshine: '',
        pocketsphinx: 'yes please',
        scores: { '': -20, 'yes please': score },
      }).transcribe();
    expect(await heard(-5)).toEqual({ text: 'yes please', locale: 'en-US', confidence: 0 });
    expect(await heard(-25)).toEqual({ text: '', locale: 'en-US' });
  });

  it('answers no text when neither recognizer heard words', async () => {
    const { transcribe } = engineFor({ moonshine: '', pocketsphinx: '' });
    expect(await transcribe()).toEqual({ text: '', locale: 'en-US' });
  });
});
