import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('takes a number of live decoders from 0 (no streaming) to 64, unset meaning twice the pool', () => {
    expect(loadConfig({}).ASR_LIVE_DECODERS).toBeUndefined();
    expect(loadConfig({ ASR_LIVE_DECODERS: '0' }).ASR_LIVE_DECODERS).toBe(0);
    expect(loadConfig({ ASR_LIVE_DECODERS: '8' }).ASR_LIVE_DECODERS).toBe(8);
    expect(() => loadConfig({ ASR_LIVE_DECODERS: '-1' })).toThrow(
      /ASR_LIVE_DECODERS \(currently -1\): .*not be less than 0/,
    );
    expect(() => loadConfig({ ASR_LIVE_DECODERS: 'many' })).toThrow(/ASR_LIVE_DECODERS.*integer/);
  });

  it("begins a sentence's work at its pause unless SESSION_WORK_AT_PAUSE is off", () => {
    expect(loadConfig({}).SESSION_WORK_AT_PAUSE).toBe('on');
    expect(loadConfig({ SESSION_WORK_AT_PAUSE: ' off ' }).SESSION_WORK_AT_PAUSE).toBe('off');
    expect(() => loadConfig({ SESSION_WORK_AT_PAUSE: 'yes' })).toThrow(
      /SESSION_WORK_AT_PAUSE \(currently "yes"\): SESSION_WORK_AT_PAUSE must be on or off/,
    );
  });

  it('ends a turn on silence unless END_OF_TURN is semantic', () => {
    expect(loadConfig({}).END_OF_TURN).toBe('silence');
    expect(loadConfig({ END_OF_TURN: 'semantic' }).END_OF_TURN).toBe('semantic');
    expect(() => loadConfig({ END_OF_TURN: 'early' })).toThrow(
      /END_OF_TURN \(currently "early"\): END_OF_TURN must be silence or semantic/,
    );
  });

  it('takes a confidence from 0 (never) to 1 under which a streamed sentence is decoded again', () => {
    expect(loadConfig({}).ASR_REDECODE_BELOW).toBeUndefined();
    expect(loadConfig({ ASR_REDECODE_BELOW: '0' }).ASR_REDECODE_BELOW).toBe(0);
    expect(loadConfig({ ASR_REDECODE_BELOW: '0.7' }).ASR_REDECODE_BELOW).toBe(0.7);
    expect(() => loadConfig({ ASR_REDECODE_BELOW: '1.5' })).toThrow(
      /ASR_REDECODE_BELOW \(currently 1.5\): .*not be greater than 1/,
    );
    expect(() => loadConfig({ ASR_REDECODE_BELOW: 'often' })).toThrow(/ASR_REDECODE_BELOW/);
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

describe('loadConfig: GLOSSARY_FILE', () => {
  const example = new URL('../../deploy/glossary.example.tsv', import.meta.url).pathname;

  it('reads the glossary at start (the documented example has three terms)', () => {
    const config = loadConfig({ GLOSSARY_FILE: example });
    expect(config.glossaryRows?.map((r) => r.concept)).toEqual(['ward', 'day-hospital', 'chest']);
    expect(loadConfig({}).glossaryRows).toBeUndefined();
  });

  it('stops the start when the file cannot be read, saying what to give', () => {
    expect(() => loadConfig({ GLOSSARY_FILE: '/nonexistent/glossary.tsv' })).toThrow(
      /GLOSSARY_FILE \(currently "\/nonexistent\/glossary.tsv"\): cannot be read \(ENOENT\)/,
    );
  });

  it('stops the start at a line that cannot be used, naming the file and the line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'glossary-'));
    const file = join(dir, 'glossary.tsv');
    try {
      writeFileSync(file, 'concept\ten\tes\nward\tward\tplanta\nbed\tbed\n');
      expect(() => loadConfig({ GLOSSARY_FILE: file })).toThrow(ConfigError);
      expect(() => loadConfig({ GLOSSARY_FILE: file })).toThrow(
        `${file}, line 3: 2 columns where the header has 3`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
