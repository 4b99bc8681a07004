import { IncomingMessage, ServerResponse } from 'node:http';
import {
  FakeHttpRequest,
  ForcedReply,
  forcedReply,
  jsonOrText,
  openAiKeyRejection,
  openAiRequestId,
  readCall,
  startFakeHttpServer,
  writeReply,
} from './fake-http-server.js';

/**
 * An OpenAI-compatible audio server for tests: POST /v1/audio/transcriptions (multipart, as the
 * official client sends it) and POST /v1/audio/speech (JSON), with the bodies and
 * `{ error: { message, type, param, code } }` errors of the public API. Loopback only.
 */

export const FAKE_TRANSCRIPTION_MODEL = 'fake-whisper';
export const FAKE_SPEECH_MODEL = 'fake-tts';
export const FAKE_VOICES = ['alloy', 'nova', 'af_heart', 'am_adam'] as const;
/** Sample rate of the audio the fake speaks (OpenAI's is 24 kHz too). */
export const FAKE_SPEECH_SAMPLE_RATE = 24_000;

export interface FakeAudioRequest extends FakeHttpRequest {
  /** Size of the raw body in bytes. */
  readonly bytes: number;
}

export interface FakeTranscriptionRequest extends FakeAudioRequest {
  readonly model?: string;
  readonly language?: string;
  readonly responseFormat?: string;
  readonly prompt?: string;
  readonly temperature?: string;
  /** Every text field of the form, as sent. */
  readonly fields: Readonly<Record<string, string>>;
  readonly fileName?: string;
  readonly fileType?: string;
  readonly fileSize: number;
  readonly file?: Buffer;
}

export interface FakeSpeechRequest extends FakeAudioRequest {
  readonly model?: unknown;
  readonly voice?: unknown;
  readonly input?: unknown;
  readonly speed?: unknown;
  readonly responseFormat?: unknown;
  readonly instructions?: unknown;
  /** The parsed JSON body, or the raw text when it does not parse. */
  readonly body: unknown;
}

/** Objects are sent as JSON, strings and buffers as they are; `path` e.g. `/v1/audio/speech`. */
export type FakeAudioReply = ForcedReply;

export interface FakeOpenAiAudioOptions {
  /** Model ids served; any other gets 404 model_not_found. */
  models: readonly string[];
  /** Voices /v1/audio/speech accepts; any other gets 400. */
  voices: readonly string[];
  /** When set, requests need `Authorization: Bearer <apiKey>`, else 401. */
  apiKey?: string;
  /** The transcript of an uploaded file. */
  transcribe: (request: FakeTranscriptionRequest) => string;
  /** The audio of a speech request, when set; by default a WAV (or raw PCM) tone as long as the input. */
  speak?: (request: FakeSpeechRequest) => Buffer;
  /** Forced answer instead of the normal behaviour. */
  reply?: FakeAudioReply;
  /** Wait before answering any request, to provoke client timeouts. */
  delayMs: number;
}

export interface FakeOpenAiAudio {
  /** Base URL including `/v1`: the ASR_OPENAI_BASE_URL or TTS_OPENAI_BASE_URL to use. */
  readonly url: string;
  /** Every request, in order. */
  readonly requests: FakeAudioRequest[];
  readonly transcriptions: FakeTranscriptionRequest[];
  readonly speeches: FakeSpeechRequest[];
  /** Changes some options; `{ reply: undefined }` removes a forced reply. */
  set(options: Partial<FakeOpenAiAudioOptions>): void;
  /** Down: connections are refused (ECONNREFUSED) until `acceptConnections`. */
  refuseConnections(): Promise<void>;
  /** Up again on the same URL. */
  acceptConnections(): Promise<void>;
  close(): Promise<void>;
}

const defaults = (): FakeOpenAiAudioOptions => ({
  models: [FAKE_TRANSCRIPTION_MODEL, FAKE_SPEECH_MODEL],
  voices: [...FAKE_VOICES],
  transcribe: () => 'Fake transcript.',
  delayMs: 0,
});

/** 16-bit mono PCM of a 440 Hz tone; `seconds` long. */
export function fakeTone(seconds: number, sampleRate = FAKE_SPEECH_SAMPLE_RATE): Buffer {
  const samples = Math.max(1, Math.round(seconds * sampleRate));
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    pcm.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), 2 * i);
  }
  return pcm;
}

/** A canonical 44-byte-header WAV around 16-bit mono PCM. */
export function fakeWav(pcm: Buffer, sampleRate = FAKE_SPEECH_SAMPLE_RATE): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

interface Part {
  readonly name: string;
  readonly fileName?: string;
  readonly contentType?: string;
  readonly data: Buffer;
}

/** A minimal multipart/form-data reader: enough for what the official client sends. */
function parseMultipart(body: Buffer, contentType: string): Part[] | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: Part[] = [];
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    // Between the delimiter's CRLF and the CRLF before the next delimiter.
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split >= 0) {
      const headers = part.subarray(0, split).toString('utf8');
      const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
      const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
      if (name !== undefined) {
        parts.push({
          name,
          fileName: /\bfilename="([^"]*)"/i.exec(disposition)?.[1],
          contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim(),
          data: part.subarray(split + 4),
        });
      }
    }
    start = next;
  }
  return parts;
}

function send(res: ServerResponse, status: number, body: unknown, contentType?: string) {
  const type = Buffer.isBuffer(body)
    ? 'application/octet-stream'
    : typeof body === 'string'
      ? 'text/plain'
      : 'application/json';
  writeReply(res, status, body, { 'content-type': contentType ?? type, ...openAiRequestId() });
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  code: string | null = null,
  param: string | null = null,
) {
  send(res, status, { error: { message, type: 'invalid_request_error', param, code } });
}

const SPEECH_TYPES: Readonly<Record<string, string>> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
};

export async function startFakeOpenAiAudio(
  initial: Partial<FakeOpenAiAudioOptions> = {},
): Promise<FakeOpenAiAudio> {
  const options: FakeOpenAiAudioOptions = { ...defaults(), ...initial };
  const requests: FakeAudioRequest[] = [];
  const transcriptions: FakeTranscriptionRequest[] = [];
  const speeches: FakeSpeechRequest[] = [];

  const unknownModel = (res: ServerResponse, model: string) =>
    sendError(
      res,
      404,
      `The model \`${model}\` does not exist or you do not have access to it.`,
      'model_not_found',
    );

  function transcription(request: FakeTranscriptionRequest, res: ServerResponse) {
    if (!request.file) {
      return sendError(
        res,
        400,
        "Missing required parameter: 'file'.",
        'missing_required_parameter',
        'file',
      );
    }
    if (!request.model)
      return sendError(res, 400, 'you must provide a model parameter', null, 'model');
    if (!options.models.includes(request.model)) return unknownModel(res, request.model);
    if (request.fileSize === 0) {
      return sendError(
        res,
        400,
        'Audio file might be corrupted or unsupported',
        'invalid_value',
        'file',
      );
    }
    const text = options.transcribe(request);
    switch (request.responseFormat ?? 'json') {
      case 'json':
        return send(res, 200, { text, usage: { type: 'duration', seconds: 1 } });
      case 'text':
        return send(res, 200, `${text}\n`, 'text/plain; charset=utf-8');
      case 'verbose_json':
        return send(res, 200, {
          task: 'transcribe',
          language: request.language ?? 'english',
          duration: 1,
          text,
          segments: [],
        });
      default:
        return sendError(
          res,
          400,
          `Unsupported response_format: ${request.responseFormat}`,
          'invalid_value',
          'response_format',
        );
    }
  }

  function speech(request: FakeSpeechRequest, res: ServerResponse) {
    if (request.body === null || typeof request.body !== 'object') {
      return sendError(res, 400, 'We could not parse the JSON body of your request.');
    }
    if (typeof request.model !== 'string') {
      return sendError(res, 400, 'you must provide a model parameter', null, 'model');
    }
    if (typeof request.input !== 'string' || request.input === '') {
      return sendError(
        res,
        400,
        "Missing required parameter: 'input'.",
        'missing_required_parameter',
        'input',
      );
    }
    if (typeof request.voice !== 'string' || !options.voices.includes(request.voice)) {
      return sendError(
        res,
        400,
        `Invalid value for 'voice': '${String(request.voice)}'. Supported values are: ${options.voices.map((v) => `'${v}'`).join(', ')}.`,
        'invalid_value',
        'voice',
      );
    }
    if (!options.models.includes(request.model)) return unknownModel(res, request.model);
    const speed = request.speed === undefined ? 1 : request.speed;
    if (typeof speed !== 'number' || speed < 0.25 || speed > 4) {
      return sendError(
        res,
        400,
        `Invalid 'speed': expected a number from 0.25 to 4.`,
        'invalid_value',
        'speed',
      );
    }
    const format = request.responseFormat === undefined ? 'mp3' : request.responseFormat;
    if (typeof format !== 'string' || !SPEECH_TYPES[format]) {
      return sendError(
        res,
        400,
        `Invalid value for 'response_format': '${String(format)}'.`,
        'invalid_value',
        'response_format',
      );
    }
    let audio: Buffer;
    if (options.speak) {
      audio = options.speak(request);
    } else {
      const pcm = fakeTone(Math.min(2, 0.05 * request.input.length) / speed);
      // Other formats are not really encoded: a test only needs bytes with the right type.
      audio = format === 'pcm' ? pcm : fakeWav(pcm);
    }
    send(res, 200, audio, SPEECH_TYPES[format]);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const { method, path, headers, raw } = await readCall(req);
    const base: FakeAudioRequest = { method, path, headers, bytes: raw.length };

    let record: FakeAudioRequest = base;
    if (method === 'POST' && path === '/v1/audio/transcriptions') {
      const parts = parseMultipart(raw, req.headers['content-type'] ?? '') ?? [];
      const fields: Record<string, string> = {};
      for (const part of parts)
        if (part.fileName === undefined) fields[part.name] = part.data.toString('utf8');
      const file = parts.find((part) => part.name === 'file' && part.fileName !== undefined);
      const transcription: FakeTranscriptionRequest = {
        ...base,
        model: fields.model,
        language: fields.language,
        responseFormat: fields.response_format,
        prompt: fields.prompt,
        temperature: fields.temperature,
        fields,
        fileName: file?.fileName,
        fileType: file?.contentType,
        fileSize: file?.data.length ?? 0,
        file: file ? Buffer.from(file.data) : undefined,
      };
      transcriptions.push(transcription);
      record = transcription;
    } else if (method === 'POST' && path === '/v1/audio/speech') {
      const body = jsonOrText(raw.toString('utf8'));
      const get = (key: string) =>
        body !== null && typeof body === 'object'
          ? (body as Record<string, unknown>)[key]
          : undefined;
      const speech: FakeSpeechRequest = {
        ...base,
        body,
        model: get('model'),
        voice: get('voice'),
        input: get('input'),
        speed: get('speed'),
        responseFormat: get('response_format'),
        instructions: get('instructions'),
      };
      speeches.push(speech);
      record = speech;
    }
    requests.push(record);
    if (options.delayMs > 0) await server.sleep(options.delayMs);

    const reply = forcedReply(options.reply, path);
    if (reply) return send(res, reply.status, reply.body, reply.contentType);
    const denied = openAiKeyRejection(headers, options.apiKey);
    if (denied) return sendError(res, 401, denied.message, denied.code);
    if (record !== base && path === '/v1/audio/transcriptions') {
      return transcription(record as FakeTranscriptionRequest, res);
    }
    if (record !== base && path === '/v1/audio/speech')
      return speech(record as FakeSpeechRequest, res);
    if (method === 'GET' && path === '/v1/models') {
      const created = Math.floor(Date.now() / 1000);
      const data = options.models.map((id) => ({ id, object: 'model', created, owned_by: 'fake' }));
      return send(res, 200, { object: 'list', data });
    }
    sendError(res, 404, `Invalid URL (${method} ${path})`);
  }

  const server = await startFakeHttpServer(handle, (res) =>
    sendError(res, 500, 'The fake server had an error.'),
  );
  return {
    url: `${server.origin}/v1`,
    requests,
    transcriptions,
    speeches,
    set: (changes) => Object.assign(options, changes),
    refuseConnections: server.refuseConnections,
    acceptConnections: server.acceptConnections,
    close: server.close,
  };
}
