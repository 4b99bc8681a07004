import { afterEach, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServerOptions, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { parseCliArgs, UsageError } from './cli-args.js';
import { base64Bytes, formatMessage } from './format-message.js';
import { SentenceTracker } from './sentence-tracker.js';
import { SessionConnection, SessionConnectError } from './session-connection.js';
import { checkSessionSampleRate, parseWav, readWavFile } from './wav-file.js';

/** A RIFF/WAVE file of 16-bit PCM (or another bit depth, to test refusals). */
function wav(frames: number[][], sampleRate: number, bits = 16, dataSize?: number): Buffer {
  const channels = frames[0]?.length ?? 1;
  const data = Buffer.alloc(frames.length * channels * 2);
  frames.flat().forEach((sample, i) => data.writeInt16LE(sample, i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(bits, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataSize ?? data.length, 40);
  return Buffer.concat([header, data]);
}

describe('parseWav', () => {
  it('reads 16-bit mono as it is', () => {
    const audio = parseWav(wav([[1], [-2], [32767], [-32768]], 16000));
    expect(audio.sampleRate).toBe(16000);
    expect(audio.channels).toBe(1);
    expect([...audio.samples]).toEqual([1, -2, 32767, -32768]);
  });

  it('mixes stereo down to mono', () => {
    const audio = parseWav(
      wav(
        [
          [100, 300],
          [-32768, -32768],
        ],
        8000,
      ),
    );
    expect(audio.channels).toBe(2);
    expect([...audio.samples]).toEqual([200, -32768]);
  });

  it('reads a streaming file whose data size is 0 to the end', () => {
    expect(parseWav(wav([[5], [6], [7]], 16000, 16, 0)).samples.length).toBe(3);
  });

  it('reads the committed fixtures', () => {
    const audio = readWavFile('test/fixtures/audio/speech/01-fever-headache.wav');
    expect(audio.sampleRate).toBe(16000);
    expect(audio.samples.length).toBe(Math.round(2.58 * 16000));
    expect(readWavFile('test/fixtures/audio/formats/s16-stereo-8000.wav').channels).toBe(2);
  });

  it('refuses what it cannot stream, saying why', () => {
    expect(() => parseWav(Buffer.from('hello, not a wav file'))).toThrow(/not a RIFF\/WAVE/);
    expect(() => parseWav(wav([[1]], 16000, 24))).toThrow(/not 16-bit PCM.*24 bits/);
    expect(() => parseWav(wav([], 16000))).toThrow(/no audio samples/);
  });

  it('accepts only the handshake sample rates', () => {
    expect(() => checkSessionSampleRate(44100)).not.toThrow();
    expect(() => checkSessionSampleRate(11025, 'a.wav')).toThrow(/a.wav is at 11025 Hz.*16000/);
  });
});

describe('parseCliArgs', () => {
  it('builds the handshake with defaults', () => {
    const options = parseCliArgs(['--medic', 'fr', '--patient', 'en'], {})!;
    expect(options.handshake).toEqual({
      language_medic: 'fr',
      language_patient: 'en',
      enable_dual_direction: false,
    });
    expect(options).toMatchObject({
      url: 'ws://127.0.0.1:3000/ws',
      texts: [],
      realTime: true,
      idleMs: 5000,
      json: false,
    });
    expect(options.token).toBeUndefined();
  });

  it('takes every option, the token from API_KEY, and repeated --text', () => {
    const options = parseCliArgs(
      [
        ...['--medic', 'es', '--patient', 'en-US', '--dual', '--speed', '1.5'],
        ...['--patient-gender', 'female', '--patient-age', 'senior', '--text', ' Hola '],
        ...['--text', 'Bye', '--text-role', 'medic', '--archive', 'out.zip', '--fast'],
      ],
      { API_KEY: 'k1' },
    )!;
    expect(options.handshake).toEqual({
      language_medic: 'es',
      language_patient: 'en-US',
      enable_dual_direction: true,
      speed: 1.5,
      patient_gender: 'female',
      patient_age_category: 'senior',
    });
    expect(options).toMatchObject({
      token: 'k1',
      texts: ['Hola', 'Bye'],
      textRole: 'medic',
      archive: 'out.zip',
      realTime: false,
    });
  });

  it('returns undefined for --help and refuses wrong command lines', () => {
    expect(parseCliArgs(['-h'], {})).toBeUndefined();
    const wrong = [
      ['--medic', 'fr'],
      ['--medic', 'fr', '--patient', 'en', '--patient-gender', 'other'],
      ['--medic', 'fr', '--patient', 'en', '--speed', 'fast'],
      ['--medic', 'fr', '--patient', 'en', '--nope'],
      ['--medic', 'fr', '--patient', 'en', '--url', 'http://x/ws'],
      ['--medic', 'fr', '--patient', 'en', '--text-role', 'medic'],
    ];
    for (const argv of wrong) expect(() => parseCliArgs(argv, {})).toThrow(UsageError);
  });
});

describe('formatMessage', () => {
  it('shows synthesized speech by duration and size, never its Base64', () => {
    const audio = wav(
      Array.from({ length: 22050 }, () => [0]),
      22050,
    ).toString('base64');
    const line = formatMessage(
      {
        type: 'tts_audio',
        sentence_id: 's3',
        branch: 'A',
        language: 'es-ES',
        speed: 1,
        sample_rate: 22050,
        format: 'wav',
        audio_base64: audio,
      },
      1.5,
    );
    expect(line).toContain('+  1.500s  s3    tts_audio');
    expect(line).toContain('A es-ES  1.00 s of audio, 44.1 kB wav  22050 Hz');
    expect(line).not.toContain(audio.slice(0, 20));
    expect(base64Bytes(audio)).toBe(44 + 44100);
  });

  it('prints recognized text with role and language, and errors with their service', () => {
    expect(
      formatMessage(
        {
          type: 'asr_result',
          sentence_id: 's1',
          text: 'hello there',
          language: 'en-US',
          role: 'patient',
          start_ms: 500,
          end_ms: 2750,
          source: 'audio',
        },
        0.25,
      ),
    ).toBe(
      '+  0.250s  s1    asr_result            patient en-US  "hello there"  [audio 500–2750 ms]',
    );
    const error = formatMessage(
      { type: 'error', service: 'TTS', message: 'espeak-ng failed', sentence_id: 's2' },
      1,
      { color: true },
    );
    expect(error).toContain('\u001b[1;31mERROR [TTS] espeak-ng failed\u001b[0m');
  });
});

describe('SentenceTracker', () => {
  it('settles a sentence once both branches have spoken, or it failed', () => {
    const tracker = new SentenceTracker();
    tracker.observe({ type: 'asr_result', sentence_id: 's1', role: 'patient', source: 'text' });
    tracker.observe({ type: 'tts_audio', sentence_id: 's1', branch: 'A' });
    expect(tracker.allSettled(1)).toBe(false);
    tracker.observe({ type: 'tts_audio', sentence_id: 's1', branch: 'B' });
    expect(tracker.allSettled(1)).toBe(true);
    expect(tracker.allSettled(2)).toBe(false);
    tracker.observe({ type: 'error', sentence_id: 's2', service: 'Translation', message: 'x' });
    tracker.observe({ type: 'sentence_empty', sentence_id: 's3' });
    expect(tracker.allSettled(1)).toBe(true);
  });

  it('waits for branch C when dual direction is on and the role is known', () => {
    const tracker = new SentenceTracker(true);
    tracker.observe({ type: 'asr_result', sentence_id: 's1', role: 'medic', source: 'audio' });
    tracker.observe({ type: 'tts_audio', sentence_id: 's1', branch: 'A' });
    tracker.observe({ type: 'tts_audio', sentence_id: 's1', branch: 'B' });
    expect(tracker.allSettled()).toBe(false);
    tracker.observe({ type: 'branch_c_skipped', sentence_id: 's1', reason: 'x' });
    expect(tracker.allSettled()).toBe(true);
  });
});

type Refuse = (result: boolean, code?: number, message?: string) => void;

describe('SessionConnection against a scripted server', () => {
  let server: WebSocketServer | undefined;
  afterEach(() => server?.close());

  async function serve(
    onConnection: (socket: ServerSocket) => void,
    verifyClient?: ServerOptions['verifyClient'],
  ): Promise<string> {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1', path: '/ws', verifyClient });
    server.on('connection', onConnection);
    await once(server, 'listening');
    return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
  }

  const handshake = { language_medic: 'es', language_patient: 'en' };

  it('handshakes, streams paced s16le frames, and exits with the archive', async () => {
    const frames: Buffer[] = [];
    let first: unknown;
    const url = await serve((socket) => {
      socket.on('message', (data, isBinary) => {
        if (isBinary) return void frames.push(data as Buffer);
        const message = JSON.parse(String(data)) as { type: string };
        if (!first) {
          first = message;
          socket.send(JSON.stringify({ type: 'HandshakeSuccess', session_id: 'x1' }));
        } else if (message.type === 'conversation_exit') {
          socket.send(JSON.stringify({ type: 'exit_acknowledged' }));
          socket.send(
            JSON.stringify({ type: 'conversation_archive', filename: 'a.zip', content_base64: '' }),
          );
          socket.close(1000);
        }
      });
    });
    const session = new SessionConnection();
    const success = await session.connect(url, { ...handshake, sample_rate: 8000 });
    expect(success.session_id).toBe('x1');
    expect(first).toEqual({ type: 'handshake', ...handshake, sample_rate: 8000 });

    const samples = Int16Array.from({ length: 8000 * 0.3 }, (_, i) => i - 1000); // 300 ms
    const sentAt: number[] = [];
    const started = performance.now();
    const last = await session.streamPcm(samples, 8000, {
      onChunk: (chunk) => sentAt.push(chunk.sentAt - started),
    });
    expect(sentAt).toHaveLength(15);
    expect(last - started).toBeGreaterThanOrEqual(295);
    // Paced: frame i leaves once its 20 ms are "recorded", never long before. (That lateness
    // does not add up is the next test's, on a clock it controls: a loaded machine's timers
    // are late by any amount.)
    sentAt.forEach((at, i) => expect(at).toBeGreaterThan((i + 1) * 20 - 3));

    const result = await session.exit({ archive: true });
    expect(result).toMatchObject({ acknowledged: true, closeCode: 1000 });
    expect(result.archive?.filename).toBe('a.zip');
    const bytes = Buffer.concat(frames);
    expect(bytes.length).toBe(samples.length * 2);
    expect(bytes.readInt16LE(0)).toBe(-1000);
    expect(bytes.readInt16LE(bytes.length - 2)).toBe(samples.length - 1001);
  });

  it('paces each frame against the start, so that late timers do not add up', async () => {
    const url = await serve((socket) => {
      socket.on('message', (data, isBinary) => {
        if (!isBinary) socket.send(JSON.stringify({ type: 'HandshakeSuccess', session_id: 'x2' }));
      });
    });
    const session = new SessionConnection();
    await session.connect(url, { ...handshake, sample_rate: 8000 });
    // Every timer fires 15 ms late, and the first frame waits 100 ms more.
    let now = 1_000;
    const waits: number[] = [];
    const clock = {
      now: () => now,
      sleep: (ms: number) => {
        waits.push(ms);
        now += ms + 15 + (waits.length === 1 ? 100 : 0);
        return Promise.resolve();
      },
    };
    const sentAt: number[] = [];
    const samples = new Int16Array(8000 * 0.3); // 300 ms: 15 frames of 20 ms
    const last = await session.streamPcm(samples, 8000, {
      clock,
      onChunk: (chunk) => sentAt.push(chunk.sentAt - 1_000),
    });
    // The frames the late first one held back go at once; each later one leaves 15 ms after it
    // is due, as late as one timer and no later: 315 ms for the last, not 300 + 15 × 15.
    expect(sentAt).toEqual([
      135, 135, 135, 135, 135, 135, 155, 175, 195, 215, 235, 255, 275, 295, 315,
    ]);
    expect(waits.slice(0, 3)).toEqual([20, 5, 5]);
    expect(last - 1_000).toBe(315);
    await session.exit({ archive: false, timeoutMs: 100 }).catch(() => undefined);
  });

  it('rejects with the reason, message and close code of a refused handshake', async () => {
    const url = await serve((socket) => {
      socket.once('message', () => {
        socket.send(
          JSON.stringify({
            type: 'error',
            service: 'Handshake',
            reason: 'unsupported_language',
            message: 'language_patient "xx" is not supported',
          }),
        );
        socket.close(1008);
      });
    });
    const error = (await new SessionConnection()
      .connect(url, handshake)
      .catch((e: unknown) => e)) as SessionConnectError;
    expect(error).toBeInstanceOf(SessionConnectError);
    expect(error.message).toBe(
      'handshake rejected (unsupported_language): language_patient "xx" is not supported [close code 1008]',
    );
    expect(error.details).toMatchObject({ reason: 'unsupported_language', closeCode: 1008 });
  });

  it('reports a refused upgrade with its status, and sends the token as a bearer header', async () => {
    let authorization: string | undefined;
    const url = await serve(
      () => undefined,
      (info: { req: IncomingMessage }, done: Refuse) => {
        authorization = info.req.headers.authorization;
        done(false, 401, 'Unauthorized');
      },
    );
    const error = (await new SessionConnection()
      .connect(url, handshake, { token: 'secret' })
      .catch((e: unknown) => e)) as SessionConnectError;
    expect(authorization).toBe('Bearer secret');
    expect(error.details.status).toBe(401);
    expect(error.message).toMatch(/refused the WebSocket upgrade .*HTTP 401/);
  });

  it('waits for a message, including one already received', async () => {
    const url = await serve((socket) => {
      socket.once('message', () => {
        socket.send(JSON.stringify({ type: 'HandshakeSuccess', session_id: 'x' }));
        socket.send(JSON.stringify({ type: 'asr_result', sentence_id: 's1' }));
        setTimeout(() => socket.send(JSON.stringify({ type: 'tts_audio', sentence_id: 's1' })), 50);
      });
    });
    const session = new SessionConnection();
    await session.connect(url, handshake);
    const asr = await session.waitFor((m) => m.type === 'asr_result', 1000, { since: 0 });
    expect(asr.message.sentence_id).toBe('s1');
    const tts = await session.waitFor((m) => m.type === 'tts_audio', 1000);
    expect(tts.at).toBeGreaterThan(asr.at);
    await expect(session.waitFor((m) => m.type === 'nothing', 50)).rejects.toThrow(/within 50 ms/);
    session.close();
  });

  it('iterates over the messages until the socket closes', async () => {
    const url = await serve((socket) => {
      socket.once('message', () => {
        socket.send(JSON.stringify({ type: 'HandshakeSuccess', session_id: 'x' }));
        setTimeout(() => {
          socket.send(JSON.stringify({ type: 'asr_result', sentence_id: 's1' }));
          socket.send(Buffer.from([1, 2, 3]));
          socket.send('not json');
          socket.close(1000);
        }, 20);
      });
    });
    const session = new SessionConnection();
    await session.connect(url, handshake);
    const types: string[] = [];
    for await (const { message } of session.messages()) types.push(message.type);
    expect(types).toEqual(['asr_result', '(binary frame)', '(invalid JSON)']);
    expect(session.closed?.code).toBe(1000);
    expect(session.isOpen).toBe(false);
  });
});
