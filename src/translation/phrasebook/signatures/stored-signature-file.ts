import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PhraseSignatures, type StoredSignatures } from './phrase-signatures.js';

/** The phrasebook's folder where this code runs: dist/ (built) or src/ (the tests, tsx). */
const PHRASEBOOK_DIR = fileURLToPath(new URL('../', import.meta.url));
export const SIGNATURES_FILE = 'phrase-signatures.json';

/** The packages the bags depend on besides the phrasebook's own code: its stemmers and numbers. */
const PACKAGES = ['snowball-stemmers', 'to-words'] as const;

/**
 * What the bags of a text are computed from besides the text (their key): the code, compiled or
 * not (tests aside), and the value lexicon (data/values/). The phrases' own files,
 * the target languages' and the answers' do not change a text's bags, so they are not hashed
 * (10 MB of the 11: 71 ms of every start).
 */
const COUNTS = (path: string) =>
  (path.startsWith('data/values/') && path.endsWith('.yaml')) ||
  (/\.[jt]s$/.test(path) && !/\.(d|spec)\.[jt]s$/.test(path));

/**
 * The phrasebook's bags stored by the build (`dist/translation/phrasebook/phrase-signatures.json`)
 * for the code and data they were computed from. The file names two fingerprints: the built
 * code's and the sources' it was built from, so that the tests, which run the sources, use it
 * too while the sources are those of the build. Any other code or data (a change not yet
 * built, another version of a stemmer) does not match, and the start reads every text as before.
 */
export class StoredSignatureFile {
  constructor(private readonly dir: string = PHRASEBOOK_DIR) {}

  /** Where the build keeps the file: beside the built phrasebook, also for a run of the sources. */
  get path(): string {
    const fromSources = `${sep}src${sep}translation${sep}phrasebook${sep}`;
    const at = this.dir.lastIndexOf(fromSources);
    const builtDir =
      at < 0 || !this.dir.endsWith(fromSources)
        ? this.dir
        : `${this.dir.slice(0, at)}${sep}dist${sep}translation${sep}phrasebook${sep}`;
    return join(builtDir, SIGNATURES_FILE);
  }

  /** The stored bags, when the file was written for this code and data; undefined otherwise. */
  read(): PhraseSignatures | undefined {
    if (!existsSync(this.path)) return undefined;
    const stored = JSON.parse(readFileSync(this.path, 'utf8')) as StoredSignatures;
    if (!Array.isArray(stored.fingerprints)) return undefined;
    return stored.fingerprints.includes(fingerprintOf(this.dir))
      ? PhraseSignatures.fromStored(stored)
      : undefined;
  }

  /** Stores the bags for this folder's code and data and, when given, the sources'. */
  write(signatures: PhraseSignatures, sourcesDir?: string): void {
    const fingerprints = [fingerprintOf(this.dir)];
    if (sourcesDir && existsSync(sourcesDir)) fingerprints.push(fingerprintOf(sourcesDir));
    writeFileSync(this.path, JSON.stringify(signatures.toStored(fingerprints)));
  }
}

/** A hash of the folder's code and value files, by path, and of the packages' versions. */
export function fingerprintOf(dir: string): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(dir)) {
    const path = relative(dir, file).split(sep).join('/');
    if (!COUNTS(path)) continue;
    hash.update(`${path}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  for (const name of PACKAGES) hash.update(`${name}@${packageVersion(name)}\0`);
  return hash.digest('hex');
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** A package's version, from the package.json above the file it resolves to. */
function packageVersion(name: string): string {
  let dir = dirname(createRequire(import.meta.url).resolve(name));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === name) return manifest.version ?? 'unknown';
    }
    const parent = dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}
