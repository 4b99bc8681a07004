import { Injectable } from '@nestjs/common';
import { OrchestratorMetrics } from '../../metrics/orchestrator-metrics.service.js';
import type { SynthesisResult } from '../../synthesis/synthesis.service.js';
import type { SentenceRecord } from '../conversation/conversation.types.js';
import { AlternateStage } from './alternate-stage.js';
import { FixedPhraseStage, type WrittenTranslation } from './fixed-phrase-stage.js';
import { LiteralTranslationStage } from './literal-translation-stage.js';
import {
  type BranchOptions,
  type PipelineOutput,
  type StageOutput,
  stageOutput,
} from './pipeline-output.js';
import { RecognitionStage } from './recognition-stage.js';
import { ReformulationStage } from './reformulation-stage.js';
import { RoleResolver, type TranslationDirection } from './role-resolver.js';
import type { Settled } from './settle.js';
import { type SpeechPlan, SpeechStage } from './speech-stage.js';
import { withhold } from './withhold.js';

/**
 * The stages of one sentence (interface §1.8), in order: recognition (language and role), then
 * branch A (the fixed phrase, or the literal translation and its check), A's speech, branch B
 * (the reformulation of A for the listener) and B's speech; branch C (the alternate speaker) on
 * its own. Stages that do not depend on each other run side by side (A's speech, B's
 * reformulation and the back-translation all start once A's text exists), but their results are
 * sent in pipeline order: translation_result, tts_audio A, reformulation_result, tts_audio B. B's
 * speech waits for A's, so the first audio the listener hears is not slowed down. The stages
 * report their events; the metrics observe them (stageOutput).
 */
@Injectable()
export class SentencePipeline {
  private readonly roles = new RoleResolver();

  constructor(
    readonly recognition: RecognitionStage,
    private readonly fixedPhrases: FixedPhraseStage,
    private readonly literal: LiteralTranslationStage,
    private readonly reformulation: ReformulationStage,
    private readonly alternates: AlternateStage,
    private readonly speech: SpeechStage,
    private readonly metrics: OrchestratorMetrics,
  ) {}

  /** Branches A and B for the sentence's current role and revision. */
  async translate(record: SentenceRecord, pipelineOut: PipelineOutput, options: BranchOptions) {
    const out = stageOutput(pipelineOut, this.metrics);
    if (record.outsideLanguage !== undefined) return withhold(record, out);
    // From the language the text is in, to the listener's: the same language when the text is
    // already the listener's (then passed on unchanged, without back-translation).
    const direction = this.roles.direction(record.role, record.textLanguage, out.parties);
    const fixed = this.fixedPhrases.decide(record, direction, out.parties);
    if (fixed.kind === 'withheld') {
      record.offers = fixed.offers;
      return withhold(record, out, fixed);
    }
    if (fixed.kind === 'written')
      return this.sendWritten(record, direction, fixed.translation, out, options);
    const plan = SpeechStage.plan(record.revision, direction, out.parties, options.speed);
    const draft = await this.literal.translate(record, direction, out);
    if (draft === 'outside') {
      record.outsideLanguage = 'und';
      return withhold(record, out);
    }
    if (!draft) return;
    // Started together, in this order; their results are sent in pipeline order.
    const sent = this.literal.check(record, plan.revision, draft, direction, out);
    const speechA = this.speech.speak(draft.text, plan, out);
    const plain = draft.phrase?.plain;
    const textB =
      plain !== undefined
        ? Promise.resolve({ ok: true as const, value: plain })
        : this.reformulation.reformulate(draft.text, direction, out);
    if (await sent) await this.sendSpeechAndB(record, plan, draft.text, speechA, textB, out);
  }

  /**
   * A choose_phrase: the sentence translated by the phrase the clinician chose among those
   * offered, as a new revision. False (nothing done) when the phrase was not offered.
   */
  async choose(
    record: SentenceRecord,
    phraseId: string,
    out: PipelineOutput,
    options: BranchOptions,
  ) {
    const direction = this.roles.direction('medic', record.textLanguage, out.parties);
    const written = this.fixedPhrases.chosen(record, phraseId, direction, out.parties);
    if (!written) return false;
    record.revision++;
    await this.sendWritten(record, direction, written, stageOutput(out, this.metrics), options);
    return true;
  }

  /** The phrase ids offered for the sentence, for a refusal that names them. */
  offeredPhrases(record: SentenceRecord): string[] {
    return this.fixedPhrases.offered(record);
  }

  /** Branch C (automatic with enable_dual_direction, or on trigger_branch_c), or why it is skipped. */
  alternate(record: SentenceRecord, out: PipelineOutput): Promise<void> {
    return this.alternates.alternate(record, stageOutput(out, this.metrics));
  }

  /**
   * A translation written in advance (a fixed phrase, a chosen one, a patient's answer): sent as
   * branch A, with no round trip to check it; branch B is the phrase's plainer wording or the same
   * text (no engine rewrites it); spoken where a voice has the listener's language.
   */
  private async sendWritten(
    record: SentenceRecord,
    direction: TranslationDirection,
    written: WrittenTranslation,
    out: StageOutput,
    { speed }: BranchOptions,
  ): Promise<void> {
    const plan = SpeechStage.plan(record.revision, direction, out.parties, speed);
    const speechA = direction.target.voiceless
      ? undefined
      : this.speech.speak(written.text, plan, out);
    const translation = FixedPhraseStage.translation(written, plan.revision, direction);
    record.translations.push(translation);
    out.emit({ kind: 'translated', sentence: record, translation });
    const textB = { ok: true as const, value: written.plain ?? written.text };
    await this.sendSpeechAndB(record, plan, written.text, speechA, Promise.resolve(textB), out);
  }

  /**
   * A's speech (none for a voiceless language), then B's text and B's speech, each sent as soon
   * as it and what comes before it are ready. B's text unchanged from A's is not spoken twice.
   */
  private async sendSpeechAndB(
    record: SentenceRecord,
    plan: SpeechPlan,
    textA: string,
    speechA: Promise<Settled<SynthesisResult>> | undefined,
    reformulation: Promise<Settled<string>>,
    out: StageOutput,
  ): Promise<void> {
    const audioA = speechA && (await speechA);
    if (out.signal.aborted) return;
    if (audioA) this.speech.deliver(record, 'A', plan, audioA, out);
    const textB = await reformulation;
    if (out.signal.aborted) return;
    if (!this.reformulation.deliver(record, plan.revision, plan.language, textB, out)) return;
    if (!audioA) return;
    const audioB =
      textB.value === textA && audioA.ok ? audioA : await this.speech.speak(textB.value, plan, out);
    if (out.signal.aborted) return;
    this.speech.deliver(record, 'B', plan, audioB, out);
  }
}
