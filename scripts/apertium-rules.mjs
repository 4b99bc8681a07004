/**
 * Compiles the pairs' added rules (src/translation/engines/apertium/rules/) into
 * build/apertium-rules/, as Apertium compiles a pair's own:
 * - `<language>.cg3`: constraint-grammar disambiguation of a source language (spa, fra, por, ita),
 *   run before the pair's tagger; compiled with cg-comp (Debian package cg3);
 * - `<mode>.lrx`: lexical selection rules of one mode, run before the pair's own; compiled with
 *   lrx-comp (Debian package apertium-lex-tools-dev);
 * - `<language>.text.sed`: spoken forms of a source language written out, before its analyser;
 * - `<language>.source.sed` / `<language>.target.sed`: construction rules over the lexical units
 *   of a source language (after the tagger) or a target language (before the generator); copied.
 * manifest.json lists what was built, relative to that folder; the engine (pair-rules.ts) reads it
 * at start and runs without the rules when it is absent. Run by scripts/setup.mjs; idempotent (a
 * stamp of the inputs).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const KINDS = [
  {
    suffix: '.cg3',
    kind: 'disambiguation',
    compile: (from, to) => ['cg-comp', [from, to]],
    out: '.rlx.bin',
  },
  {
    suffix: '.lrx',
    kind: 'selection',
    compile: (from, to) => ['lrx-comp', [from, to]],
    out: '.lrx.bin',
  },
  { suffix: '.text.sed', kind: 'sourceText', out: '.text.sed' },
  { suffix: '.source.sed', kind: 'sourceConstructions', out: '.source.sed' },
  { suffix: '.target.sed', kind: 'targetConstructions', out: '.target.sed' },
];

export function buildApertiumRules({ root, say = () => {} }) {
  const rulesDir = join(root, 'src/translation/engines/apertium/rules');
  const outDir = join(root, 'build', 'apertium-rules');
  const files = readdirSync(rulesDir)
    .filter((file) => KINDS.some((k) => file.endsWith(k.suffix)))
    .sort();
  const hash = createHash('sha256').update(readFileSync(new URL(import.meta.url)));
  for (const file of files) hash.update(file).update(readFileSync(join(rulesDir, file)));
  const inputs = hash.digest('hex');
  const stamp = join(outDir, '.stamp');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === inputs) return;
  say('compiling the translation rules (cg-comp, lrx-comp)');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const manifest = {
    sourceText: {},
    disambiguation: {},
    selection: {},
    sourceConstructions: {},
    targetConstructions: {},
  };
  for (const file of files) {
    const kind = KINDS.find((k) => file.endsWith(k.suffix));
    const name = file.slice(0, -kind.suffix.length);
    const built = `${name}${kind.out}`;
    if (kind.compile) {
      const [command, args] = kind.compile(join(rulesDir, file), join(outDir, built));
      const result = spawnSync(command, args, { encoding: 'utf8' });
      if (result.status !== 0 || !existsSync(join(outDir, built))) {
        throw new Error(
          `${command} could not compile rules/${file}:\n${result.stderr || result.stdout || result.error?.message}`,
        );
      }
    } else {
      copyFileSync(join(rulesDir, file), join(outDir, built));
    }
    manifest[kind.kind][name] = built;
  }
  writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(stamp, inputs);
}

// Run directly (the Dockerfile): node scripts/apertium-rules.mjs
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildApertiumRules({
    root: fileURLToPath(new URL('..', import.meta.url)),
    say: (line) => process.stdout.write(`${line}\n`),
  });
}
