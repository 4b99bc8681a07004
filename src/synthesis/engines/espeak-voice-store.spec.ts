import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LanguageCatalog } from '../../language/catalog/language-catalog.js';
import { EspeakNgEngine } from './espeak-ng.engine.js';
import { EspeakVoiceStore, type VoiceCheckInputs, voiceCheckKey } from './espeak-voice-store.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'espeak-store-'));
  dirs.push(dir);
  return dir;
}

/** A folder with the check's code files, and an espeak-ng data folder. */
function setting() {
  const code = tempDir();
  for (const name of ['espeak-ng.engine', 'espeak-voices', 'espeak-text', 'speech-process']) {
    writeFileSync(join(code, `${name}.js`), `// ${name}\n`);
  }
  const data = tempDir();
  writeFileSync(join(data, 'phondata'), 'phonemes');
  mkdirSync(join(data, 'voices'));
  const inputs: VoiceCheckInputs = {
    version: `eSpeak NG text-to-speech: 1.51  Data at: ${data}`,
    listing:
      'Pty Language       Age/Gender VoiceName          File\n 5  fr  --/M  French  roa/fr\n',
    languages: ['fr-FR', 'de-DE'],
  };
  return { code, data, inputs };
}

const TABLE = {
  voices: [
    { language: 'fr', gender: 'male' as const },
    { language: 'fr', gender: 'female' as const },
  ],
  files: new Map([['fr', 'roa/fr']]),
};

describe('EspeakVoiceStore', () => {
  it('reads back the table under the key it was stored for, and nothing under another', () => {
    const { code, inputs } = setting();
    const store = new EspeakVoiceStore(join(tempDir(), 'espeak-ng', 'voices.json'));
    const key = voiceCheckKey(inputs, code, '.js');
    expect(store.read(key)).toBeUndefined(); // nothing stored yet
    store.write(TABLE, ['another', key]);
    expect(store.read(key)).toEqual(TABLE);
    expect(store.read('another')).toEqual(TABLE);
    expect(store.read(voiceCheckKey({ ...inputs, languages: ['fr-FR'] }, code, '.js'))).toBe(
      undefined,
    );
  });

  it('keys the check by its code, espeak-ng’s version, listing and data files, and the languages', () => {
    const { code, data, inputs } = setting();
    const key = () => voiceCheckKey(inputs, code, '.js');
    const first = key();
    expect(key()).toBe(first);
    const keys = new Set([first]);
    const differs = (change: () => string) => {
      const changed = change();
      expect(keys.has(changed)).toBe(false);
      keys.add(changed);
    };
    differs(() => voiceCheckKey({ ...inputs, listing: `${inputs.listing} 5 de` }, code, '.js'));
    differs(() =>
      voiceCheckKey({ ...inputs, version: inputs.version.replace('1.51', '1.52') }, code, '.js'),
    );
    differs(() => voiceCheckKey({ ...inputs, languages: ['fr-FR'] }, code, '.js'));
    differs(() => {
      writeFileSync(join(code, 'espeak-voices.js'), '// changed\n');
      return key();
    });
    differs(() => {
      writeFileSync(join(data, 'phondata'), 'phonemes, updated');
      return key();
    });
    differs(() => {
      utimesSync(join(data, 'phondata'), new Date(2020, 0, 1), new Date(2020, 0, 1));
      return key();
    });
  });
});

describe('EspeakNgEngine with a stored voice table (espeak-ng 1.51)', () => {
  const languages = new LanguageCatalog().all().filter((l) => ['fr', 'de'].includes(l.iso6391));
  const espeak = (arg: string) => spawnSync('espeak-ng', [arg], { encoding: 'utf8' }).stdout;
  const inputs = (): VoiceCheckInputs => ({
    version: espeak('--version').trim(),
    listing: espeak('--voices'),
    languages: languages.map((l) => l.bcp47),
  });
  /** Only a French male voice: what no real check of espeak-ng gives (it has both genders). */
  const STORED = {
    voices: [{ language: 'fr', gender: 'male' as const }],
    files: new Map([['fr', 'roa/fr']]),
  };

  async function voicesWith(key: string) {
    const store = new EspeakVoiceStore(join(tempDir(), 'voices.json'));
    store.write(STORED, [key]);
    const engine = new EspeakNgEngine({ timeoutMs: 30_000, voiceStore: store }, languages);
    try {
      return await engine.voices();
    } finally {
      engine.onModuleDestroy();
    }
  }

  it('lists the stored voices, checking none, while espeak-ng and the check are the same', async () => {
    expect(await voicesWith(voiceCheckKey(inputs()))).toEqual(STORED.voices);
  });

  it('checks every voice when the stored table is not for this espeak-ng or check', async () => {
    const voices = await voicesWith('a key of another espeak-ng');
    expect(voices).toEqual(
      expect.arrayContaining([
        { language: 'fr', gender: 'female' },
        { language: 'fr', gender: 'male' },
        { language: 'de', gender: 'female' },
        { language: 'de', gender: 'male' },
      ]),
    );
  }, 30_000);
});
