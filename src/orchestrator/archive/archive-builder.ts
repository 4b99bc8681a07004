/**
 * The conversation archive (decisions §5.5): a ZIP built in memory, never on disk, holding
 *
 *     conversation.json            the session as JSON (conversation-json.ts)
 *     transcript.txt               the session as text for a clinician (transcript-writer.ts)
 *     audio/<id>-input.wav         each sentence's input speech, 16 kHz mono 16-bit
 *     audio/<id>-<A|B>-r<n>.wav    each speech synthesized for branch A or B of revision n
 *
 * conversation.json lists the same audio paths (both come from `archiveAudioEntries`).
 *
 * Text entries are deflated; WAV entries are stored. Measured on a 10-minute session (100
 * sentences, 3 s of 16 kHz input and two 3 s synthesized WAVs at 22.05 kHz each, 36 MB of PCM):
 * stored 34.4 MiB in 0.2–0.45 s; WAVs deflated (level 6) 26.6–27.2 MiB in 2.9–3.1 s, level 1
 * 26.9–27.4 MiB in 1.8 s. Speech PCM deflates by ~21 % at 7–10× the build time, all of it
 * pure-JS CPU on the event loop that real-time sessions share, so storing wins. `ArchiveOptions`
 * can still deflate them.
 *
 * Nothing here logs, and errors (e.g. from JSZip) propagate to the caller, which reports them
 * as a `Conversation Archive` error.
 */
import { Injectable } from '@nestjs/common';
import JSZip from 'jszip';
import { encodeWav } from '../../audio/wav-encoder.js';
import type { ConversationSnapshot } from '../conversation/conversation.types.js';
import {
  archiveAudioEntries,
  INPUT_AUDIO_SAMPLE_RATE,
  toConversationJson,
  type ArchiveAudioEntry,
} from './conversation-json.js';
import { writeTranscript } from './transcript-writer.js';

export interface ConversationArchive {
  /** `conversation-20260622T140305Z-7f3c2a1e.zip`. */
  readonly filename: string;
  readonly bytes: Uint8Array;
}

export interface ArchiveOptions {
  /** How WAV entries are stored; text entries are always deflated. Default `STORE`. */
  readonly audioCompression?: 'STORE' | 'DEFLATE';
  /** Deflate level, 1 (fastest) to 9 (smallest). Default 6. */
  readonly deflateLevel?: number;
}

export const CONVERSATION_JSON = 'conversation.json';
export const TRANSCRIPT_TXT = 'transcript.txt';

@Injectable()
export class ArchiveBuilder {
  /** The archive of a finished conversation, in memory. */
  async build(snapshot: ConversationSnapshot): Promise<ConversationArchive> {
    return buildConversationArchive(snapshot);
  }
}

/** Builds the archive; `ArchiveBuilder.build` with options (for measurement and tests). */
export async function buildConversationArchive(
  snapshot: ConversationSnapshot,
  options: ArchiveOptions = {},
): Promise<ConversationArchive> {
  const zip = new JSZip();
  // Entry times: the end of the session, so the same snapshot gives the same bytes.
  const date = entryDate(snapshot);
  const common = { date, createFolders: false } as const;

  const json = `${JSON.stringify(toConversationJson(snapshot), null, 2)}\n`;
  zip.file(CONVERSATION_JSON, json, common);
  zip.file(TRANSCRIPT_TXT, writeTranscript(snapshot), common);
  const written = new Set<string>();
  for (const entry of archiveAudioEntries(snapshot)) {
    if (written.has(entry.path)) continue; // the same bytes as an earlier speech
    written.add(entry.path);
    zip.file(entry.path, wavBytes(entry), {
      ...common,
      binary: true,
      compression: options.audioCompression ?? 'STORE',
    });
  }

  const bytes = await zip.generateAsync({
    type: 'uint8array',
    compression: 'DEFLATE',
    compressionOptions: { level: options.deflateLevel ?? 6 },
  });
  return { filename: archiveFilename(snapshot), bytes };
}

/** `conversation-<startedAt as YYYYMMDDTHHMMSSZ>-<first 8 characters of the session id>.zip`. */
export function archiveFilename(snapshot: ConversationSnapshot): string {
  const started = Date.parse(snapshot.startedAt);
  const stamp = Number.isFinite(started)
    ? new Date(started)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d+Z$/, 'Z')
    : 'undated';
  const id = snapshot.sessionId.slice(0, 8).replace(/[^A-Za-z0-9_-]/g, '_') || 'session';
  return `conversation-${stamp}-${id}.zip`;
}

function wavBytes(entry: ArchiveAudioEntry): Uint8Array {
  if (entry.kind === 'input') {
    // archiveAudioEntries only names input audio that exists
    return encodeWav(entry.sentence.inputAudio ?? new Int16Array(0), INPUT_AUDIO_SAMPLE_RATE);
  }
  return entry.sentence.speech[entry.kind].wav;
}

function entryDate(snapshot: ConversationSnapshot): Date {
  for (const at of [snapshot.endedAt, snapshot.startedAt]) {
    const time = Date.parse(at);
    // ZIP (DOS) dates run from 1980 to 2107
    if (Number.isFinite(time) && time >= Date.UTC(1980, 0, 1) && time < Date.UTC(2108, 0, 1)) {
      return new Date(time);
    }
  }
  return new Date(Date.UTC(1980, 0, 1));
}
