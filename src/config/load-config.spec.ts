import { describe, expect, it } from '@jest/globals';
import { TranslationEngineName } from './app-config.js';
import { ConfigError, loadConfig } from './load-config.js';

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      LOG_LEVEL: 'info',
      TRANSLATION_ENGINE: TranslationEngineName.Apertium,
      TRANSLATION_TIMEOUT_MS: 15000,
      MAX_JSON_BODY_BYTES: 1048576,
    });
    expect(config.authEnabled).toBe(false);
    expect(config.host).toBe('127.0.0.1');
  });

  it('binds to every interface once API keys are set, and splits the keys', () => {
    const config = loadConfig({ API_KEYS: ' a1 , ,b2 ' });
    expect(config.apiKeys).toEqual(['a1', 'b2']);
    expect(config.host).toBe('0.0.0.0');
    expect(loadConfig({ API_KEYS: 'k', HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', TRANSLATION_ENGINE: '  ' }).PORT).toBe(3000);
  });

  it('names each wrong variable and what it accepts', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', TRANSLATION_ENGINE: 'google', TRANSLATION_TIMEOUT_MS: '5' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/PORT \(currently "eighty"\): .*integer/);
    expect(message).toMatch(
      /TRANSLATION_ENGINE \(currently "google"\): .*apertium, libretranslate, openai/,
    );
    expect(message).toMatch(/TRANSLATION_TIMEOUT_MS \(currently 5\): .*not be less than 100/);
  });

  it('requires the settings of the chosen remote engine', () => {
    expect(() => loadConfig({ TRANSLATION_ENGINE: 'libretranslate' })).toThrow(
      /LIBRETRANSLATE_URL/,
    );
    expect(() => loadConfig({ TRANSLATION_ENGINE: 'openai' })).toThrow(
      /TRANSLATION_OPENAI_BASE_URL[\s\S]*TRANSLATION_OPENAI_MODEL/,
    );
    expect(() =>
      loadConfig({ TRANSLATION_ENGINE: 'libretranslate', LIBRETRANSLATE_URL: 'ftp://x' }),
    ).toThrow(/LIBRETRANSLATE_URL/);
    expect(
      loadConfig({
        TRANSLATION_ENGINE: 'libretranslate',
        LIBRETRANSLATE_URL: 'http://127.0.0.1:5000',
      }).LIBRETRANSLATE_URL,
    ).toBe('http://127.0.0.1:5000');
  });
});
