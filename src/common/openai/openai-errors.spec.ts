import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { EngineTimeoutError, EngineUnavailableError } from '../errors/engine.errors.js';
import {
  OpenAiErrorHints,
  OpenAiFailedCall,
  openAiFailure,
  openAiSettingHints,
} from './openai-errors.js';

const TIMEOUT_MS = 1_000;
const NOW = 1_700_000_000_000;
const TEXT = 'Take 500 mg twice a day.';

const hints = (changes: Partial<OpenAiErrorHints> = {}): OpenAiErrorHints => ({
  url: jest.fn(() => 'url hint'),
  key: jest.fn(() => 'key hint'),
  model: jest.fn(() => 'model hint'),
  timeout: jest.fn(() => 'timeout hint'),
  serverError: jest.fn(() => 'server hint'),
  ...changes,
});

/** A call that started `elapsed` ms ago. */
const call = (changes: Partial<OpenAiFailedCall> = {}, elapsed = 10): OpenAiFailedCall => ({
  service: 'Translation',
  engine: 'openai',
  timeoutMs: TIMEOUT_MS,
  signal: new AbortController().signal,
  started: NOW - elapsed,
  hints: hints(),
  ...changes,
});

const aborted = (reason?: unknown): AbortSignal => {
  const controller = new AbortController();
  controller.abort(reason);
  return controller.signal;
};

/** The client's error for an HTTP status; its message becomes `<status> <message>`. */
const httpError = (status: number, body?: object, message?: string) =>
  new APIError(status, body, message, new Headers());

describe('openAiFailure', () => {
  beforeEach(() => {
    jest.spyOn(Date, 'now').mockReturnValue(NOW);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('names the service and the engine', () => {
    const error = openAiFailure(new Error('x'), call({ service: 'TTS', engine: 'speech' }));
    expect(error.service).toBe('TTS');
    expect(error.engine).toBe('speech');
  });

  describe('aborted requests', () => {
    it('times out when the caller aborted at its deadline', () => {
      const deadline = new DOMException('deadline passed', 'TimeoutError');
      const error = openAiFailure(
        new APIUserAbortError(),
        call({ signal: aborted(deadline) }, 1_234),
      );
      expect(error).toBeInstanceOf(EngineTimeoutError);
      expect(error.message).toBe('did not answer within 1000 ms.');
      expect(error.hint).toBe('timeout hint');
    });

    it('says how long it ran when the caller cancelled for another reason', () => {
      const error = openAiFailure(new Error('aborted'), call({ signal: aborted() }, 42));
      expect(error).toBeInstanceOf(EngineTimeoutError);
      expect(error.message).toBe('was cancelled after 42 ms.');
      expect(error.hint).toBe('timeout hint');
    });

    it('takes an APIUserAbortError for a cancel even if the signal did not fire', () => {
      const error = openAiFailure(new APIUserAbortError(), call({}, 7));
      expect(error).toBeInstanceOf(EngineTimeoutError);
      expect(error.message).toBe('was cancelled after 7 ms.');
    });
  });

  describe('connection errors', () => {
    it('times out on the client timeout', () => {
      const error = openAiFailure(new APIConnectionTimeoutError(), call());
      expect(error).toBeInstanceOf(EngineTimeoutError);
      expect(error.message).toBe('did not answer within 1000 ms.');
      expect(error.hint).toBe('timeout hint');
    });

    it('times out on a connection error that came after the timeout', () => {
      const error = openAiFailure(new APIConnectionError({}), call({}, TIMEOUT_MS));
      expect(error).toBeInstanceOf(EngineTimeoutError);
      expect(error.message).toBe('did not answer within 1000 ms.');
    });

    it('is unreachable with the socket code of the cause chain, and the URL hint', () => {
      const socket = Object.assign(new Error('connect'), { code: 'ECONNREFUSED' });
      const cause = new TypeError('fetch failed', { cause: socket });
      const error = openAiFailure(new APIConnectionError({ cause }), call({}, TIMEOUT_MS - 1));
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe('could not be reached (ECONNREFUSED).');
      expect(error.hint).toBe('url hint');
    });

    it('is unreachable without a code when none is known', () => {
      const error = openAiFailure(new APIConnectionError({}), call());
      expect(error.message).toBe('could not be reached.');
    });
  });

  describe('HTTP errors', () => {
    it.each([
      [401, 'key hint'],
      [403, 'key hint'],
      [404, 'model hint'],
      [500, 'server hint'],
      [503, 'server hint'],
      [400, undefined],
    ])('answers HTTP %i with the hint %s', (status, hint) => {
      const error = openAiFailure(httpError(status, { message: 'nope' }), call());
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe(`answered HTTP ${status}.`);
      expect(error.hint).toBe(hint);
      expect(error.remote).toBe('nope');
    });

    it("asks the adapter's status hint for other statuses only", () => {
      const status = jest.fn((code: number | undefined) =>
        code === 422 ? 'voice hint' : undefined,
      );
      const withStatus = call({ hints: hints({ status }) });
      expect(openAiFailure(httpError(422), withStatus).hint).toBe('voice hint');
      expect(openAiFailure(httpError(400), withStatus).hint).toBeUndefined();
      expect(openAiFailure(httpError(401), withStatus).hint).toBe('key hint');
      expect(openAiFailure(httpError(404), withStatus).hint).toBe('model hint');
      expect(status.mock.calls).toEqual([[422], [400]]);
    });

    it("shows the server's message, shortened and without the text sent", () => {
      const said = httpError(400, { message: `Cannot process '${TEXT}'. ${'x'.repeat(300)}` });
      const remote = openAiFailure(said, call({ text: TEXT })).remote!;
      expect(remote).toMatch(/^Cannot process '\[text\]'\. x+…$/);
      expect(remote).toHaveLength(201);
      expect(remote).not.toContain('500 mg');
    });

    it('shows nothing without a message in the error body', () => {
      expect(openAiFailure(httpError(500, undefined, 'boom'), call()).remote).toBe('');
      expect(openAiFailure(httpError(500, { detail: 'x' }), call()).remote).toBe('');
    });

    it("reads the server's message the adapter's way when it has one", () => {
      const serverMessage = (error: APIError) => error.message.replace(/^\d{3} /, '');
      const error = openAiFailure(
        httpError(502, undefined, `Bad gateway for ${TEXT}`),
        call({ text: TEXT, serverMessage }),
      );
      expect(error.remote).toBe('Bad gateway for [text]');
    });
  });

  it('hides any other error behind its name, with the URL hint', () => {
    const parse = openAiFailure(new SyntaxError(`Unexpected token in ${TEXT}`), call());
    expect(parse).toBeInstanceOf(EngineUnavailableError);
    expect(parse.message).toBe('answered with an unreadable body (SyntaxError).');
    expect(parse.hint).toBe('url hint');
    expect(parse.remote).toBeUndefined();
    expect(openAiFailure('boom', call()).message).toBe('answered with an unreadable body (error).');
  });

  it('asks only for the hint it uses', () => {
    const asked = hints();
    openAiFailure(httpError(404), call({ hints: asked }));
    expect(asked.model).toHaveBeenCalledTimes(1);
    expect(asked.url).not.toHaveBeenCalled();
    expect(asked.key).not.toHaveBeenCalled();
    expect(asked.timeout).not.toHaveBeenCalled();
  });
});

describe('openAiSettingHints', () => {
  const names = {
    baseUrl: 'X_BASE_URL',
    apiKey: 'X_API_KEY',
    model: 'X_MODEL',
    timeout: 'X_TIMEOUT_MS',
    serverKind: 'speech',
  };
  const hints = openAiSettingHints(names, {
    baseUrl: 'http://user:secret@127.0.0.1:9/v1',
    model: 'm1',
    timeoutMs: 250,
  });

  it('names the adapter settings and their values, without credentials', () => {
    expect(hints.url()).toBe(
      'Check X_BASE_URL (http://127.0.0.1:9/v1) points to a running OpenAI-compatible speech server, usually ending in /v1.',
    );
    expect(hints.model()).toBe(
      'X_MODEL (m1) may not be served at X_BASE_URL (http://127.0.0.1:9/v1); its /models lists what is.',
    );
    expect(hints.timeout()).toBe(
      'Raise X_TIMEOUT_MS (currently 250) or check the server at X_BASE_URL (http://127.0.0.1:9/v1) is not overloaded.',
    );
    expect(hints.serverError!()).toBe(
      'The speech server at X_BASE_URL (http://127.0.0.1:9/v1) failed on its side: its own logs say why.',
    );
    expect(hints.key()).toContain('X_API_KEY');
    expect(JSON.stringify([hints.url(), hints.model(), hints.timeout()])).not.toContain('secret');
  });

  it('speaks of any server when no kind is given', () => {
    const plain = openAiSettingHints(
      { ...names, serverKind: undefined },
      { baseUrl: 'http://h/v1', model: 'm', timeoutMs: 1 },
    );
    expect(plain.url()).toContain('OpenAI-compatible server,');
  });
});
