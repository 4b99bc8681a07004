/**
 * `conversation.json` of the conversation archive (decisions §5.5): the whole session as plain
 * JSON, snake_case throughout, field names as in the WebSocket protocol (§5.3, §5.4). Audio is
 * never inlined: each sentence lists the archive paths of its WAV files, and `archiveAudioEntries`
 * is the single place that names them, so the JSON and the ZIP cannot disagree.
 *
 * Optional values are `null` rather than missing, so every sentence has the same keys.
 */
import type {
  BranchCSkipReason,
  ConversationSnapshot,
  FlagType,
  KnownRole,
  NotTranslatedReason,
  SentenceRecord,
  SentenceSource,
  SentenceStatus,
  SessionErrorService,
  SessionMetricsSnapshot,
  SpeakerRole,
} from '../conversation/conversation.types.js';

/** Sample rate of every sentence's input audio as recorded (§ SentenceRecord.inputAudio). */
export const INPUT_AUDIO_SAMPLE_RATE = 16_000;

export interface ConversationJson {
  readonly format_version: 1;
  readonly session: {
    readonly id: string;
    readonly started_at: string;
    readonly ended_at: string;
    /** `ended_at − started_at` in seconds (ms precision), null when a date is unreadable. */
    readonly duration_seconds: number | null;
  };
  readonly languages: {
    readonly medic: { readonly locale: string; readonly name: string };
    readonly patient: {
      readonly locale: string;
      readonly name: string;
      readonly gender: string | null;
      readonly age_category: string | null;
    };
  };
  readonly enable_dual_direction: boolean;
  /** Sample rate of the client's audio frames (the input WAVs are 16 kHz). */
  readonly sample_rate: number;
  readonly sentences: SentenceJson[];
  readonly flags: FlagJson[];
  readonly corrections: CorrectionJson[];
  readonly metrics: SessionMetricsSnapshot;
}

export interface SentenceJson {
  readonly sentence_id: string;
  readonly source: SentenceSource;
  readonly detected_at: string;
  readonly start_ms: number | null;
  readonly end_ms: number | null;
  readonly text: string;
  readonly language: string;
  /** The recognizer's confidence (asr_result); null for typed text. */
  readonly confidence: number | null;
  readonly low_confidence: boolean;
  readonly role: SpeakerRole;
  readonly revision: number;
  readonly status: SentenceStatus;
  /** Branch A, one per revision. */
  readonly translations: {
    readonly revision: number;
    readonly source_language: string;
    readonly target_language: string;
    readonly text: string;
    readonly back_translation: string | null;
    readonly fidelity: number | null;
    readonly untranslated_words: readonly string[];
    /** `phrasebook` (a fixed phrase written in advance) or `machine` (the engine). */
    readonly origin: 'phrasebook' | 'machine';
    /** The fixed phrase, its wording in the speaker's language, and who reviewed it (null: none). */
    readonly phrase_id: string | null;
    readonly understood_as: string | null;
    readonly reviewed_by: string | null;
    /** Issue 32: the kind of answer the patient was offered to tap (null: none). */
    readonly answers: string | null;
    /** Issue 32: whether the clinician chose the phrase among those offered. */
    readonly chosen: boolean;
  }[];
  /** Revisions not translated (sentence_not_translated), and why. */
  readonly not_translated: {
    readonly revision: number;
    readonly reason: NotTranslatedReason;
    readonly language: string;
    /** Issue 32: the phrases offered to the clinician instead (no_fixed_phrase). */
    readonly suggestions: readonly { readonly phrase_id: string; readonly text: string }[];
  }[];
  /** Branch B, one per revision. */
  readonly reformulations: {
    readonly revision: number;
    readonly language: string;
    readonly text: string;
  }[];
  readonly branch_c: {
    readonly assumed_role: KnownRole;
    readonly source_language: string;
    readonly target_language: string;
    readonly text: string;
  }[];
  readonly branch_c_skipped: BranchCSkipReason[];
  readonly errors: { readonly service: SessionErrorService; readonly message: string }[];
  /** Archive paths of this sentence's WAV files: input first, then synthesized speech. */
  readonly audio: string[];
  /** What each synthesized WAV is; `path` is one of `audio`. */
  readonly speech: {
    readonly branch: 'A' | 'B';
    readonly revision: number;
    readonly language: string;
    readonly speed: number;
    readonly sample_rate: number;
    readonly path: string;
    /**
     * The earlier speech whose file `path` is, when this one is the same audio (a reformulation
     * that is the translation unchanged is not spoken twice); null when `path` is its own file.
     */
    readonly reused_from: { readonly branch: 'A' | 'B'; readonly revision: number } | null;
  }[];
}

export interface FlagJson {
  readonly flag_id: string;
  readonly flag_type: FlagType;
  /** null: the whole conversation. */
  readonly sentence_id: string | null;
  readonly note: string | null;
  readonly at: string;
}

export interface CorrectionJson {
  readonly sentence_id: string;
  readonly role: KnownRole;
  readonly previous_role: SpeakerRole;
  readonly at: string;
}

/** One WAV file of the archive. */
export interface ArchiveAudioEntry {
  /** Path inside the ZIP, e.g. `audio/s3-input.wav`, `audio/s3-B-r2.wav`. */
  readonly path: string;
  readonly sentence: SentenceRecord;
  /** `input`, or the index in `sentence.speech` of the synthesized speech. */
  readonly kind: 'input' | number;
  /**
   * A speech whose bytes are an earlier speech's of the sentence: that one's index in
   * `sentence.speech`. `path` is then that one's file, listed (and stored) once.
   */
  readonly sameAudioAs?: number;
}

/**
 * Every WAV file of the archive, in sentence order: `audio/<id>-input.wav` when input audio was
 * recorded (non-empty), then `audio/<id>-<branch>-r<revision>.wav` per synthesized speech. No path
 * is used twice: a second speech for the same branch and revision (synthesized again, e.g. at
 * another speed) gets `-2`, `-3`…; so would two ids that only differ in characters a file name
 * cannot hold (ids are `s1`, `s2`… in practice, kept as they are). Speech sharing the bytes of
 * an earlier one of the sentence shares its path: the ZIP holds one file for both.
 */
export function archiveAudioEntries(snapshot: ConversationSnapshot): ArchiveAudioEntry[] {
  const used = new Set<string>();
  const claim = (stem: string): string => {
    let path = `${stem}.wav`;
    for (let n = 2; used.has(path); n++) path = `${stem}-${n}.wav`;
    used.add(path);
    return path;
  };
  const entries: ArchiveAudioEntry[] = [];
  for (const sentence of snapshot.sentences) {
    const base = `audio/${safePathSegment(sentence.id)}`;
    if (sentence.inputAudio !== undefined && sentence.inputAudio.length > 0) {
      entries.push({ path: claim(`${base}-input`), sentence, kind: 'input' });
    }
    // A speech whose bytes are another's (an unchanged reformulation is not spoken twice) is
    // listed under that one's path and stored once.
    const stored = new Map<Uint8Array, ArchiveAudioEntry>();
    sentence.speech.forEach((speech, index) => {
      const earlier = stored.get(speech.wav);
      if (earlier) {
        entries.push({
          path: earlier.path,
          sentence,
          kind: index,
          sameAudioAs: earlier.kind as number,
        });
        return;
      }
      const entry = {
        path: claim(`${base}-${speech.branch}-r${speech.revision}`),
        sentence,
        kind: index,
      };
      stored.set(speech.wav, entry);
      entries.push(entry);
    });
  }
  return entries;
}

/** The snapshot as the JSON object of `conversation.json`. */
export function toConversationJson(snapshot: ConversationSnapshot): ConversationJson {
  const audio = new Map<SentenceRecord, ArchiveAudioEntry[]>();
  for (const entry of archiveAudioEntries(snapshot)) {
    const list = audio.get(entry.sentence);
    if (list) list.push(entry);
    else audio.set(entry.sentence, [entry]);
  }

  return {
    format_version: 1,
    session: {
      id: snapshot.sessionId,
      started_at: snapshot.startedAt,
      ended_at: snapshot.endedAt,
      duration_seconds: durationSeconds(snapshot.startedAt, snapshot.endedAt),
    },
    languages: {
      medic: { locale: snapshot.medic.locale, name: snapshot.medic.name },
      patient: {
        locale: snapshot.patient.locale,
        name: snapshot.patient.name,
        gender: snapshot.patient.gender ?? null,
        age_category: snapshot.patient.ageCategory ?? null,
      },
    },
    enable_dual_direction: snapshot.enableDualDirection,
    sample_rate: snapshot.sampleRate,
    sentences: snapshot.sentences.map((s) => sentenceJson(s, audio.get(s) ?? [])),
    flags: snapshot.flags.map((f) => ({
      flag_id: f.id,
      flag_type: f.type,
      sentence_id: f.sentenceId,
      note: f.note ?? null,
      at: f.at,
    })),
    corrections: snapshot.corrections.map((c) => ({
      sentence_id: c.sentenceId,
      role: c.role,
      previous_role: c.previousRole,
      at: c.at,
    })),
    metrics: {
      sentences_processed: snapshot.metrics.sentences_processed,
      sentences_empty: snapshot.metrics.sentences_empty,
      sentences_errored: snapshot.metrics.sentences_errored,
      sentences_flagged: snapshot.metrics.sentences_flagged,
      peak_concurrent_pipelines: snapshot.metrics.peak_concurrent_pipelines,
      warnings: snapshot.metrics.warnings,
      errors: snapshot.metrics.errors,
    },
  };
}

function sentenceJson(sentence: SentenceRecord, audio: ArchiveAudioEntry[]): SentenceJson {
  const speechPaths = new Map<number, string>();
  const reusedFrom = new Map<number, number>();
  for (const entry of audio) {
    if (entry.kind === 'input') continue;
    speechPaths.set(entry.kind, entry.path);
    if (entry.sameAudioAs !== undefined) reusedFrom.set(entry.kind, entry.sameAudioAs);
  }
  return {
    sentence_id: sentence.id,
    source: sentence.source,
    detected_at: sentence.detectedAt,
    start_ms: sentence.startMs ?? null,
    end_ms: sentence.endMs ?? null,
    text: sentence.text,
    language: sentence.language,
    confidence: sentence.confidence,
    low_confidence: sentence.lowConfidence,
    role: sentence.role,
    revision: sentence.revision,
    status: sentence.status,
    translations: sentence.translations.map((t) => ({
      revision: t.revision,
      source_language: t.sourceLanguage,
      target_language: t.targetLanguage,
      text: t.text,
      back_translation: t.backTranslation ?? null,
      fidelity: t.fidelity ?? null,
      untranslated_words: t.untranslatedWords ?? [],
      origin: t.origin,
      phrase_id: t.phraseId ?? null,
      understood_as: t.understoodAs ?? null,
      reviewed_by: t.reviewedBy ?? null,
      answers: t.answers?.kind ?? null,
      chosen: t.chosen ?? false,
    })),
    not_translated: sentence.withheld.map((w) => ({
      revision: w.revision,
      reason: w.reason,
      language: w.language,
      suggestions: (w.suggestions ?? []).map((s) => ({ phrase_id: s.phraseId, text: s.text })),
    })),
    reformulations: sentence.reformulations.map((r) => ({
      revision: r.revision,
      language: r.language,
      text: r.text,
    })),
    branch_c: sentence.alternates.map((c) => ({
      assumed_role: c.assumedRole,
      source_language: c.sourceLanguage,
      target_language: c.targetLanguage,
      text: c.text,
    })),
    branch_c_skipped: [...sentence.branchCSkipped],
    errors: sentence.errors.map((e) => ({ service: e.service, message: e.message })),
    audio: [...new Set(audio.map((entry) => entry.path))],
    speech: sentence.speech.map((s, index) => {
      const original = sentence.speech[reusedFrom.get(index) ?? -1];
      return {
        branch: s.branch,
        revision: s.revision,
        language: s.language,
        speed: s.speed,
        sample_rate: s.sampleRate,
        path: speechPaths.get(index) ?? '',
        reused_from: original ? { branch: original.branch, revision: original.revision } : null,
      };
    }),
  };
}

function durationSeconds(startedAt: string, endedAt: string): number | null {
  const ms = Date.parse(endedAt) - Date.parse(startedAt);
  return Number.isFinite(ms) ? Math.round(ms) / 1000 : null;
}

/** A sentence id as a file name part: anything but letters, digits, `-` and `_` becomes `_`. */
function safePathSegment(id: string): string {
  const safe = id.replace(/[^A-Za-z0-9_-]/g, '_');
  return safe === '' ? '_' : safe;
}
