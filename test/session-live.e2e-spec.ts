import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { resample } from '../src/audio/resampler.js';
import { decodeWav } from '../src/audio/wav-decoder.js';
import { floatToInt16 } from '../src/audio/wav-encoder.js';
import {
  ASR_ENGINE,
  type AsrEngine,
  type AsrStream,
} from '../src/transcription/engines/asr-engine.js';
import { TranscriptionService } from '../src/transcription/transcription.service.js';
import { dialogue, streamPcm } from './support/dialogue.js';
import { type Message, startSessionServer, TestClient } from './support/ws-client.js';

const OPEN = { language_medic: 'es', language_patient: 'en' };
const THREE = ['01-fever-headache.wav', '02-two-tablets.wav', '03-allergies.wav'];
const idNumber = (message: Message) => Number(String(message.sentence_id).slice(1));
const words = (text: unknown) =>
  String(text)
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .split(' ');

/**
 * A streaming engine around the real one: it keeps what it is pushed, says `word0 word1 …` (one
 * more word per 0.5 s of audio) as partials, and at finish recognizes exactly what it was pushed
 * with the real recognizer. `every`: a stream for one call in `every`, none (no decoder) for the rest.
 */
function fakeStreaming(engine: AsrEngine, every = 1) {
  const stats = { opened: 0, refused: 0, cancelled: 0 };
  let calls = 0;
  const openStream = (
    localeHints: readonly string[],
    onPartial?: (text: string) => void,
  ): AsrStream | undefined => {
    if (calls++ % every !== 0) {
      stats.refused++;
      return undefined;
    }
    stats.opened++;
    const chunks: Float32Array[] = [];
    let total = 0;
    return {
      push(samples) {
        chunks.push(samples.slice());
        const before = Math.floor(total / 8000);
        total += samples.length;
        const words = Math.floor(total / 8000);
        if (words > before && words >= 1) {
          onPartial?.(Array.from({ length: words + 1 }, (_, i) => `word${i}`).join(' '));
        }
      },
      finish(signal) {
        const samples = new Float32Array(total);
        let at = 0;
        for (const chunk of chunks) {
          samples.set(chunk, at);
          at += chunk.length;
        }
        return engine.transcribe({ samples, localeHints }, signal);
      },
      cancel() {
        stats.cancelled++;
      },
    };
  };
  return { openStream, stats };
}

/** For each sentence: the index of its asr_partials and of its asr_result / sentence_empty. */
function bySentence(messages: Message[]) {
  const sentences = new Map<string, { partials: number[]; texts: string[]; final?: number }>();
  messages.forEach((message, index) => {
    if (!['asr_partial', 'asr_result', 'sentence_empty'].includes(message.type)) return;
    const id = String(message.sentence_id);
    const entry = sentences.get(id) ?? { partials: [], texts: [] };
    sentences.set(id, entry);
    if (message.type === 'asr_partial') {
      entry.partials.push(index);
      entry.texts.push(String(message.text));
    } else entry.final ??= index;
  });
  return sentences;
}

/** Every partial before its sentence's final message, which comes; texts non-empty and changing. */
function expectPartialsInOrder(messages: Message[]): void {
  for (const [, { partials, texts, final }] of bySentence(messages)) {
    expect(final).toBeDefined();
    for (const index of partials) expect(index).toBeLessThan(final!);
    texts.forEach((text, i) => {
      expect(text.trim()).not.toBe('');
      if (i > 0) expect(text).not.toBe(texts[i - 1]);
    });
  }
}

/**
 * Speaks `files` (`speedup` times faster than real time) and waits for `count` sentences' ends.
 * At 4× a 2.6 s sentence is sent in 0.65 s, before a real decoder has answered a partial (one is
 * asked every 250 ms): only real time shows what a live caption does.
 */
async function speak(
  url: string,
  files: string[],
  count: number,
  { pauseMs, speedup = 4 }: { pauseMs?: number; speedup?: number } = {},
): Promise<Message[]> {
  const client = await TestClient.open(url, OPEN);
  await streamPcm(client, dialogue(files, pauseMs).samples, 16000, { chunkMs: 20, speedup });
  await client.count((m) => m.type === 'asr_result' || m.type === 'sentence_empty', count);
  client.close();
  await client.closed;
  return client.messages;
}

describe('Live recognition and asr_partial', () => {
  let app: NestExpressApplication;
  let url: string;
  let engine: AsrEngine;
  let original: AsrEngine['openStream'];

  beforeAll(async () => {
    // Two live decoders, whatever the machine's cores (the default is twice ASR_POOL_SIZE).
    ({ app, url } = await startSessionServer({ ASR_LIVE_DECODERS: '2' }));
    engine = app.get<AsrEngine>(ASR_ENGINE);
    original = engine.openStream;
  });
  afterEach(() => {
    engine.openStream = original;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("with a streaming engine: partials before each asr_result, then the sentence's text", async () => {
    const streaming = fakeStreaming(engine);
    engine.openStream = streaming.openStream;
    const live = await speak(url, THREE, 3);
    expect(streaming.stats).toEqual({ opened: 3, refused: 0, cancelled: 0 });
    const sentences = bySentence(live);
    expect([...sentences.keys()]).toEqual(['s1', 's2', 's3']);
    // The fixtures last 2 s or more: several partials each, the first with two words.
    for (const { texts } of sentences.values()) {
      expect(texts.length).toBeGreaterThan(0);
      expect(texts[0].split(' ').length).toBeGreaterThanOrEqual(2);
    }
    expectPartialsInOrder(live);

    // The stream had the sentence's samples: the text is the fixture's, as decoded whole
    // (test/session-audio.e2e-spec.ts). Not compared word for word with a whole decoding: the
    // decoders' cepstral mean follows what each decoded before.
    const said = dialogue(THREE).sentences;
    const results = live
      .filter((m) => m.type === 'asr_result')
      .sort((a, b) => idNumber(a) - idNumber(b)); // results of sentences interleave
    expect(results.map((m) => m.sentence_id)).toEqual(['s1', 's2', 's3']);
    results.forEach((message, index) => {
      const heard = words(message.text);
      const expected = words(said[index].text);
      const common = expected.filter((w) => heard.includes(w)).length;
      expect(common / expected.length).toBeGreaterThan(0.6);
    });
  }, 60_000);

  it('without a decoder free, a sentence is decoded whole: none is lost', async () => {
    const streaming = fakeStreaming(engine, 2);
    engine.openStream = streaming.openStream;
    const messages = await speak(url, THREE, 3);
    expect(streaming.stats).toMatchObject({ opened: 2, refused: 1 });
    const results = messages
      .filter((m) => m.type === 'asr_result')
      .sort((a, b) => idNumber(a) - idNumber(b));
    expect(results.map((m) => m.sentence_id)).toEqual(['s1', 's2', 's3']);
    expect(results.every((m) => String(m.text).length > 10)).toBe(true);
    const partialIds = new Set(
      messages.filter((m) => m.type === 'asr_partial').map((m) => m.sentence_id),
    );
    expect(partialIds).toEqual(new Set(['s1', 's3']));
    expectPartialsInOrder(messages);
  }, 60_000);

  it('a sentence with a pause is finished at the pause, then in a second part, and joined', async () => {
    // Two fixtures 150 ms apart, with their own quiet ~480 ms: one sentence for the VAD, paused.
    let opened = 0;
    engine.openStream = (...args) => {
      opened++;
      return original!.apply(engine, args);
    };
    const messages = await speak(url, ['01-fever-headache.wav', '03-allergies.wav'], 1, {
      pauseMs: 150,
    });
    const results = messages.filter((m) => m.type === 'asr_result');
    expect(results).toHaveLength(1);
    expect(opened).toBe(2);
    const heard = words(results[0].text);
    const said = dialogue(['01-fever-headache.wav', '03-allergies.wav'], 150).sentences;
    // One sentence over both: it ends after the second fixture's speech began.
    expect(Number(results[0].end_ms)).toBeGreaterThan(said[1].speechStartMs);
    const expected = said.flatMap((sentence) => words(sentence.text));
    const common = expected.filter((w) => heard.includes(w)).length;
    expect(common / expected.length).toBeGreaterThan(0.6);
    expectPartialsInOrder(messages);
  }, 60_000);

  it('with the configured engine: partials only when it streams, none for noise, music or silence', async () => {
    const transcription = app.get(TranscriptionService);
    const probe = transcription.startLiveSentence(['es-ES', 'en-US']);
    const streams = probe !== undefined;
    probe?.cancel();
    expect(streams).toBe(true); // the embedded recognizer, with live decoders

    const spoken = await speak(url, ['01-fever-headache.wav'], 1, { speedup: 1 });
    expectPartialsInOrder(spoken);
    expect(spoken.some((m) => m.type === 'asr_partial')).toBe(streams);

    for (const file of ['noise.wav', 'music.wav', 'silence.wav']) {
      const { samples, sampleRate } = decodeWav(
        readFileSync(join(import.meta.dirname, 'fixtures/audio', file)),
      );
      const mono = sampleRate === 16000 ? samples : await resample(samples, sampleRate, 16000);
      const client = await TestClient.open(url, OPEN);
      await streamPcm(client, floatToInt16(mono), 16000, { speedup: Infinity });
      client.socket.send(JSON.stringify({ type: 'conversation_exit', archive: false }));
      await client.closed;
      expectPartialsInOrder(client.messages);
      // A partial only for a sentence that ends with text.
      for (const [id, { partials }] of bySentence(client.messages)) {
        if (partials.length === 0) continue;
        expect(client.ofType('asr_result', id)).toHaveLength(1);
      }
    }
  }, 120_000);
});
