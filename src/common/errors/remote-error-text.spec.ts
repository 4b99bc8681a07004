import { describe, expect, it } from '@jest/globals';
import {
  apiKeyHint,
  field,
  networkCode,
  serverErrorText,
  withoutCredentials,
} from './remote-error-text.js';

describe('field', () => {
  it('reads a key of an object or an index of an array', () => {
    expect(field({ error: 'bad' }, 'error')).toBe('bad');
    expect(field(['a', 'b'], 1)).toBe('b');
    expect(field(new Error('boom'), 'message')).toBe('boom');
  });

  it('is undefined for anything that is not an object', () => {
    for (const value of [null, undefined, 'text', 42, true]) {
      expect(field(value, 'length')).toBeUndefined();
    }
    expect(field({}, 'missing')).toBeUndefined();
  });
});

describe('serverErrorText', () => {
  it('is empty without a message', () => {
    for (const message of [undefined, null, 42, { message: 'x' }, '', '  \n']) {
      expect(serverErrorText(message, 'text')).toBe('');
    }
  });

  it('keeps a short message as it is', () => {
    expect(serverErrorText('Invalid request')).toBe('Invalid request');
    expect(serverErrorText('Invalid request', '')).toBe('Invalid request');
  });

  it('never echoes the text sent, wherever and however often it stands', () => {
    const text = 'Take 500 mg twice a day.';
    expect(serverErrorText(`Cannot translate '${text}' (${text})`, text)).toBe(
      "Cannot translate '[text]' ([text])",
    );
  });

  it('leaves the message alone when the text sent is blank', () => {
    expect(serverErrorText('a  b', '  ')).toBe('a  b');
  });

  it('shortens a message longer than 200 characters, after taking the text out', () => {
    expect(serverErrorText('x'.repeat(200))).toBe('x'.repeat(200));
    expect(serverErrorText('x'.repeat(201))).toBe(`${'x'.repeat(200)}…`);
    const text = 'y'.repeat(300);
    expect(serverErrorText(`bad: ${text}`, text)).toBe('bad: [text]');
  });
});

describe('networkCode', () => {
  it('finds the code on the error or down its cause chain', () => {
    expect(networkCode({ code: 'ECONNRESET' })).toBe('ECONNRESET');
    const refused = Object.assign(new Error('connect'), { code: 'ECONNREFUSED' });
    expect(networkCode(new TypeError('fetch failed', { cause: refused }))).toBe('ECONNREFUSED');
    expect(networkCode({ cause: { cause: { cause: { code: 'ENOTFOUND' } } } })).toBe('ENOTFOUND');
  });

  it('skips codes that are not strings and looks no deeper than four errors', () => {
    expect(networkCode({ code: 42, cause: { code: 'EPIPE' } })).toBe('EPIPE');
    expect(networkCode({ cause: { cause: { cause: { cause: { code: 'EPIPE' } } } } })).toBe(
      undefined,
    );
  });

  it('is undefined without a code', () => {
    expect(networkCode(new Error('boom'))).toBeUndefined();
    expect(networkCode(undefined)).toBeUndefined();
    expect(networkCode('ECONNREFUSED')).toBeUndefined();
  });
});

describe('withoutCredentials', () => {
  it('returns a URL without credentials exactly as configured', () => {
    expect(withoutCredentials('http://libretranslate:5000')).toBe('http://libretranslate:5000');
    expect(withoutCredentials('https://api.example.com/v1/')).toBe('https://api.example.com/v1/');
  });

  it('removes a user name and a password', () => {
    expect(withoutCredentials('http://user:secret@host:5000/v1')).toBe('http://host:5000/v1');
    expect(withoutCredentials('http://user@host/')).toBe('http://host/');
    expect(withoutCredentials('http://:secret@host/')).toBe('http://host/');
  });

  it('returns what is not a URL as it is', () => {
    expect(withoutCredentials('not a url')).toBe('not a url');
    expect(withoutCredentials('')).toBe('');
  });
});

describe('apiKeyHint', () => {
  it('asks to check a key that is set, or to set one', () => {
    expect(apiKeyHint('X_API_KEY', 'sk-1')).toBe('Check X_API_KEY: the server rejected it.');
    expect(apiKeyHint('X_API_KEY', undefined)).toBe(
      'Set X_API_KEY: the server requires an API key.',
    );
    expect(apiKeyHint('X_API_KEY', '')).toBe('Set X_API_KEY: the server requires an API key.');
  });
});
