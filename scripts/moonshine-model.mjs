/**
 * Installs the weights of Moonshine tiny, the English speech recognizer of ASR_ENGINE=moonshine and
 * of the default hybrid engine (docs/speech.md, "Moonshine"), into build/moonshine-tiny/.
 *
 * The weights ship in the npm package @usefulsensors/moonshine-js (MIT for the code and the
 * English model): 28 MB of quantized ONNX in a 68 MB package whose browser code pulls
 * @huggingface/transformers, onnxruntime-web and a second onnxruntime-node. Installing it as a
 * dependency would put all of that in node_modules, and its Spanish model, under a
 * non-commercial licence, on every server; so the set-up takes the package's tarball from the
 * npm registry (`npm pack`, through npm's cache: once per machine), checks it against the
 * integrity pinned here, and keeps only the two English model files and the licence.
 * Idempotent: nothing to do when the stamp names the pinned integrity and the files are there.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const MOONSHINE_PACKAGE = '@usefulsensors/moonshine-js@0.1.21';
/** The registry's `dist.integrity` of that version (`npm view <package> dist.integrity`). */
export const MOONSHINE_INTEGRITY =
  'sha512-r9+hkcHiyrbwt58cE/uHKkRuySrHNY5GKS3xQxXiVJrFGXjils4oKOWd8bH/9NONEuEYNx8gRC4DQHPkUYim5w==';
/** The files kept, by their path in the package. */
const KEPT = {
  'package/dist/model/tiny/quantized/encoder_model.onnx': 'encoder_model.onnx',
  'package/dist/model/tiny/quantized/decoder_model_merged.onnx': 'decoder_model_merged.onnx',
  'package/LICENSE': 'LICENSE',
};

/** Where the model goes, relative to the project's root. */
export const MOONSHINE_DIR = join('build', 'moonshine-tiny');

/** The sha512 integrity string of a file, as npm writes it. */
export function integrityOf(file) {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

/** True when `dir` holds the model of the pinned package. */
export function moonshineModelInstalled(dir) {
  const stamp = join(dir, '.integrity');
  return (
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === MOONSHINE_INTEGRITY &&
    Object.values(KEPT).every((name) => existsSync(join(dir, name)))
  );
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (exit ${result.status}): ${(result.stderr || String(result.error)).slice(-400)}`,
    );
  }
  return result.stdout;
}

export function ensureMoonshineModel({ root, say = () => undefined }) {
  const out = join(root, MOONSHINE_DIR);
  if (moonshineModelInstalled(out)) return;
  say(`installing the Moonshine tiny English model (npm package ${MOONSHINE_PACKAGE}, 68 MB)`);
  const work = mkdtempSync(join(tmpdir(), 'moonshine-model-'));
  try {
    let tarball;
    try {
      const packed = JSON.parse(
        run(
          'npm',
          ['pack', MOONSHINE_PACKAGE, '--json', '--silent', '--pack-destination', work],
          work,
        ),
      );
      tarball = join(work, packed[0].filename);
    } catch (error) {
      throw new Error(
        `could not fetch ${MOONSHINE_PACKAGE} from the npm registry (${error.message.trim()}). ` +
          `Check that this machine reaches the npm registry, then run: npm run setup`,
        { cause: error },
      );
    }
    const integrity = integrityOf(tarball);
    if (integrity !== MOONSHINE_INTEGRITY) {
      throw new Error(
        `${MOONSHINE_PACKAGE} has integrity ${integrity}, not the pinned ${MOONSHINE_INTEGRITY}; ` +
          'the package was not installed.',
      );
    }
    run('tar', ['-xzf', tarball, '-C', work, ...Object.keys(KEPT)], work);
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    for (const [from, to] of Object.entries(KEPT)) copyFileSync(join(work, from), join(out, to));
    writeFileSync(join(out, '.integrity'), MOONSHINE_INTEGRITY);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
