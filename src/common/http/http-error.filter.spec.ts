import { describe, expect, it } from '@jest/globals';
import { BadRequestException, NotFoundException, UnauthorizedException } from '@nestjs/common';
import {
  AudioTooLargeError,
  AudioUnreadableError,
  LanguageUnavailableError,
} from '../errors/domain.errors.js';
import { EngineTimeoutError, EngineUnavailableError } from '../errors/engine.errors.js';
import { invalidField } from '../validation/validation-detail.js';
import { toErrorResponse } from './http-error.filter.js';

describe('toErrorResponse', () => {
  it('answers engine failures with 503 naming the engine and the setting to check', () => {
    const error = new EngineUnavailableError(
      'Translation',
      'libretranslate',
      'could not connect',
      'Check LIBRETRANSLATE_URL.',
    );
    expect(toErrorResponse(error)).toEqual({
      status: 503,
      body: {
        detail: "Translation engine 'libretranslate': could not connect Check LIBRETRANSLATE_URL.",
      },
    });
    expect(
      toErrorResponse(new EngineTimeoutError('Translation', 'apertium', 'too slow')).status,
    ).toBe(503);
  });

  it('passes the 2.13 body of a validation failure through', () => {
    const error = invalidField(['body', 'text'], 'text must not be empty', 'string_too_short');
    expect(toErrorResponse(error)).toEqual({
      status: 422,
      body: {
        detail: [
          { loc: ['body', 'text'], msg: 'text must not be empty', type: 'string_too_short' },
        ],
      },
    });
  });

  it('answers an unservable choice with a 422 on each body field it names', () => {
    const error = new LanguageUnavailableError([
      { field: 'source_language', message: 'no source', type: 'unknown_language' },
      { field: 'target_language', message: 'no target', type: 'language_unavailable' },
    ]);
    expect(toErrorResponse(error)).toEqual({
      status: 422,
      body: {
        detail: [
          { loc: ['body', 'source_language'], msg: 'no source', type: 'unknown_language' },
          { loc: ['body', 'target_language'], msg: 'no target', type: 'language_unavailable' },
        ],
      },
    });
  });

  it('answers audio too large with 413 and unreadable audio with 400, each with its sentence', () => {
    const large = toErrorResponse(new AudioTooLargeError(10, 4));
    expect(large.status).toBe(413);
    expect(large.body.detail).toMatch(/^The audio is 10 bytes; the most accepted is 4 bytes/);
    expect(toErrorResponse(new AudioUnreadableError('not a WAV'))).toEqual({
      status: 400,
      body: { detail: 'not a WAV' },
    });
  });

  it('gives framework errors a readable detail string', () => {
    expect(toErrorResponse(new NotFoundException('Cannot GET /nope'))).toEqual({
      status: 404,
      body: { detail: 'No such route. See /docs for the API.' },
    });
    expect(toErrorResponse(new UnauthorizedException({ detail: 'key please' })).body).toEqual({
      detail: 'key please',
    });
    expect(toErrorResponse(new BadRequestException()).status).toBe(400);
  });

  it('never shows an unexpected error message or stack', () => {
    const response = toErrorResponse(new TypeError('secret internal state at /srv/app.js:12'));
    expect(response.status).toBe(500);
    expect(JSON.stringify(response.body)).not.toMatch(/secret|app\.js/);
  });
});
