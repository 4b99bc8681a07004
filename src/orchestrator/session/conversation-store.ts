import type { Sentence } from '../../audio/vad/sentence.js';
import { floatToInt16 } from '../../audio/wav-encoder.js';
import type {
  ConversationSnapshot,
  FlagRecord,
  KnownRole,
  SentenceRecord,
  SentenceSource,
  SpeakerCorrection,
} from '../conversation/conversation.types.js';
import { newSentenceRecord } from '../conversation/sentence-record.js';
import type { FlagMessageDto } from '../protocol/dto/client-messages.dto.js';
import { SessionMetrics } from './session-metrics.js';
import type { SessionSettings } from '../protocol/session-settings.js';

/**
 * What a session's conversation holds while it runs: the sentences (an ordered history and a
 * lookup by id over the same objects, interface §3), the flags and corrections, the session's
 * figures, and the snapshot the archive is built from. Kept in memory only, until `clear`.
 */
export class ConversationStore {
  readonly metrics = new SessionMetrics();
  private sentences: SentenceRecord[] = [];
  private byId = new Map<string, SentenceRecord>();
  private flags: FlagRecord[] = [];
  private corrections: SpeakerCorrection[] = [];
  /** Ids given so far: a live sentence gets its id at its onset, before its record exists. */
  private idsGiven = 0;

  constructor(
    private readonly settings: SessionSettings,
    readonly startedAt: Date,
  ) {}

  /** The next sentence id (`s1`, `s2`, …, in the order the sentences began). */
  reserveId(): string {
    return `s${++this.idsGiven}`;
  }

  /**
   * A new sentence, in the medic's language until known: numbered after the others, or with the
   * id reserved for it at its onset.
   */
  addSentence(
    source: SentenceSource,
    sentence?: Sentence,
    id: string = this.reserveId(),
  ): SentenceRecord {
    const record = this.draftSentence(id, source);
    return sentence ? this.addDraft(record, sentence) : this.add(record);
  }

  /**
   * The record of a sentence still being spoken, with its reserved id, kept out of the
   * conversation until addDraft: what the work at its pause fills in (issue 34).
   */
  draftSentence(id: string, source: SentenceSource = 'audio'): SentenceRecord {
    const { medic } = this.settings.parties;
    return newSentenceRecord({
      id,
      source,
      detectedAt: nowIso(),
      text: '',
      language: medic.locale,
      textLanguage: medic,
      role: 'unknown',
      status: 'pending',
    });
  }

  /** A draft whose sentence has ended: given the sentence's times and audio, and added. */
  addDraft(record: SentenceRecord, sentence: Sentence): SentenceRecord {
    // Written once, here, as addSentence always wrote them: when the sentence is known to end.
    Object.assign(record, {
      detectedAt: nowIso(),
      startMs: Math.round(sentence.speechStartMs),
      endMs: Math.round(sentence.speechEndMs),
      inputAudio: floatToInt16(sentence.samples),
    } satisfies Partial<SentenceRecord>);
    return this.add(record);
  }

  private add(record: SentenceRecord): SentenceRecord {
    this.sentences.push(record);
    this.byId.set(record.id, record);
    return record;
  }

  sentence(id: string): SentenceRecord | undefined {
    return this.byId.get(id);
  }

  /** Sentences whose results are still to come. */
  get pendingCount(): number {
    return this.sentences.filter((s) => s.status === 'pending').length;
  }

  /** A flag on a sentence (already known to exist) or, without sentence_id, the conversation. */
  addFlag(message: FlagMessageDto): FlagRecord {
    const flag: FlagRecord = {
      id: `f${this.flags.length + 1}`,
      type: message.flag_type,
      sentenceId: message.sentence_id ?? null,
      note: message.note,
      at: nowIso(),
    };
    this.flags.push(flag);
    return flag;
  }

  /** A correct_speaker on a sentence, with the role it had until now. */
  addCorrection(record: SentenceRecord, role: KnownRole): SpeakerCorrection {
    const correction = { sentenceId: record.id, role, previousRole: record.role, at: nowIso() };
    this.corrections.push(correction);
    return correction;
  }

  /** The conversation as the archive shows it. */
  snapshot(): ConversationSnapshot {
    const { parties } = this.settings;
    return {
      sessionId: this.settings.id,
      startedAt: this.startedAt.toISOString(),
      endedAt: nowIso(),
      medic: { locale: parties.medic.locale, name: parties.medic.language.name },
      patient: {
        locale: parties.patient.locale,
        name: parties.patient.language.name,
        gender: parties.patientGender,
        ageCategory: parties.patientAgeCategory,
      },
      enableDualDirection: this.settings.enableDualDirection,
      sampleRate: this.settings.sampleRate,
      sentences: this.sentences,
      flags: this.flags,
      corrections: this.corrections,
      metrics: this.metrics.snapshot(this.sentences, this.flags),
    };
  }

  /** Drops the conversation: nothing of it stays in memory once the session is closed. */
  clear(): void {
    this.sentences = [];
    this.byId = new Map();
    this.flags = [];
    this.corrections = [];
  }
}

const nowIso = () => new Date().toISOString();
