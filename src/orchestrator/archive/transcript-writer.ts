/**
 * `transcript.txt` of the conversation archive (decisions §5.5): the conversation as a clinician
 * reads it, UTF-8 plain text with LF line ends.
 *
 * A header (date, both parties and their languages), then each sentence in order:
 *
 *     [02:15] s3 MEDIC (fr-FR): Avez-vous des allergies ?
 *         Translation (en-US, fidelity 92%): Do you have any allergies?
 *         Back-translation (fr-FR): Avez-vous des allergies ?
 *         Reformulation (en-US): Are you allergic to anything, like a medicine or a food?
 *
 * `[mm:ss]` is the time the sentence was detected, from the start of the session. Branch B is
 * always labelled a reformulation and printed after the literal translation, never instead of
 * it. A text already in the listener's language, passed on untranslated, is labelled so. A sentence re-translated after a speaker correction shows each revision under its own
 * heading. Flags on the whole conversation close the transcript.
 */
import type {
  ConversationSnapshot,
  FlagRecord,
  FlagType,
  NotTranslatedReason,
  SentenceRecord,
  SpeakerCorrection,
  SpeakerRole,
} from '../conversation/conversation.types.js';
import { archiveAudioEntries, type ArchiveAudioEntry } from './conversation-json.js';

const INDENT = '    ';

const FLAG_LABELS: Record<FlagType, string> = {
  mistranslation: 'mistranslation',
  wrong_speaker: 'wrong speaker',
  bug: 'bug',
  other: 'other',
};

const BRANCH_NAMES = { A: 'translation', B: 'reformulation' } as const;

const SKIP_LABELS: Record<string, string> = {
  unknown_speaker_role: 'the speaker is unknown',
  same_translation_direction: 'both parties share a language',
  language_not_translated: "a party's language has no machine translation",
};

/** The transcript of a conversation, as text (encode as UTF-8). */
export function writeTranscript(snapshot: ConversationSnapshot): string {
  const lines: string[] = [];
  const sessionStart = Date.parse(snapshot.startedAt);

  lines.push('Medical interpretation – conversation transcript');
  lines.push(`Date: ${formatPeriod(snapshot.startedAt, snapshot.endedAt)}`);
  lines.push(`Medic: ${snapshot.medic.name} (${snapshot.medic.locale})`);
  const patientDetails = [snapshot.patient.gender, snapshot.patient.ageCategory].filter(
    (detail): detail is NonNullable<typeof detail> => detail !== undefined,
  );
  lines.push(
    `Patient: ${snapshot.patient.name} (${snapshot.patient.locale})` +
      patientDetails.map((detail) => `, ${detail}`).join(''),
  );
  lines.push(`Session: ${snapshot.sessionId}`);
  lines.push(sentenceSummary(snapshot.sentences));
  lines.push('');
  lines.push(
    'Each sentence shows the original as recognized (or typed), then its literal translation',
    'with its fidelity (a score from its back-translation and checks of its medical terms,',
    'numbers and negation: a low one is a warning, a high one proves nothing), then the',
    'plain-language reformulation, an aid that never replaces the translation.',
    'A "Fixed phrase" is a translation written in advance that the sentence matched, shown with',
    "the phrase as understood in the speaker's language and who reviewed it (unreviewed: written",
    'by the project, not by a certified medical interpreter).',
    'Branch C lines translate a sentence as if the other party had said it.',
  );

  const sentenceIds = new Set(snapshot.sentences.map((s) => s.id));
  const audioFiles = new Map<SentenceRecord, ArchiveAudioEntry[]>();
  for (const entry of archiveAudioEntries(snapshot)) {
    const entries = audioFiles.get(entry.sentence) ?? [];
    entries.push(entry);
    audioFiles.set(entry.sentence, entries);
  }

  for (const sentence of snapshot.sentences) {
    lines.push('');
    writeSentence(lines, sentence, {
      offset: elapsed(sessionStart, sentence.detectedAt),
      corrections: snapshot.corrections.filter((c) => c.sentenceId === sentence.id),
      flags: snapshot.flags.filter((f) => f.sentenceId === sentence.id),
      audio: audioList(sentence, audioFiles.get(sentence) ?? []),
    });
  }

  const conversationFlags = snapshot.flags.filter(
    (f) => f.sentenceId === null || !sentenceIds.has(f.sentenceId),
  );
  lines.push('');
  if (conversationFlags.length === 0) {
    lines.push('Conversation flags: none');
  } else {
    lines.push('Conversation flags:');
    for (const flag of conversationFlags) lines.push(flagLine(INDENT, flag, true));
  }
  return lines.join('\n') + '\n';
}

interface SentenceContext {
  readonly offset: string;
  readonly corrections: readonly SpeakerCorrection[];
  readonly flags: readonly FlagRecord[];
  readonly audio: readonly string[];
}

function writeSentence(lines: string[], sentence: SentenceRecord, context: SentenceContext): void {
  const details = sentence.source === 'text' ? `${sentence.language}, typed` : sentence.language;
  const head = `[${context.offset}] ${sentence.id} ${roleLabel(sentence.role)} (${details})`;
  lines.push(labelled('', head, originalText(sentence)));

  for (const correction of context.corrections) {
    lines.push(
      `${INDENT}Speaker corrected from ${correction.previousRole} to ${correction.role}` +
        ` (${clockTime(correction.at)})`,
    );
  }

  const revisions = [
    ...new Set([
      ...sentence.translations.map((t) => t.revision),
      ...sentence.reformulations.map((r) => r.revision),
      ...sentence.withheld.map((w) => w.revision),
    ]),
  ].sort((a, b) => a - b);
  const grouped = revisions.length > 1 || sentence.revision > 1;
  for (const revision of revisions) {
    let indent = INDENT;
    if (grouped) {
      const role = roleOfRevision(sentence, context.corrections, revision);
      const as = role === undefined ? '' : `, as ${roleName(role)}`;
      const superseded = revision < sentence.revision ? ' (superseded)' : '';
      lines.push(`${INDENT}Revision ${revision}${as}${superseded}:`);
      indent = INDENT + INDENT;
    }
    for (const t of sentence.translations.filter((x) => x.revision === revision)) {
      const fidelity = formatFidelity(t.fidelity);
      // Text already in the listener's language is passed on as it is: not a translation.
      const label =
        t.sourceLanguage === t.targetLanguage
          ? `Not translated, already in the listener's language (${t.targetLanguage})`
          : t.origin === 'phrasebook'
            ? `${t.chosen ? 'Fixed phrase chosen by the clinician' : 'Fixed phrase'} ${t.phraseId ?? ''} (${t.targetLanguage}, ${t.reviewedBy ? `reviewed by ${t.reviewedBy}` : 'unreviewed'})`
            : `Machine translation (${t.targetLanguage}${fidelity ? `, fidelity ${fidelity}` : ''})`;
      lines.push(labelled(indent, label, t.text));
      if (t.understoodAs !== undefined) {
        lines.push(labelled(indent, `Understood as (${t.sourceLanguage})`, t.understoodAs));
      }
      if (t.backTranslation !== undefined) {
        lines.push(labelled(indent, `Back-translation (${t.sourceLanguage})`, t.backTranslation));
      }
      if (t.answers) {
        lines.push(
          labelled(indent, 'Answers offered', t.answers.options.map((o) => o.text).join(' / ')),
        );
      }
    }
    for (const w of sentence.withheld.filter((x) => x.revision === revision)) {
      lines.push(`${indent}${NOT_TRANSLATED[w.reason](w.language)}`);
      if (w.suggestions && w.suggestions.length > 0) {
        lines.push(
          labelled(indent, 'Phrases offered', w.suggestions.map((s) => s.text).join(' / ')),
        );
      }
    }
    for (const r of sentence.reformulations.filter((x) => x.revision === revision)) {
      lines.push(labelled(indent, `Reformulation (${r.language})`, r.text));
    }
  }

  for (const c of sentence.alternates) {
    const label = `Branch C, as if spoken by the ${c.assumedRole} (${c.sourceLanguage} → ${c.targetLanguage})`;
    lines.push(labelled(INDENT, label, c.text));
  }
  for (const reason of sentence.branchCSkipped) {
    lines.push(`${INDENT}Branch C skipped: ${SKIP_LABELS[reason] ?? reason}`);
  }
  for (const flag of context.flags) lines.push(flagLine(INDENT, flag, false));
  for (const error of sentence.errors) {
    lines.push(labelled(INDENT, `Error (${error.service})`, error.message));
  }
  if (sentence.status === 'errored' && sentence.errors.length === 0) {
    lines.push(`${INDENT}Error: processing failed`);
  }
  if (context.audio.length > 0) {
    lines.push(`${INDENT}Audio: ${context.audio.join(', ')}`);
  }
}

/**
 * The sentence's WAV files, each once: a speech that is an earlier one's audio (a reformulation
 * that is the translation unchanged) is not listed again, but said of the file it shares.
 */
function audioList(sentence: SentenceRecord, entries: readonly ArchiveAudioEntry[]): string[] {
  const alsoSpeaks = new Map<number, Set<string>>();
  for (const entry of entries) {
    if (entry.kind === 'input' || entry.sameAudioAs === undefined) continue;
    const also = alsoSpeaks.get(entry.sameAudioAs) ?? new Set<string>();
    also.add(BRANCH_NAMES[sentence.speech[entry.kind].branch]);
    alsoSpeaks.set(entry.sameAudioAs, also);
  }
  return entries
    .filter((entry) => entry.sameAudioAs === undefined)
    .map((entry) => {
      const also = entry.kind === 'input' ? undefined : alsoSpeaks.get(entry.kind);
      return also
        ? `${entry.path} (also the ${[...also].join(' and ')}'s speech, which is the same text)`
        : entry.path;
    });
}

/** Why a revision was not translated, as the transcript says it. */
const NOT_TRANSLATED: Readonly<Record<NotTranslatedReason, (language: string) => string>> = {
  language_outside_session: (language) =>
    `Not translated: the text is in neither party's language (${language}); nothing was spoken`,
  no_fixed_phrase: (language) =>
    `Not translated: no fixed phrase says it, and ${language} has no machine translation; nothing reached the patient`,
  language_not_translated: (language) =>
    `Not translated: ${language} has no machine translation and the text is none of the answers`,
};

function originalText(sentence: SentenceRecord): string {
  if (sentence.status === 'empty' || sentence.text.trim() === '') {
    return sentence.source === 'audio' ? '(no speech recognized)' : '(empty)';
  }
  if (sentence.status === 'pending') {
    return `${sentence.text} (processing had not finished when the session ended)`;
  }
  if (sentence.lowConfidence) {
    return `${sentence.text} (recognition uncertain: confidence ${sentence.confidence})`;
  }
  return sentence.text;
}

function roleLabel(role: SpeakerRole): string {
  return role.toUpperCase();
}

function roleName(role: SpeakerRole): string {
  return role === 'unknown' ? 'unknown speaker' : role;
}

/**
 * The speaker role a revision was translated for: the current role for the current revision,
 * else read back from the corrections (one per revision after the first), when they add up.
 */
function roleOfRevision(
  sentence: SentenceRecord,
  corrections: readonly SpeakerCorrection[],
  revision: number,
): SpeakerRole | undefined {
  if (revision === sentence.revision) return sentence.role;
  if (corrections.length !== sentence.revision - 1 || revision < 1) return undefined;
  return revision === 1 ? corrections[0]?.previousRole : corrections[revision - 2]?.role;
}

/** `Flag f2, wrong speaker (14:05:10 UTC): <note>`; `orphan`: listed with the conversation flags. */
function flagLine(indent: string, flag: FlagRecord, orphan: boolean): string {
  const where =
    orphan && flag.sentenceId !== null ? `, on ${flag.sentenceId} (not in this transcript)` : '';
  const label = `Flag ${flag.id}, ${FLAG_LABELS[flag.type] ?? flag.type} (${clockTime(flag.at)})${where}`;
  return flag.note === undefined || flag.note.trim() === ''
    ? indent + label
    : labelled(indent, label, flag.note);
}

/** `<indent><label>: <text>`, further lines of a multi-line text aligned under its first. */
function labelled(indent: string, label: string, text: string): string {
  const prefix = `${indent}${label}: `;
  const hanging = ' '.repeat(Array.from(prefix).length);
  const body = text.replace(/\r\n?|[\u2028\u2029]/g, '\n').split('\n');
  return prefix + body.join(`\n${hanging}`);
}

function formatFidelity(fidelity: number | undefined): string | undefined {
  if (fidelity === undefined || !Number.isFinite(fidelity)) return undefined;
  return `${Math.round(Math.min(1, Math.max(0, fidelity)) * 100)}%`;
}

/** `mm:ss` from the session start (minutes go past 59 for long sessions). */
function elapsed(sessionStart: number, at: string): string {
  const ms = Date.parse(at) - sessionStart;
  if (!Number.isFinite(ms)) return '--:--';
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

/** `HH:MM:SS UTC`, or the text as given when it is not a date. */
function clockTime(at: string): string {
  const time = Date.parse(at);
  return Number.isFinite(time) ? `${new Date(time).toISOString().slice(11, 19)} UTC` : at;
}

/** `2026-06-22, 14:03:05 to 14:13:07 UTC (10 min 02 s)`; past an hour `(1 h 02 min 10 s)`. */
function formatPeriod(startedAt: string, endedAt: string): string {
  const start = Date.parse(startedAt);
  const end = Date.parse(endedAt);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return `${startedAt} to ${endedAt}`;
  const startIso = new Date(start).toISOString();
  const endIso = new Date(end).toISOString();
  const sameDay = startIso.slice(0, 10) === endIso.slice(0, 10);
  const endText = sameDay
    ? endIso.slice(11, 19)
    : `${endIso.slice(0, 10)}, ${endIso.slice(11, 19)}`;
  const total = Math.max(0, Math.round((end - start) / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  const duration =
    hours > 0
      ? `${hours} h ${String(minutes).padStart(2, '0')} min ${seconds} s`
      : `${minutes} min ${seconds} s`;
  return `${startIso.slice(0, 10)}, ${startIso.slice(11, 19)} to ${endText} UTC (${duration})`;
}

function sentenceSummary(sentences: readonly SentenceRecord[]): string {
  const count = (status: SentenceRecord['status']): number =>
    sentences.filter((s) => s.status === status).length;
  return (
    `Sentences: ${sentences.length} (${count('processed')} processed, ${count('empty')} empty, ` +
    `${count('errored')} failed)`
  );
}
