import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Voice } from './tts-engine.js';

/** Where the set-up keeps the voices it checked (scripts/espeak-voice-table.mjs). */
export const ESPEAK_VOICES_FILE = fileURLToPath(
  new URL('../../../build/espeak-ng/voices.json', import.meta.url),
);

/** The check's own code, beside this file: the engine, its voice choice, its texts, its runs. */
const CHECK_CODE = ['espeak-ng.engine', 'espeak-voices', 'espeak-text', 'speech-process'];
const HERE = dirname(fileURLToPath(import.meta.url));
const OWN_EXTENSION = fileURLToPath(import.meta.url).endsWith('.ts') ? '.ts' : '.js';

/** The working voices, and the voice file of each language (ISO 639-1). */
export interface VoiceTable {
  readonly voices: readonly Voice[];
  readonly files: ReadonlyMap<string, string>;
}

/** What the check's result depends on, besides its code: espeak-ng as installed, the languages. */
export interface VoiceCheckInputs {
  /** `espeak-ng --version`: the version and where its data is. */
  readonly version: string;
  /** `espeak-ng --voices`. */
  readonly listing: string;
  /** The catalog languages asked for (BCP 47). */
  readonly languages: readonly string[];
}

interface StoredTable {
  readonly keys: readonly string[];
  readonly voices: readonly Voice[];
  readonly files: readonly (readonly [string, string])[];
}

/**
 * The voice table the set-up checked, for a start to read instead of running espeak-ng some 250
 * times (its check took 7.7–8.9 s of every start on a slow machine, and the tests start the
 * service about 100 times). It is used only under the key it was stored for: the check's code,
 * espeak-ng's version, its voice listing and the sizes and times of its data files, and the
 * languages. Any difference (a Debian update, a changed check, another catalog) and the start
 * checks every voice as before. The file names two keys: the built code's and the sources' it
 * was built from, so that the tests, which run the sources, read it too.
 */
export class EspeakVoiceStore {
  constructor(readonly file: string = ESPEAK_VOICES_FILE) {}

  read(key: string): VoiceTable | undefined {
    if (!existsSync(this.file)) return undefined;
    const stored = JSON.parse(readFileSync(this.file, 'utf8')) as StoredTable;
    if (!Array.isArray(stored.keys) || !stored.keys.includes(key)) return undefined;
    return { voices: stored.voices, files: new Map(stored.files) };
  }

  write(table: VoiceTable, keys: readonly string[]): void {
    mkdirSync(dirname(this.file), { recursive: true });
    const stored: StoredTable = { keys, voices: table.voices, files: [...table.files] };
    writeFileSync(this.file, `${JSON.stringify(stored, null, 1)}\n`);
  }
}

/**
 * The key of a check: its code (the files of CHECK_CODE in `codeDir`, by `extension`), the
 * inputs, and espeak-ng's data files (name, size, modification time) where `--version` says it is.
 */
export function voiceCheckKey(
  inputs: VoiceCheckInputs,
  codeDir = HERE,
  extension = OWN_EXTENSION,
): string {
  const hash = createHash('sha256');
  for (const name of CHECK_CODE) {
    hash.update(`${name}\0`);
    hash.update(readFileSync(join(codeDir, `${name}${extension}`)));
  }
  hash.update(`\0${inputs.version}\0${inputs.listing}\0${inputs.languages.join(' ')}\0`);
  const dataDir = /Data at:\s*(\S+)/.exec(inputs.version)?.[1];
  if (dataDir && existsSync(dataDir)) {
    for (const name of readdirSync(dataDir).sort()) {
      const stat = statSync(join(dataDir, name));
      hash.update(`${name}:${stat.isFile() ? stat.size : 'dir'}:${stat.mtimeMs}\0`);
    }
  }
  return hash.digest('hex');
}
