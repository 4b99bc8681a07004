import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LanguageMatcher } from '../phrase-matcher.js';
import { PHRASE_LANGUAGES } from '../phrase-language.js';
import { Phrasebook } from '../phrasebook.js';
import { PhraseSignatures } from './phrase-signatures.js';
import { fingerprintOf, SIGNATURES_FILE, StoredSignatureFile } from './stored-signature-file.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A phrasebook folder in a temporary tree: `<root>/<kind>/translation/phrasebook/`. */
function phrasebookDir(kind: 'src' | 'dist', ext: 'ts' | 'js', root?: string) {
  const top = root ?? mkdtempSync(join(tmpdir(), 'signatures-'));
  if (!root) dirs.push(top);
  const dir = join(top, kind, 'translation', 'phrasebook') + sep;
  mkdirSync(join(dir, 'data', 'values'), { recursive: true });
  writeFileSync(join(dir, `phrase-matcher.${ext}`), 'export const code = 1;\n');
  writeFileSync(join(dir, 'data', 'values', 'body-parts.yaml'), 'type: body_part\n');
  return { top, dir };
}

const SIGNATURES = new PhraseSignatures([['en\nWhere does it hurt?', ['hurt where']]]);

describe('StoredSignatureFile', () => {
  it('reads back what it wrote for the same code and data', () => {
    const { dir } = phrasebookDir('dist', 'js');
    const file = new StoredSignatureFile(dir);
    expect(file.read()).toBeUndefined(); // not written yet
    file.write(SIGNATURES);
    expect(file.path).toBe(join(dir, SIGNATURES_FILE));
    expect(file.read()?.get('en', 'Where does it hurt?')).toEqual(['hurt where']);
  });

  it('ignores the file once a code file or a value file differs, not a test or a phrase file', () => {
    const { dir } = phrasebookDir('dist', 'js');
    const file = new StoredSignatureFile(dir);
    file.write(SIGNATURES);
    writeFileSync(join(dir, 'phrase-matcher.spec.js'), 'a test\n');
    // A text's bags are stored by the text: a phrase file's change adds or drops texts only.
    writeFileSync(join(dir, 'data', 'pain.yaml'), 'domain: pain\n');
    expect(file.read()).toBeDefined();
    writeFileSync(join(dir, 'data', 'values', 'body-parts.yaml'), 'type: body_part\n# changed\n');
    expect(file.read()).toBeUndefined();
    file.write(SIGNATURES);
    writeFileSync(join(dir, 'phrase-matcher.js'), 'export const code = 2;\n');
    expect(file.read()).toBeUndefined();
  });

  it('serves a run of the sources the build’s file while the sources are those it was built from', () => {
    const { top, dir: built } = phrasebookDir('dist', 'js');
    const { dir: sources } = phrasebookDir('src', 'ts', top);
    new StoredSignatureFile(built).write(SIGNATURES, sources);
    const fromSources = new StoredSignatureFile(sources);
    expect(fromSources.path).toBe(join(built, SIGNATURES_FILE));
    expect(fromSources.read()?.get('en', 'Where does it hurt?')).toEqual(['hurt where']);
    writeFileSync(join(sources, 'phrase-matcher.ts'), 'export const code = 3;\n'); // not built yet
    expect(fromSources.read()).toBeUndefined();
    expect(new StoredSignatureFile(built).read()).toBeDefined();
  });

  it('fingerprints the code and the data, not where they are', () => {
    const a = phrasebookDir('dist', 'js');
    const b = phrasebookDir('dist', 'js');
    expect(fingerprintOf(a.dir)).toBe(fingerprintOf(b.dir));
    writeFileSync(join(b.dir, 'data', 'values', 'drugs.yaml'), 'type: drug\n');
    expect(fingerprintOf(a.dir)).not.toBe(fingerprintOf(b.dir));
  });

  /**
   * The build's own file (scripts/phrasebook-signatures.mjs, run by the set-up after nest build)
   * against the matcher of these sources: the same bags, text by text, for a sample of every
   * language's wordings.
   */
  it('holds, for the built-in phrasebook, the bags the matcher computes', () => {
    const builtDir = fileURLToPath(new URL('../', import.meta.url)).replace(
      `${sep}src${sep}translation${sep}phrasebook${sep}`,
      `${sep}dist${sep}translation${sep}phrasebook${sep}`,
    );
    const stored = new StoredSignatureFile(builtDir).read();
    if (!stored) throw new Error(`no current ${SIGNATURES_FILE} in ${builtDir}: run npm run setup`);
    const phrasebook = Phrasebook.cached();
    const entries = [...phrasebook.entries.values()].filter((_, i) => i % 40 === 0);
    let compared = 0;
    for (const language of PHRASE_LANGUAGES) {
      const matcher = new LanguageMatcher(language, phrasebook.lexicon);
      for (const entry of entries) {
        for (const template of [entry.texts[language], ...entry.also[language]]) {
          expect([language, template.source, stored.get(language, template.source)]).toEqual([
            language,
            template.source,
            matcher.add(entry, template),
          ]);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(200);
  }, 60_000);
});
