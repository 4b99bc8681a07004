import { Injectable } from '@nestjs/common';
import { LanguageIdentifier } from '../../language/identification/language-identifier.js';
import {
  type LiveRecognition,
  type RecognitionChannel,
  type Transcript,
  TranscriptionService,
} from '../../transcription/transcription.service.js';
import { TranslationService } from '../../translation/translation.service.js';
import type { KnownRole, SentenceRecord } from '../conversation/conversation.types.js';
import { setLanguage } from '../conversation/sentence-record.js';
import {
  SessionLanguagesService,
  type SessionLanguage,
} from '../languages/session-languages.service.js';
import type { ConversationParties } from './conversation-parties.js';
import type { PipelineOutput } from './pipeline-output.js';
import { RoleResolver } from './role-resolver.js';
import { settle, type Settled } from './settle.js';

/**
 * The recognition stage: a sentence's text (recognized, or typed), the language it is in and who
 * said it (interface §4.3). It sends asr_result, or sentence_empty.
 */
@Injectable()
export class RecognitionStage {
  private readonly roles = new RoleResolver();

  constructor(
    private readonly transcription: TranscriptionService,
    private readonly languageId: LanguageIdentifier,
    private readonly languages: SessionLanguagesService,
    private readonly translation: TranslationService,
  ) {}

  /**
   * Recognizes one sentence of speech, medic's locale first (§4.3.2), and sends asr_result or
   * sentence_empty. Returns whether there is text to translate. `live`: the transcript of a
   * sentence recognized while it was spoken (startLive); without it, decoded whole.
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
  startLive(
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

  /**
   * A correct_speaker: the sentence is the other party's. Who spoke changes, and so the direction,
   * not the language the words are in; a language that was only assumed (a text too short to
   * tell) becomes the corrected party's.
   */
  reassign(record: SentenceRecord, role: KnownRole, parties: ConversationParties): void {
    record.role = role;
    if (!record.languageIdentified) setLanguage(record, partyOf(role, parties));
  }

  private isAnswer(text: string, role: KnownRole, parties: ConversationParties): boolean {
    const speaker = partyOf(role, parties);
    const listener = partyOf(role === 'medic' ? 'patient' : 'medic', parties);
    return (
      role === 'patient' &&
      this.translation.translateAnswer(text, speaker.language, listener.language) !== undefined
    );
  }

  /** The text is in neither party's language: it has no speaker by language, and no direction. */
  private setOutside(record: SentenceRecord, locale: string, parties: ConversationParties) {
    setLanguage(record, this.languages.textLanguage(locale, parties), locale);
    record.outsideLanguage = locale;
    if (record.role !== 'medic' && record.role !== 'patient') record.role = 'unknown';
  }

  private assignLanguage(record: SentenceRecord, locale: string, parties: ConversationParties) {
    const language = this.languages.textLanguage(locale, parties);
    setLanguage(record, language, locale);
    record.role = this.roles.roleOf(language, parties);
  }
}

const partyOf = (role: KnownRole, parties: ConversationParties): SessionLanguage =>
  role === 'medic' ? parties.medic : parties.patient;
