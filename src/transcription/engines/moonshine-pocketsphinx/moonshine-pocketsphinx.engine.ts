import { Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { concatSamples } from '../../../audio/concat-samples.js';
import { spokenForm } from '../../spoken-form.js';
import { words } from '../../words.js';
import type {
  AsrAudio,
  AsrChannel,
  AsrEngine,
  AsrStream,
  AsrTranscript,
  AsrUsage,
} from '../asr-engine.js';
import type { ProposingRecognizer } from '../proposing-recognizer.js';
import {
  type Hypothesis,
  hypothesisTranscript,
  type ScoringRecognizer,
} from '../scoring-recognizer.js';
import {
  applyRegions,
  differingRegions,
  type Region,
  withRegion,
  wordSpans,
} from './hypothesis-regions.js';

const LOCALE = 'en-US';

/**
 * A clinical word pocketsphinx heard where Moonshine did not is worth this much log probability
 * under Moonshine (the clinical model's prior, which Moonshine lacks), and pocketsphinx's words
 * are taken outright where they bring a clinical word and its sentence's confidence is above
 * TRUSTED_POCKETSPHINX. Chosen on 1,356 sentences (docs/speech.md, "Moonshine with
 * pocketsphinx"): 2 / 4 / 6 and 0.3 / 0.4 / 0.5 / 0.6 / 0.7 were measured.
 */
export const CLINICAL_WORD_BONUS = 4;
export const TRUSTED_POCKETSPHINX = 0.4;

/**
 * At or above this confidence Moonshine's text stands, and a whole sentence is not given to
 * pocketsphinx at all: on the 1,356 sentences the rule was chosen on, this changed the word
 * error rate by −0.5 to +0.1 point by set, and left pocketsphinx out for 46 % of the real
 * recordings and 35 % of the synthetic ones (0.85 cost the clinical set 1.3 points).
 */
export const MOONSHINE_SURE = 0.9;

/**
 * Below this confidence the combined text is marked low-confidence: the bench's calibration rule
 * (the most misrecognized sentences flagged with at most 10 % of the exact ones flagged) on its
 * 528 sentences gave 0.69 (22.6 % of those with an error flagged, 8.2 % of the exact ones);
 * Moonshine's own 0.83 flagged a third of the exact ones.
 */
export const COMBINED_LOW_CONFIDENCE = 0.69;

/**
 * The default English recognizer: Moonshine tiny decides, pocketsphinx with the clinical
 * language model proposes. Both recognize each sentence; where their words differ, the
 * sentence with pocketsphinx's words in that place is scored by Moonshine, and pocketsphinx's
 * words are kept when Moonshine finds them as likely as its own (a clinical word counting
 * CLINICAL_WORD_BONUS more), or when they bring a clinical word and pocketsphinx is sure of its
 * sentence. Moonshine alone misses drug names it never heard ("sertraline" → "circling") and
 * stumbles on synthetic voices; pocketsphinx alone gets one word in four wrong on real voices.
 *
 * Sentences stream through pocketsphinx's live decoders as before (partial words while
 * someone speaks); Moonshine decodes the whole sentence at its end.
 *
 * It reaches the two through two ports, ScoringRecognizer and ProposingRecognizer, which the
 * provider fills with the engines; the thresholds above hold for these two, measured on them.
 */
export class MoonshinePocketsphinxEngine implements AsrEngine, OnModuleInit, OnModuleDestroy {
  readonly name = 'moonshine+pocketsphinx';
  readonly lowConfidenceBelow = COMBINED_LOW_CONFIDENCE;
  private readonly logger = new Logger(MoonshinePocketsphinxEngine.name);

  /** The words that count as clinical evidence (CLINICAL_WORD_BONUS), from pocketsphinx. */
  private readonly clinical: ReadonlySet<string>;

  constructor(
    readonly moonshine: ScoringRecognizer,
    readonly pocketsphinx: ProposingRecognizer,
  ) {
    this.clinical = pocketsphinx.clinicalWords();
  }

  languages(): readonly string[] {
    return [LOCALE];
  }

  /** Both recognizers' decoders together. */
  usage(): AsrUsage {
    return {
      cpuSeconds: this.moonshine.usage().cpuSeconds + this.pocketsphinx.usage().cpuSeconds,
    };
  }

  async onModuleInit(): Promise<void> {
    await Promise.all([this.moonshine.onModuleInit(), this.pocketsphinx.onModuleInit()]);
    this.logger.log(`${this.clinical.size} clinical words proposed by pocketsphinx`);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.moonshine.onModuleDestroy(), this.pocketsphinx.onModuleDestroy()]);
  }

  /** Moonshine first; pocketsphinx only when Moonshine is not sure (MOONSHINE_SURE). */
  async transcribe(audio: AsrAudio, signal: AbortSignal): Promise<AsrTranscript> {
    const hypothesis = await this.moonshine.hypothesis(audio.samples, signal);
    if (hypothesis.confidence >= MOONSHINE_SURE) return hypothesisTranscript(hypothesis, LOCALE);
    const proposal = await this.pocketsphinx.transcribe(audio, signal);
    return this.combine(audio.samples, hypothesis, proposal, signal);
  }

  openStream(
    localeHints: readonly string[],
    onPartial?: (text: string) => void,
    channel?: AsrChannel,
  ): AsrStream | undefined {
    const stream = this.pocketsphinx.openStream(localeHints, onPartial, channel);
    if (!stream) return undefined;
    const chunks: Float32Array[] = [];
    return {
      push: (samples) => {
        chunks.push(samples);
        stream.push(samples);
      },
      finish: async (signal) => {
        const samples = concatSamples(chunks);
        chunks.length = 0;
        const [hypothesis, proposal] = await Promise.all([
          this.moonshine.hypothesis(samples, signal),
          stream.finish(signal),
        ]);
        return this.combine(samples, hypothesis, proposal, signal);
      },
      cancel: () => {
        chunks.length = 0;
        stream.cancel();
      },
    };
  }

  async probe(): Promise<void> {
    await Promise.all([this.moonshine.probe(), this.pocketsphinx.probe()]);
  }

  /** Moonshine's text, with pocketsphinx's words where they win (see the class). */
  private async combine(
    samples: Float32Array,
    hypothesis: Hypothesis,
    proposal: AsrTranscript,
    signal: AbortSignal,
  ): Promise<AsrTranscript> {
    if (hypothesis.confidence >= MOONSHINE_SURE) return hypothesisTranscript(hypothesis, LOCALE);
    // Empty when Moonshine is too unsure to answer: pocketsphinx's words may still win.
    const { text, confidence } = hypothesis;
    const own = words(text);
    const other = words(spokenForm(proposal.text));
    const regions = differingRegions(own, other);
    const aligned =
      wordSpans(text)
        .map((span) => span.word)
        .join(' ') === own.join(' ');
    let result = text;
    if (regions.length > 0 && aligned) {
      // Scored as plain lower-case words on both sides: Moonshine's own text would otherwise win
      // on its case and punctuation alone.
      const candidates = [own, ...regions.map((region) => withRegion(own, region))];
      const [base, ...scores] = await this.moonshine.score(
        samples,
        candidates.map((candidate) => candidate.join(' ')),
        signal,
      );
      const taken = regions.filter((region, i) =>
        this.takes(region, scores[i] - base, proposal.confidence ?? 0),
      );
      result = applyRegions(text, taken);
    }
    // pocketsphinx's words taken where Moonshine's confidence is too low to answer stay, with
    // that confidence, which marks them.
    return hypothesisTranscript({ text: result, confidence }, LOCALE);
  }

  /** Whether pocketsphinx's words replace Moonshine's in `region`. */
  private takes(region: Region, gain: number, proposalConfidence: number): boolean {
    const own = new Set(region.own);
    const clinical = region.other.filter(
      (word) => this.clinical.has(word) && !own.has(word),
    ).length;
    if (gain + CLINICAL_WORD_BONUS * clinical > 0) return true;
    return clinical > 0 && proposalConfidence > TRUSTED_POCKETSPHINX;
  }
}
