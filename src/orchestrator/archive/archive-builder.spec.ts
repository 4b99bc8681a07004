import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Test } from '@nestjs/testing';
import JSZip from 'jszip';
import type { ConversationSnapshot, SentenceRecord } from '../conversation/conversation.types.js';
import {
  ArchiveBuilder,
  archiveFilename,
  buildConversationArchive,
  CONVERSATION_JSON,
  TRANSCRIPT_TXT,
} from './archive-builder.js';
import { toConversationJson, type ConversationJson } from './conversation-json.js';
import {
  ENDED_AT,
  conversationSnapshot,
  speech,
} from '../../../test/support/conversation-snapshot.fixture.js';
import { writeTranscript } from './transcript-writer.js';

const AUDIO_PATHS = [
  'audio/s1-input.wav',
  'audio/s1-A-r1.wav',
  'audio/s1-B-r1.wav',
  'audio/s2-input.wav',
  'audio/s2-A-r1.wav',
  'audio/s2-A-r2.wav',
  'audio/s2-B-r2.wav',
  'audio/s2-B-r2-2.wav',
  'audio/s3-input.wav',
  'audio/s4-A-r1.wav',
  'audio/s5-input.wav',
];

/** Name and compression method (0 stored, 8 deflated) of each local file header, in order. */
function zipEntries(bytes: Uint8Array): { name: string; method: number }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries: { name: string; method: number }[] = [];
  for (let at = 0; at + 30 <= bytes.length && view.getUint32(at, true) === 0x04034b50;) {
    const method = view.getUint16(at + 8, true);
    const compressedSize = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const extraLength = view.getUint16(at + 28, true);
    const name = Buffer.from(bytes.subarray(at + 30, at + 30 + nameLength)).toString('utf8');
    entries.push({ name, method });
    at += 30 + nameLength + extraLength + compressedSize;
  }
  return entries;
}

/** The 16-bit samples of a RIFF WAV written by encodeWav (44-byte header). */
function wavSamples(wav: Uint8Array): Int16Array {
  const data = wav.slice(44);
  return new Int16Array(data.buffer, data.byteOffset, data.byteLength / 2);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return Buffer.from(bytes.subarray(from, to)).toString('ascii');
}

describe('ArchiveBuilder', () => {
  let snapshot: ConversationSnapshot;
  let bytes: Uint8Array;
  let filename: string;
  let zip: JSZip;

  beforeAll(async () => {
    snapshot = conversationSnapshot();
    ({ bytes, filename } = await new ArchiveBuilder().build(snapshot));
    zip = await JSZip.loadAsync(bytes);
  });

  const files = (): string[] =>
    Object.values(zip.files)
      .filter((f) => !f.dir)
      .map((f) => f.name);

  it('is injectable', async () => {
    const moduleRef = await Test.createTestingModule({ providers: [ArchiveBuilder] }).compile();
    expect(moduleRef.get(ArchiveBuilder)).toBeInstanceOf(ArchiveBuilder);
  });

  it('names the file after the start time (UTC) and the session id', () => {
    expect(filename).toBe('conversation-20260622T140305Z-7f3c2a1e.zip');
  });

  it('gives a ZIP as a Uint8Array', () => {
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(ascii(bytes, 0, 4)).toBe('PK\x03\x04');
  });

  it('holds exactly conversation.json, transcript.txt and the audio files, no folders', () => {
    expect(files()).toEqual([CONVERSATION_JSON, TRANSCRIPT_TXT, ...AUDIO_PATHS]);
    expect(Object.values(zip.files).some((f) => f.dir)).toBe(false);
    expect(zipEntries(bytes).map((e) => e.name)).toEqual(files());
  });

  it('holds conversation.json as pretty JSON equal to toConversationJson', async () => {
    const text = await zip.file(CONVERSATION_JSON)!.async('string');
    expect(text.startsWith('{\n  "format_version": 1,')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text)).toEqual(toConversationJson(snapshot));
  });

  it('lists in conversation.json exactly the audio entries present', async () => {
    const json = JSON.parse(await zip.file(CONVERSATION_JSON)!.async('string')) as ConversationJson;
    const listed = json.sentences.flatMap((s) => s.audio);
    const present = files().filter((name) => name.startsWith('audio/'));
    expect(listed).toEqual(present);
    expect(new Set(listed).size).toBe(listed.length);
    for (const sentence of json.sentences) {
      for (const entry of sentence.speech) expect(sentence.audio).toContain(entry.path);
    }
  });

  it('holds transcript.txt as UTF-8 text equal to writeTranscript', async () => {
    const raw = await zip.file(TRANSCRIPT_TXT)!.async('uint8array');
    const text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
    expect(text).toBe(writeTranscript(snapshot));
    expect(text).toContain('[00:07] s1 MEDIC (fr-FR): Bonjour madame, où avez-vous mal ?');
    expect(text).toContain(
      'Machine translation (en-US, fidelity 92%): Hello madam, where does it hurt?',
    );
  });

  it('holds each input speech as a 16 kHz WAV of the recorded samples', async () => {
    for (const sentence of snapshot.sentences.filter((s) => s.inputAudio !== undefined)) {
      const wav = await zip.file(`audio/${sentence.id}-input.wav`)!.async('uint8array');
      expect(ascii(wav, 0, 4)).toBe('RIFF');
      expect(ascii(wav, 8, 12)).toBe('WAVE');
      const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
      expect(view.getUint16(20, true)).toBe(1); // PCM
      expect(view.getUint16(22, true)).toBe(1); // mono
      expect(view.getUint32(24, true)).toBe(16000);
      expect(view.getUint16(34, true)).toBe(16);
      expect(Array.from(wavSamples(wav))).toEqual(Array.from(sentence.inputAudio!));
    }
  });

  it('holds each synthesized speech byte for byte', async () => {
    const expected: [string, Uint8Array][] = [];
    for (const sentence of snapshot.sentences) {
      const counts = new Map<string, number>();
      for (const s of sentence.speech) {
        const stem = `audio/${sentence.id}-${s.branch}-r${s.revision}`;
        const n = (counts.get(stem) ?? 0) + 1;
        counts.set(stem, n);
        expected.push([n === 1 ? `${stem}.wav` : `${stem}-${n}.wav`, s.wav]);
      }
    }
    expect(expected).toHaveLength(7);
    for (const [path, wav] of expected) {
      const stored = await zip.file(path)!.async('uint8array');
      expect(ascii(stored, 0, 4)).toBe('RIFF');
      expect(Buffer.from(stored).equals(Buffer.from(wav))).toBe(true);
    }
  });

  it('has no input WAV for the typed sentence and only input audio for the empty one', () => {
    expect(files().filter((f) => f.startsWith('audio/s4-'))).toEqual(['audio/s4-A-r1.wav']);
    expect(files().filter((f) => f.startsWith('audio/s3-'))).toEqual(['audio/s3-input.wav']);
  });

  it('deflates the text entries and stores the WAVs by default', () => {
    for (const { name, method } of zipEntries(bytes)) {
      expect([name, method]).toEqual([name, name.endsWith('.wav') ? 0 : 8]);
    }
  });

  it('deflates the WAVs too on request, with the same content', async () => {
    const deflated = await buildConversationArchive(snapshot, { audioCompression: 'DEFLATE' });
    expect(zipEntries(deflated.bytes).every((e) => e.method === 8)).toBe(true);
    const other = await JSZip.loadAsync(deflated.bytes);
    for (const path of AUDIO_PATHS) {
      const a = await zip.file(path)!.async('uint8array');
      const b = await other.file(path)!.async('uint8array');
      expect(Buffer.from(b).equals(Buffer.from(a))).toBe(true);
    }
  });

  it('dates the entries at the end of the session', () => {
    // ZIP times have a 2-second resolution
    const date = zip.file(CONVERSATION_JSON)!.date.getTime();
    expect(Math.abs(date - Date.parse(ENDED_AT))).toBeLessThanOrEqual(2000);
  });

  it('gives the same bytes for the same snapshot', async () => {
    const again = await new ArchiveBuilder().build(conversationSnapshot());
    expect(Buffer.from(again.bytes).equals(Buffer.from(bytes))).toBe(true);
  });

  it('reads WAV bytes given as a view into a larger buffer', async () => {
    const base = conversationSnapshot();
    const wav = speech('A', 1, 'en-US', 9).wav;
    const larger = new Uint8Array(wav.length + 100).fill(0xee);
    larger.set(wav, 50);
    const view = larger.subarray(50, 50 + wav.length);
    const sentence: SentenceRecord = {
      ...base.sentences[3],
      speech: [{ ...base.sentences[3].speech[0], wav: view }],
    };
    const snapshot2 = { ...base, sentences: [sentence] };
    const archive = await buildConversationArchive(snapshot2);
    const stored = await (
      await JSZip.loadAsync(archive.bytes)
    )
      .file('audio/s4-A-r1.wav')!
      .async('uint8array');
    expect(Buffer.from(stored).equals(Buffer.from(wav))).toBe(true);
  });

  it('stores once a speech whose bytes another speech of the sentence shares', async () => {
    const base = conversationSnapshot();
    const a = speech('A', 1, 'en-US', 4);
    const sentence: SentenceRecord = {
      ...base.sentences[3],
      speech: [a, { ...a, branch: 'B' }],
    };
    const archive = await buildConversationArchive({ ...base, sentences: [sentence] });
    const unzipped = await JSZip.loadAsync(archive.bytes);
    const audio = Object.keys(unzipped.files).filter((name) => name.startsWith('audio/'));
    expect(audio).toEqual(['audio/s4-A-r1.wav']);
    const json = JSON.parse(await unzipped.file(CONVERSATION_JSON)!.async('string'));
    expect(json.sentences[0].audio).toEqual(['audio/s4-A-r1.wav']);
    expect(
      json.sentences[0].speech.map((s: { branch: string; path: string }) => [s.branch, s.path]),
    ).toEqual([
      ['A', 'audio/s4-A-r1.wav'],
      ['B', 'audio/s4-A-r1.wav'],
    ]);
  });

  it('builds an archive of a conversation without sentences', async () => {
    const empty = { ...conversationSnapshot(), sentences: [], flags: [], corrections: [] };
    const archive = await buildConversationArchive(empty);
    const unzipped = await JSZip.loadAsync(archive.bytes);
    expect(Object.keys(unzipped.files)).toEqual([CONVERSATION_JSON, TRANSCRIPT_TXT]);
    const json = JSON.parse(await unzipped.file(CONVERSATION_JSON)!.async('string'));
    expect(json.sentences).toEqual([]);
  });

  it('propagates a JSZip failure', async () => {
    const failure = new Error('out of memory');
    const spy = jest.spyOn(JSZip.prototype, 'generateAsync').mockRejectedValueOnce(failure);
    try {
      await expect(new ArchiveBuilder().build(conversationSnapshot())).rejects.toBe(failure);
    } finally {
      spy.mockRestore();
    }
  });

  it('rejects, rather than throws, when the snapshot cannot be encoded', async () => {
    const base = conversationSnapshot();
    const broken = {
      ...base,
      sentences: [{ ...base.sentences[3], speech: [{ ...base.sentences[3].speech[0], wav: 42 }] }],
    } as unknown as ConversationSnapshot;
    const pending = new ArchiveBuilder().build(broken);
    expect(pending).toBeInstanceOf(Promise);
    await expect(pending).rejects.toThrow();
  });

  it('writes nothing to the console', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
      jest.spyOn(console, method).mockImplementation(() => undefined),
    );
    try {
      await new ArchiveBuilder().build(conversationSnapshot());
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('archiveFilename', () => {
  const named = (fields: Partial<ConversationSnapshot>): string =>
    archiveFilename({ ...conversationSnapshot(), ...fields });

  it('uses the compact UTC start time and the first 8 characters of the session id', () => {
    expect(named({ startedAt: '2026-01-02T03:04:05.999Z', sessionId: 'abcdef0123456789' })).toBe(
      'conversation-20260102T030405Z-abcdef01.zip',
    );
  });

  it('converts a start time with an offset to UTC', () => {
    expect(named({ startedAt: '2026-06-22T16:03:05+02:00' })).toBe(
      'conversation-20260622T140305Z-7f3c2a1e.zip',
    );
  });

  it('keeps only safe characters of the session id', () => {
    expect(named({ sessionId: '../a b/c' })).toBe('conversation-20260622T140305Z-___a_b_c.zip');
    expect(named({ sessionId: '' })).toBe('conversation-20260622T140305Z-session.zip');
  });

  it('copes with an unreadable start time', () => {
    expect(named({ startedAt: 'unknown', sessionId: 'abc' })).toBe('conversation-undated-abc.zip');
  });
});
