/**
 * The archive of a conversation whose connection was lost, built in the browser from what the
 * page holds: the service's archive died with it. Same layout as the service's (decisions §5.5,
 * src/orchestrator/archive/): `conversation.json` with the same fields where the page knows them
 * (null where it does not) plus `incomplete: true` and why, `transcript.txt` whose first line
 * says it is incomplete, and the speech clips the page received as `audio/<id>-<A|B>-r<n>.wav`.
 * The input speech, earlier translations and the metrics stayed on the service.
 *
 * JSZip is loaded on demand (its own chunk): only a page that lost its connection needs it.
 * Nothing is written anywhere; the caller turns the bytes into a Blob URL. Pure logic, no DOM.
 */
import type { ConversationFlag, SentenceState } from './conversation-store';
import type { TtsAudioMessage } from './protocol';
import { languageName } from './wording';

export type IncompleteReason = 'connection_lost';

/** What the page holds of the conversation. */
export interface PageConversation {
  /** HandshakeSuccess's session_id. */
  sessionId: string;
  /** When the session started (HandshakeSuccess), and when the connection was lost (ISO). */
  startedAt: string;
  endedAt: string;
  medicLocale: string;
  patientLocale: string;
  patientGender?: string;
  patientAgeCategory?: string;
  enableDualDirection: boolean;
  sampleRate: number;
  /** In the order spoken. */
  sentences: SentenceState[];
  conversationFlags: ConversationFlag[];
  /** When the page first heard of each sentence (ISO), by id. */
  firstSeen: ReadonlyMap<string, string>;
  speech: readonly TtsAudioMessage[];
  reason: IncompleteReason;
}

export interface IncompleteArchive {
  /** `conversation-20261126T191500Z-1a89f9de-incomplete.zip` */
  filename: string;
  bytes: Uint8Array;
}

const NOTE =
  'Built in the browser from what the page held when the connection to the service was lost. ' +
  'Missing: the input speech, superseded translations, the times of flags and corrections, and the metrics.';

/** Fetches JSZip ahead of need; a later import() of it then needs no network. */
export async function preloadZipLibrary(): Promise<void> {
  try {
    await import('jszip');
  } catch {
    // Tried again when the archive is built.
  }
}

export async function buildIncompleteArchive(page: PageConversation): Promise<IncompleteArchive> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  const date = zipDate(page.endedAt);
  const audio = audioPaths(page.speech);
  const json = `${JSON.stringify(incompleteConversationJson(page, audio), null, 2)}\n`;
  zip.file('conversation.json', json, { date, createFolders: false });
  zip.file('transcript.txt', incompleteTranscript(page, audio), { date, createFolders: false });
  page.speech.forEach((clip, index) => {
    zip.file(audio[index], clip.audio_base64, {
      date,
      base64: true,
      binary: true,
      compression: 'STORE',
      createFolders: false,
    });
  });
  const bytes = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
  return { filename: incompleteFilename(page), bytes };
}

/** The service's name for the archive, marked `-incomplete`. */
export function incompleteFilename(
  page: Pick<PageConversation, 'sessionId' | 'startedAt'>,
): string {
  const started = Date.parse(page.startedAt);
  const stamp = Number.isFinite(started)
    ? new Date(started)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d+Z$/, 'Z')
    : 'undated';
  const id = page.sessionId.slice(0, 8).replace(/[^A-Za-z0-9_-]/g, '_') || 'session';
  return `conversation-${stamp}-${id}-incomplete.zip`;
}

/** One archive path per clip, in order: `audio/s3-A-r1.wav`, a second one of the same `-2`. */
function audioPaths(speech: readonly TtsAudioMessage[]): string[] {
  const used = new Set<string>();
  return speech.map((clip) => {
    const stem = `audio/${clip.sentence_id.replace(/[^A-Za-z0-9_-]/g, '_') || '_'}-${clip.branch}-r${clip.revision}`;
    let path = `${stem}.wav`;
    for (let n = 2; used.has(path); n++) path = `${stem}-${n}.wav`;
    used.add(path);
    return path;
  });
}

function status(s: SentenceState): 'pending' | 'processed' | 'empty' | 'errored' {
  if (s.empty) return 'empty';
  if (s.failed.recognition || s.failed.translation) return 'errored';
  if (!s.translation || s.translation.revision < s.revision) return 'pending';
  return 'processed';
}

export function incompleteConversationJson(
  page: PageConversation,
  audio: readonly string[] = audioPaths(page.speech),
): Record<string, unknown> {
  const duration = Date.parse(page.endedAt) - Date.parse(page.startedAt);
  const flags = [
    ...page.sentences.flatMap((s) =>
      s.flags.map((f) => ({ ...f, sentenceId: s.id as string | null })),
    ),
    ...page.conversationFlags.map((f) => ({ ...f, sentenceId: null as string | null })),
  ];
  return {
    format_version: 1,
    incomplete: true,
    incomplete_reason: page.reason,
    incomplete_note: NOTE,
    session: {
      id: page.sessionId,
      started_at: page.startedAt,
      ended_at: page.endedAt,
      duration_seconds: Number.isFinite(duration) ? Math.round(duration) / 1000 : null,
    },
    languages: {
      medic: { locale: page.medicLocale, name: languageName(page.medicLocale) },
      patient: {
        locale: page.patientLocale,
        name: languageName(page.patientLocale),
        gender: page.patientGender ?? null,
        age_category: page.patientAgeCategory ?? null,
      },
    },
    enable_dual_direction: page.enableDualDirection,
    sample_rate: page.sampleRate,
    sentences: page.sentences.map((s) => {
      const clips = page.speech
        .map((clip, index) => ({ clip, path: audio[index] }))
        .filter(({ clip }) => clip.sentence_id === s.id);
      const t = s.translation;
      const r = s.reformulation;
      const c = s.branchC;
      return {
        sentence_id: s.id,
        source: s.source ?? null,
        detected_at: page.firstSeen.get(s.id) ?? null,
        start_ms: null,
        end_ms: null,
        text: s.text ?? '',
        language: s.language ?? null,
        confidence: null,
        low_confidence: s.lowConfidence ?? false,
        role: s.role ?? 'unknown',
        revision: s.revision,
        status: status(s),
        // The page keeps the newest revision only.
        translations: t
          ? [
              {
                revision: t.revision,
                source_language: t.source_language,
                target_language: t.target_language,
                text: t.text,
                back_translation: t.back_translation ?? null,
                fidelity: t.fidelity ?? null,
                untranslated_words: t.untranslated_words ?? [],
              },
            ]
          : [],
        reformulations: r ? [{ revision: r.revision, language: r.language, text: r.text }] : [],
        branch_c:
          c?.kind === 'result'
            ? [
                {
                  assumed_role: c.result.assumed_role,
                  source_language: c.result.source_language,
                  target_language: c.result.target_language,
                  text: c.result.text,
                },
              ]
            : [],
        branch_c_skipped: c?.kind === 'skipped' ? [c.reason] : [],
        errors: s.errors.map((e) => ({ service: e.service, message: e.message })),
        audio: clips.map(({ path }) => path),
        speech: clips.map(({ clip, path }) => ({
          branch: clip.branch,
          revision: clip.revision,
          language: clip.language,
          speed: clip.speed,
          sample_rate: clip.sample_rate,
          path,
          reused_from: null,
        })),
      };
    }),
    flags: flags.map((f) => ({
      flag_id: f.flagId,
      flag_type: f.flagType,
      sentence_id: f.sentenceId,
      note: f.note ?? null,
      at: null,
    })),
    corrections: page.sentences
      .filter((s) => s.corrected)
      .map((s) => ({
        sentence_id: s.id,
        role: s.corrected!.to,
        previous_role: s.corrected!.from,
        at: null,
      })),
    metrics: null,
  };
}

export function incompleteTranscript(
  page: PageConversation,
  audio: readonly string[] = audioPaths(page.speech),
): string {
  const lines = [
    'INCOMPLETE – the connection to the service was lost; this transcript holds what the page showed.',
    'Medical interpretation – conversation transcript',
    `Date: ${page.startedAt} to ${page.endedAt} (connection lost)`,
    `Medic: ${languageName(page.medicLocale)} (${page.medicLocale})`,
    `Patient: ${languageName(page.patientLocale)} (${page.patientLocale})` +
      [page.patientGender, page.patientAgeCategory]
        .filter(Boolean)
        .map((detail) => `, ${detail}`)
        .join(''),
    `Session: ${page.sessionId}`,
    `Sentences: ${page.sentences.length}`,
    '',
    NOTE,
  ];
  const started = Date.parse(page.startedAt);
  for (const s of page.sentences) {
    lines.push('');
    const details = s.source === 'text' ? `${s.language ?? '?'}, typed` : (s.language ?? '?');
    const text = s.empty
      ? '(no speech recognized)'
      : status(s) === 'pending'
        ? `${s.text ?? ''} (processing had not finished when the connection was lost)`
        : (s.text ?? '');
    const seen = page.firstSeen.get(s.id);
    lines.push(
      `[${elapsed(started, seen)}] ${s.id} ${(s.role ?? 'unknown').toUpperCase()} (${details}): ${text}`,
    );
    if (s.corrected)
      lines.push(`    Speaker corrected from ${s.corrected.from} to ${s.corrected.to}`);
    const t = s.translation;
    if (t) {
      const fidelity =
        t.fidelity === undefined
          ? ''
          : `, fidelity ${Math.round(Math.min(1, Math.max(0, t.fidelity)) * 100)}%`;
      lines.push(
        t.origin === 'phrasebook'
          ? `    Fixed phrase ${t.phrase_id ?? ''} (${t.target_language}, ${t.reviewed_by ? `reviewed by ${t.reviewed_by}` : 'unreviewed'}): ${t.text}`
          : `    Machine translation (${t.target_language}${fidelity}): ${t.text}`,
      );
      if (t.understood_as !== undefined) {
        lines.push(`    Understood as (${t.source_language}): ${t.understood_as}`);
      }
      if (t.back_translation !== undefined) {
        lines.push(`    Back-translation (${t.source_language}): ${t.back_translation}`);
      }
    }
    if (s.reformulation) {
      lines.push(`    Reformulation (${s.reformulation.language}): ${s.reformulation.text}`);
    }
    if (s.branchC?.kind === 'result') {
      const c = s.branchC.result;
      lines.push(
        `    Branch C, as if spoken by the ${c.assumed_role} (${c.source_language} → ${c.target_language}): ${c.text}`,
      );
    }
    for (const flag of s.flags) {
      lines.push(`    Flag ${flag.flagId}, ${flag.flagType}${flag.note ? `: ${flag.note}` : ''}`);
    }
    for (const error of s.errors) lines.push(`    Error (${error.service}): ${error.message}`);
    const paths = audio.filter((_, index) => page.speech[index].sentence_id === s.id);
    if (paths.length > 0) lines.push(`    Audio: ${paths.join(', ')}`);
  }
  lines.push('');
  if (page.conversationFlags.length === 0) lines.push('Conversation flags: none');
  else {
    lines.push('Conversation flags:');
    for (const flag of page.conversationFlags) {
      lines.push(`    Flag ${flag.flagId}, ${flag.flagType}${flag.note ? `: ${flag.note}` : ''}`);
    }
  }
  return lines.join('\n') + '\n';
}

/** `mm:ss` from the session start, `--:--` when unknown. */
function elapsed(start: number, at: string | undefined): string {
  const ms = at === undefined ? NaN : Date.parse(at) - start;
  if (!Number.isFinite(ms)) return '--:--';
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

function zipDate(at: string): Date {
  const time = Date.parse(at);
  return Number.isFinite(time) && time >= Date.UTC(1980, 0, 1)
    ? new Date(time)
    : new Date(Date.UTC(1980, 0, 1));
}
