import { Injectable } from '@nestjs/common';
import { LlmService } from '../../llm/llm.service.js';
import { OrchestratorMetrics } from '../../metrics/orchestrator-metrics.service.js';
import { SynthesisService, type SynthesisResult } from '../../synthesis/synthesis.service.js';
import { LanguageIdentifier } from '../../language/identification/language-identifier.js';
import {
  type LiveRecognition,
  type RecognitionChannel,
  type Transcript,
  TranscriptionService,
} from '../../transcription/transcription.service.js';
import { TranslationService } from '../../translation/translation.service.js';
import type {
  KnownRole,
  SentenceRecord,
  SessionErrorService,
  WithheldTranslation,
} from '../conversation/conversation.types.js';
import type { PipelineResult } from '../conversation/session-events.js';
import {
  SessionLanguagesService,
  type SessionLanguage,
} from '../languages/session-languages.service.js';
import { type ConversationParties, partyGenders } from './conversation-parties.js';
import { FidelityScorer } from './fidelity/fidelity-scorer.js';
import { RoleResolver, sameLanguage, type TranslationDirection } from './role-resolver.js';
import { setLanguage } from '../conversation/sentence-record.js';
import { settle, type Settled } from './settle.js';
import { mostlyUntranslated } from './outside-language.js';
import { FixedPhraseStage, type WrittenTranslation } from './fixed-phrase-stage.js';
import type { VoiceGender } from '../../language/speech-settings.js';
import type { PipelineMetrics } from './pipeline-metrics.js';

/** Where a pipeline's results go: the session that owns the sentence. */
export interface PipelineOutput {
  readonly parties: ConversationParties;
  /** Aborted when the session is gone: remaining work is skipped. */
  readonly signal: AbortSignal;
  /** A result of the sentence, sent on in the order it is emitted. */
  emit(result: PipelineResult): void;
  /** Reports a failed stage as `error` on the sentence (it counts the sentence as errored). */
  fail(record: SentenceRecord, service: SessionErrorService, error: unknown): void;
  /** Reports a stage whose failure does not spoil the sentence (back-translation): a warning. */
  warn(record: SentenceRecord, service: SessionErrorService, error: unknown): void;
  /** Where the stages' metrics go; the service's by default (held for work at a pause). */
  readonly metrics?: PipelineMetrics;
}

export interface BranchOptions {
  readonly speed: number;
}

/**
 * The stages of one sentence (interface §1.8): recognition, language and role, then branch A
 * (literal translation, its back-translation and fidelity, its speech), branch B (the
 * reformulation of A for the listener, and its speech) and branch C (the alternate speaker).
 *
 * Stages that do not depend on each other run side by side (A's speech, B's reformulation and the
 * back-translation all start once A's text exists) but their results are sent in pipeline order,
 * so a client sees translation_result, tts_audio A, reformulation_result, tts_audio B for each
 * sentence. B's speech waits for A's, so the first audio the listener hears is not slowed down.
 */
@Injectable()
export class SentencePipeline {
  private readonly roles = new RoleResolver();
  private readonly fixedPhrases: FixedPhraseStage;

  constructor(
    private readonly transcription: TranscriptionService,
    private readonly languageId: LanguageIdentifier,
    private readonly languages: SessionLanguagesService,
    private readonly translation: TranslationService,
    private readonly synthesis: SynthesisService,
    private readonly llm: LlmService,
    private readonly metrics: OrchestratorMetrics,
    private readonly fidelity: FidelityScorer,
  ) {
    this.fixedPhrases = new FixedPhraseStage(translation);
  }

  /**
   * Recognizes one sentence of speech, medic's locale first (§4.3.2), and sends asr_result or
   * sentence_empty. Returns whether there is text to translate. `live`: the transcript of a
   * sentence recognized while it was spoken (startLiveRecognition); without it, decoded whole.
   */
  async recognize(
    record: SentenceRecord,
    samples: Float32Array,
    out: PipelineOutput,
    live?: Promise<Settled<Transcript>>,
  ): Promise<boolean> {
    const { medic, patient } = out.parties;
    const transcript = await (live ??
      settle(this.transcription.transcribeSegment(samples, [medic.locale, patient.locale])));
    if (out.signal.aborted) return false;
    if (!transcript.ok) {
      out.fail(record, 'ASR', transcript.error);
      return false;
    }
    const { text, locale, languageDecided, confidence, lowConfidence, outsideLocale } =
      transcript.value;
    if (!text) {
      record.status = 'empty';
      out.emit({ kind: 'empty', sentence: record });
      return false;
    }
    record.text = text;
    if (outsideLocale) this.setOutside(record, outsideLocale, out.parties);
    else this.assignLanguage(record, locale, out.parties);
    record.languageIdentified = languageDecided;
    record.confidence = confidence;
    record.lowConfidence = lowConfidence;
    out.emit({ kind: 'recognized', sentence: record });
    return true;
  }

  /**
   * Starts recognizing a sentence while it is spoken, medic's locale first, if the recognizer can
   * (issue 19); undefined when it cannot: the sentence is then decoded whole by recognize().
   */
  startLiveRecognition(
    parties: ConversationParties,
    onPartial: (text: string) => void,
    channel?: RecognitionChannel,
  ): LiveRecognition | undefined {
    return this.transcription.startLiveSentence(
      [parties.medic.locale, parties.patient.locale],
      onPartial,
      channel,
    );
  }

  /**
   * A typed sentence (text_input): its language is identified like a recognized one's (§4.3.3).
   * When the client says who typed it, that is the role, and the text keeps the language it is
   * in; only a text too short to tell is taken to be in that party's language. Sends asr_result
   * with source `text`.
   */
  acceptText(record: SentenceRecord, role: KnownRole | undefined, out: PipelineOutput): void {
    const { medic, patient } = out.parties;
    if (role && this.isAnswer(record.text, role, out.parties)) {
      // A tap (or its words typed) is an answer in the party's own language: nothing to identify.
      record.role = role;
      setLanguage(record, partyOf(role, out.parties));
      record.languageIdentified = true;
      out.emit({ kind: 'recognized', sentence: record });
      return;
    }
    const { locale, decided, outside } = this.languageId.identify(record.text, [
      medic.locale,
      patient.locale,
    ]);
    if (outside) {
      // Neither party's language: whoever typed it, it is not translated (translate()).
      record.role = role ?? 'unknown';
      this.setOutside(record, outside, out.parties);
      record.languageIdentified = true;
    } else if (role) {
      record.role = role;
      if (decided) setLanguage(record, this.languages.textLanguage(locale, out.parties), locale);
      else setLanguage(record, partyOf(role, out.parties));
    } else {
      this.assignLanguage(record, locale, out.parties);
    }
    record.languageIdentified = decided;
    out.emit({ kind: 'recognized', sentence: record });
  }

  private isAnswer(text: string, role: KnownRole, parties: ConversationParties): boolean {
    const speaker = partyOf(role, parties);
    const listener = partyOf(role === 'medic' ? 'patient' : 'medic', parties);
    return (
      role === 'patient' &&
      this.translation.translateAnswer(text, speaker.language, listener.language) !== undefined
    );
  }

  /**
   * A correct_speaker: the sentence is the other party's. Who spoke changes, and so the direction,
   * not the language the words are in; a language that was only assumed (a text too short to
   * tell) becomes the corrected party's.
   */
  reassign(record: SentenceRecord, role: KnownRole, parties: ConversationParties): void {
    record.role = role;
    if (!record.languageIdentified) setLanguage(record, partyOf(role, parties));
  }

  /** Branches A and B for the sentence's current role and revision. */
  async translate(record: SentenceRecord, out: PipelineOutput, options: BranchOptions) {
    const revision = record.revision;
    if (record.outsideLanguage !== undefined) {
      this.withhold(record, out);
      return;
    }
    // From the language the text is in, to the listener's: the same language when the text is
    // already the listener's (then passed on unchanged, without back-translation).
    const direction = this.roles.direction(record.role, record.textLanguage, out.parties);
    const { source, target } = direction;
    const fixed = this.fixedPhrases.decide(record, direction, out.parties);
    if (fixed.kind === 'withheld') {
      record.offers = fixed.offers;
      this.withhold(record, out, fixed);
      return;
    }
    if (fixed.kind === 'written') {
      await this.deliverWritten(record, direction, fixed.translation, out, options);
      return;
    }
    const genders = partyGenders(record.role, out.parties);
    const literal = await settle(
      this.translation.translateSentence(record.text, source.language, target.language, {
        ...genders,
        speaker: record.role,
      }),
    );
    if (out.signal.aborted) return;
    if (!literal.ok) {
      this.metricsOf(out).branchFailed('A');
      out.fail(record, 'Translation', literal.error);
      return;
    }
    const { text: textA, untranslated, origin, phrase } = literal.value;
    if (await this.inNeitherLanguage(record, untranslated, direction, out.parties)) {
      record.outsideLanguage = 'und';
      this.withhold(record, out);
      return;
    }
    const untranslated_words = untranslated.length > 0 ? [...untranslated] : undefined;
    const voice = direction.voiceOf === 'medic' ? out.parties.medicVoice : out.parties.patientVoice;
    // Started together; awaited in the order their results are sent. A fixed phrase was written
    // in advance: there is no machine translation to check by a round trip.
    const back =
      sameLanguage(source, target) || phrase
        ? undefined
        : settle(this.translation.translateText(textA, target.language, source.language, genders));
    const speechA = settle(this.speak(textA, target, voice, options.speed, out));
    const reformulation = settle(
      phrase?.plain !== undefined
        ? Promise.resolve(phrase.plain)
        : this.reformulate(textA, direction, out),
    );

    const backTranslation = back ? await back : undefined;
    if (out.signal.aborted) return;
    if (backTranslation) this.metricsOf(out).backTranslated(backTranslation.ok);
    if (backTranslation && !backTranslation.ok) {
      out.warn(record, 'Back-translation', backTranslation.error);
    }
    const back_translation = backTranslation?.ok ? backTranslation.value : undefined;
    // How likely the translation is faithful, 0..1 (fidelity/: calibrated on the devset).
    const fidelity =
      back_translation !== undefined
        ? round(
            this.fidelity.score({
              source: record.text,
              translation: textA,
              backTranslation: back_translation,
              sourceLanguage: source.language,
              targetLanguage: target.language,
              untranslatedWords: untranslated,
            }),
          )
        : undefined;
    const translation = {
      revision,
      sourceLanguage: source.locale,
      targetLanguage: target.locale,
      text: textA,
      backTranslation: back_translation,
      fidelity,
      untranslatedWords: untranslated_words,
      origin,
      phraseId: phrase?.phraseId,
      understoodAs: phrase?.understoodAs,
      reviewedBy: phrase?.reviewedBy,
      answers: phrase && this.translation.expectedAnswers(phrase, target.language),
    };
    record.translations.push(translation);
    out.emit({ kind: 'translated', sentence: record, translation });

    const audioA = await speechA;
    if (out.signal.aborted) return;
    this.deliverSpeech(record, 'A', revision, target, options.speed, audioA, out);

    const textB = await reformulation;
    if (out.signal.aborted) return;
    if (!textB.ok) {
      this.metricsOf(out).branchFailed('B');
      out.fail(record, 'Reformulation', textB.error);
      return;
    }
    const reformulated = { revision, language: target.locale, text: textB.value };
    record.reformulations.push(reformulated);
    out.emit({ kind: 'reformulated', sentence: record, reformulation: reformulated });
    // An unchanged text is not spoken twice.
    const audioB =
      textB.value === textA && audioA.ok
        ? audioA
        : await settle(this.speak(textB.value, target, voice, options.speed, out));
    if (out.signal.aborted) return;
    this.deliverSpeech(record, 'B', revision, target, options.speed, audioB, out);
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
  ): Promise<boolean> {
    const direction = this.roles.direction('medic', record.textLanguage, out.parties);
    const written = this.fixedPhrases.chosen(record, phraseId, direction, out.parties);
    if (!written) return false;
    record.revision++;
    await this.deliverWritten(record, direction, written, out, options);
    return true;
  }

  /** The phrase ids offered for the sentence, for a refusal that names them. */
  offeredPhrases(record: SentenceRecord): string[] {
    return this.fixedPhrases.offered(record);
  }

  /** Branch C (automatic with enable_dual_direction, or on trigger_branch_c), or why it is skipped. */
  async alternate(record: SentenceRecord, out: PipelineOutput): Promise<void> {
    if (record.outsideLanguage !== undefined) {
      this.metricsOf(out).branchFailed('C');
      out.fail(
        record,
        'Translation',
        `This sentence is in a language neither party speaks (${record.outsideLanguage}), so it is not translated either way.`,
      );
      return;
    }
    const fixedOnly = out.parties.medic.fixedPhrasesOnly || out.parties.patient.fixedPhrasesOnly;
    const plan = fixedOnly
      ? ({ run: false, reason: 'language_not_translated' } as const)
      : this.roles.alternate(record.role, out.parties);
    if (!plan.run) {
      this.metricsOf(out).branchCSkipped(plan.reason);
      record.branchCSkipped.push(plan.reason);
      out.emit({ kind: 'alternateSkipped', sentence: record, reason: plan.reason });
      return;
    }
    const { source, target } = plan.direction;
    const translated = await settle(
      this.translation.translateText(
        record.text,
        source.language,
        target.language,
        partyGenders(plan.assumedRole, out.parties),
      ),
    );
    if (out.signal.aborted) return;
    if (!translated.ok) {
      this.metricsOf(out).branchFailed('C');
      out.fail(record, 'Translation', translated.error);
      return;
    }
    this.metricsOf(out).branchCompleted('C', secondsSince(record));
    const alternate = {
      assumedRole: plan.assumedRole,
      sourceLanguage: source.locale,
      targetLanguage: target.locale,
      text: translated.value,
    };
    record.alternates.push(alternate);
    out.emit({ kind: 'alternate', sentence: record, alternate });
  }

  /**
   * The engine knew almost none of the text's words in the language it was taken for, nor, when
   * that language was only assumed (a text too short or too unusual to identify), in the other
   * party's: it is in neither (Haitian Creole in an English–Spanish session). A text of the other
   * party's that was assumed to be this one's is not withheld: it is translated as before.
   */
  private async inNeitherLanguage(
    record: SentenceRecord,
    untranslated: readonly string[],
    { source }: TranslationDirection,
    parties: ConversationParties,
  ): Promise<boolean> {
    if (!mostlyUntranslated(record.text, untranslated)) return false;
    if (record.languageIdentified) return true;
    const other = sameLanguage(source, parties.medic) ? parties.patient : parties.medic;
    if (sameLanguage(other, source)) return true;
    const asOther = await settle(
      this.translation.translateChecked(record.text, other.language, source.language),
    );
    return asOther.ok && mostlyUntranslated(record.text, asOther.value.untranslated);
  }

  /** The text is in neither party's language: it has no speaker by language, and no direction. */
  private setOutside(record: SentenceRecord, locale: string, parties: ConversationParties) {
    setLanguage(record, this.languages.textLanguage(locale, parties), locale);
    record.outsideLanguage = locale;
    if (record.role !== 'medic' && record.role !== 'patient') record.role = 'unknown';
  }

  /**
   * A translation written in advance (a fixed phrase, a chosen one, a patient's answer): sent as
   * branch A, with no round trip to check; branch B is the phrase's plainer wording or the same
   * text (no engine rewrites it); spoken where a voice has the listener's language.
   */
  private async deliverWritten(
    record: SentenceRecord,
    direction: TranslationDirection,
    written: WrittenTranslation,
    out: PipelineOutput,
    options: BranchOptions,
  ): Promise<void> {
    const { revision } = record;
    const { source, target } = direction;
    const voice = direction.voiceOf === 'medic' ? out.parties.medicVoice : out.parties.patientVoice;
    const spoken = !target.voiceless;
    const speechA = spoken
      ? settle(this.speak(written.text, target, voice, options.speed, out))
      : undefined;
    const translation = {
      revision,
      sourceLanguage: source.locale,
      targetLanguage: target.locale,
      text: written.text,
      origin: 'phrasebook' as const,
      phraseId: written.phraseId,
      understoodAs: written.understoodAs,
      reviewedBy: written.reviewedBy,
      answers: written.answers,
      chosen: written.chosen,
    };
    record.translations.push(translation);
    out.emit({ kind: 'translated', sentence: record, translation });
    const audioA = speechA && (await speechA);
    if (out.signal.aborted) return;
    if (audioA) this.deliverSpeech(record, 'A', revision, target, options.speed, audioA, out);
    const textB = written.plain ?? written.text;
    const reformulated = { revision, language: target.locale, text: textB };
    record.reformulations.push(reformulated);
    out.emit({ kind: 'reformulated', sentence: record, reformulation: reformulated });
    if (!spoken) return;
    const audioB =
      textB === written.text && audioA?.ok
        ? audioA
        : await settle(this.speak(textB, target, voice, options.speed, out));
    if (out.signal.aborted) return;
    this.deliverSpeech(record, 'B', revision, target, options.speed, audioB, out);
  }

  /** Says the revision is not translated, and why (sentence_not_translated). */
  private withhold(
    record: SentenceRecord,
    out: PipelineOutput,
    why: Pick<WithheldTranslation, 'reason' | 'language' | 'suggestions'> = {
      reason: 'language_outside_session',
      language: record.outsideLanguage ?? 'und',
    },
  ): void {
    const withheld: WithheldTranslation = {
      revision: record.revision,
      reason: why.reason,
      language: why.language,
      ...(why.suggestions ? { suggestions: why.suggestions } : {}),
    };
    record.withheld.push(withheld);
    out.emit({ kind: 'withheld', sentence: record, withheld });
  }

  private assignLanguage(record: SentenceRecord, locale: string, parties: ConversationParties) {
    const language = this.languages.textLanguage(locale, parties);
    setLanguage(record, language, locale);
    record.role = this.roles.roleOf(language, parties);
  }

  private metricsOf(out: PipelineOutput): PipelineMetrics {
    return out.metrics ?? this.metrics;
  }

  private reformulate(
    text: string,
    direction: TranslationDirection,
    out: PipelineOutput,
  ): Promise<string> {
    const { parties } = out;
    const metrics = this.metricsOf(out);
    const forPatient = direction.listener === 'patient';
    const started = performance.now();
    return this.llm
      .paraphrase({
        sentence: text,
        language: direction.target.language,
        gender: forPatient ? parties.patientGender : undefined,
        age_category: forPatient ? parties.patientAgeCategory : undefined,
      })
      .then(
        (paraphrase) => {
          metrics.reformulated((performance.now() - started) / 1000);
          return paraphrase;
        },
        (error: unknown) => {
          metrics.reformulationFailed(error);
          throw error;
        },
      );
  }

  private speak(
    text: string,
    language: SessionLanguage,
    gender: VoiceGender,
    speed: number,
    out: PipelineOutput,
  ): Promise<SynthesisResult> {
    const { signal } = out;
    const metrics = this.metricsOf(out);
    const started = performance.now();
    return this.synthesis
      .synthesize({ text, language: language.language.iso6391, gender, speed }, signal)
      .then(
        (audio) => {
          metrics.speechSynthesized(performance.now() - started, audio.wav.byteLength);
          return audio;
        },
        (error: unknown) => {
          if (!signal.aborted) metrics.speechFailed(error);
          throw error;
        },
      );
  }

  private deliverSpeech(
    record: SentenceRecord,
    branch: 'A' | 'B',
    revision: number,
    language: SessionLanguage,
    speed: number,
    audio: Settled<SynthesisResult>,
    out: PipelineOutput,
  ): void {
    if (!audio.ok) {
      this.metricsOf(out).branchFailed(branch);
      out.fail(record, 'TTS', audio.error);
      return;
    }
    this.metricsOf(out).branchCompleted(branch, secondsSince(record));
    const { wav, sampleRate } = audio.value;
    const speech = { branch, revision, language: language.locale, speed, sampleRate, wav };
    record.speech.push(speech);
    out.emit({ kind: 'spoken', sentence: record, speech });
  }
}

const partyOf = (role: KnownRole, parties: ConversationParties): SessionLanguage =>
  role === 'medic' ? parties.medic : parties.patient;

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Seconds since the sentence was detected (end of speech, or text received). */
const secondsSince = (record: SentenceRecord) =>
  Math.max(0, (Date.now() - Date.parse(record.detectedAt)) / 1000);
