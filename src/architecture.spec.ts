import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The import graph of src/ (the service's files, not its specs), checked against the layering
 * the README's "Development" section describes: each top-level folder may import only the
 * folders listed for it (nothing upward), and another feature only through its entry files.
 */

const SRC = dirname(fileURLToPath(import.meta.url));

/** What each folder may import, besides itself. Root files (app.module.ts, main.ts…) may import anything. */
const ALLOWED: Record<string, readonly string[]> = {
  config: [],
  common: ['config'],
  language: ['common', 'config'],
  runtime: [],
  audio: ['common', 'config', 'language'],
  metrics: ['common', 'config'],
  translation: ['common', 'config', 'language'],
  transcription: ['common', 'config', 'language', 'audio'],
  synthesis: ['common', 'config', 'language', 'audio'],
  llm: ['common', 'config', 'language', 'translation'],
  orchestrator: [
    'common',
    'config',
    'language',
    'audio',
    'metrics',
    'translation',
    'transcription',
    'synthesis',
    'llm',
  ],
  health: ['common', 'config', 'audio', 'metrics', 'transcription', 'orchestrator'],
  // The console's settings say which languages the recognizer understands (issue 18).
  console: ['common', 'config', 'transcription'],
  docs: ['common', 'config', 'orchestrator'],
};

/** Folders whose every file is public: the kernel, the shared plumbing and the audio toolkit. */
const OPEN = new Set(['config', 'common', 'language', 'audio', 'metrics']);

/**
 * How another feature is entered: its Nest module, its services, its DTOs, and the value types
 * of its engine ports that its service returns (a voice, a transcript).
 */
const ENTRY = /(\.module|\.service|\/dto\/.*\.dto|\/engines\/[a-z-]+-engine)\.ts$/;

/** Entries that are none of the above, each with its reason. */
const ALSO_ENTRY = new Set([
  // The readiness probe of /health/ready asks whether the sessions are draining (the VAD model
  // it also asks is in audio/, whose files are all public).
  'orchestrator/session/session-manager.ts',
  // The AsyncAPI document served beside the OpenAPI one.
  'orchestrator/protocol/asyncapi/asyncapi-document.ts',
]);

/** The files under `dir` whose names match `kept`, leaving out the folders named in `skipped`. */
function filesUnder(dir: string, kept: RegExp, skipped = new Set<string>()): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : filesUnder(path, kept, skipped);
    return kept.test(entry.name) ? [path] : [];
  });
}

/** Every TypeScript file under `dir`, specs included. */
const allFiles = (dir: string) => filesUnder(dir, /\.ts$/);

/** The service's own files: not its specs. */
const sourceFiles = (dir: string) => allFiles(dir).filter((path) => !/\.spec\.ts$/.test(path));

/**
 * Every relative import: `import … from`, `export … from`, a bare `import '…'` (for its side
 * effects) and a dynamic `import('…')`.
 */
const IMPORT =
  /(?:^|\n)\s*(?:(?:import|export)\s[^;]*?from\s+|import\s+|[^\n]*?\bimport\()'(\.[^']+)'/g;

/** [importing file, imported file], both relative to src/, for every relative import. */
function imports(files = sourceFiles(SRC)): [string, string][] {
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(IMPORT)].map(([, spec]): [string, string] => [
      relative(SRC, file),
      relative(SRC, normalize(join(dirname(file), spec!))).replace(/\.js$/, '.ts'),
    ]);
  });
}

/** Names of one engine (pocketsphinx and its cepstrum) in `source`'s code, comments left out. */
function engineNamesInCode(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  return [...code.matchAll(/\w*(?:pocketsphinx|cepstr)\w*/gi)].map((m) => m[0]);
}

/**
 * The arrows (imports, paths of data files) from one recognizer's folder of transcription/engines/
 * into another's: engines meet only through the ports beside them, so a recognizer is a folder.
 */
function betweenEngineFolders(edges: readonly [string, string][]): [string, string][] {
  const folder = (path: string) => /^transcription\/engines\/([^/]+)\//.exec(path)?.[1];
  return edges.filter(([from, to]) => folder(from) && folder(to) && folder(from) !== folder(to));
}

/**
 * orchestrator/'s folders from the bottom up: each imports only those before it (the module and
 * the gateway, at its root, may import any). The languages of a session; the conversation's
 * records; the archive of them; the sentence pipeline; the WebSocket protocol's messages; the
 * session; its transport.
 */
const ORCHESTRATOR_LAYERS = [
  'languages',
  'conversation',
  'archive',
  'pipeline',
  'protocol',
  'session',
  'transport',
];

/** The imports of orchestrator/ from a folder to one above it. */
function upwardInOrchestrator(edges: readonly [string, string][]): [string, string][] {
  const layer = (path: string) =>
    path.startsWith('orchestrator/') && path.split('/').length > 2
      ? ORCHESTRATOR_LAYERS.indexOf(path.split('/')[1]!)
      : undefined;
  return edges.filter(([from, to]) => {
    const a = layer(from);
    const b = layer(to);
    return a !== undefined && b !== undefined && b > a;
  });
}

const folderOf = (path: string) => (path.includes('/') ? path.split('/')[0]! : undefined);

describe('the import graph of src/', () => {
  const graph = imports();

  it('is read from the sources (a broken reader would pass every rule)', () => {
    expect(graph.length).toBeGreaterThan(500);
    expect(graph).toContainEqual([
      'orchestrator/orchestrator.module.ts',
      'translation/translation.module.ts',
    ]);
    // A bare import, for its side effects, and a dynamic one.
    expect(graph).toContainEqual([
      'audio/vad/silero-vad.model.ts',
      'common/privacy/disable-onnxruntime-telemetry.ts',
    ]);
    expect(graph).toContainEqual(['main.ts', 'server.ts']);
  });

  it('has no upward arrow: each folder imports only the folders below it', () => {
    const upward = graph.filter(([from, to]) => {
      const a = folderOf(from);
      const b = folderOf(to);
      return a !== undefined && b !== a && !(ALLOWED[a] ?? []).includes(b ?? '(root)');
    });
    expect(upward).toEqual([]);
  });

  it("enters another feature only through its module, services, DTOs or engine ports' types", () => {
    const internal = graph.filter(([from, to]) => {
      const a = folderOf(from);
      const b = folderOf(to);
      if (a === undefined || b === undefined || a === b || OPEN.has(b)) return false;
      return !ENTRY.test(to) && !ALSO_ENTRY.has(to);
    });
    expect(internal).toEqual([]);
  });

  it('never leaves src/ but from a spec: no test support in the service (issue 35)', () => {
    const outside = graph.filter(([, to]) => to.startsWith('..'));
    expect(outside).toEqual([]);
    // Fixtures are test support, in test/support/ with the rest of it.
    expect(allFiles(SRC).filter((path) => path.endsWith('.fixture.ts'))).toEqual([]);
  });

  it('would see a service file importing test/ (the check above reads outside src/)', () => {
    const session = join(SRC, 'orchestrator/session/session.ts');
    const withSpecs = imports(allFiles(join(SRC, 'orchestrator/session')));
    expect(withSpecs.some(([, to]) => to.startsWith('../test/support/'))).toBe(true);
    expect(imports([session]).every(([, to]) => !to.startsWith('..'))).toBe(true);
  });

  it('sets X-Engine in one place: the engine-header interceptor (issue 35)', () => {
    const byHand = sourceFiles(SRC).filter((file) =>
      /setHeader\(\s*'X-Engine'/.test(readFileSync(file, 'utf8')),
    );
    expect(byHand.map((file) => relative(SRC, file))).toEqual([
      'common/http/engine-header.interceptor.ts',
    ]);
  });

  it("keeps one engine's names out of the generic recognizer port (issue 35)", () => {
    const port = readFileSync(join(SRC, 'transcription/engines/asr-engine.ts'), 'utf8');
    expect(engineNamesInCode(port)).toEqual([]);
    // The check itself: the port as it was, with pocketsphinx's mean in it.
    expect(
      engineNamesInCode('export interface AsrChannel {\n  cepstralMean?: number[];\n}'),
    ).toEqual(['cepstralMean']);
  });

  it("lets a recognizer reach another only through the ports, not the other's folder (issue 35)", () => {
    expect(betweenEngineFolders(graph)).toEqual([]);
    // Nor read its data files: every relative path an engine's file names, imported or read.
    const paths = sourceFiles(join(SRC, 'transcription/engines')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/'(\.\.\/[^']+)'/g)].map(
        ([, path]): [string, string] => [
          relative(SRC, file),
          relative(SRC, join(dirname(file), path!)),
        ],
      ),
    );
    expect(betweenEngineFolders(paths)).toEqual([]);
    // The check itself: the combined engine's import and data file of before, and a port.
    const combined =
      'transcription/engines/moonshine-pocketsphinx/moonshine-pocketsphinx.engine.ts';
    expect(
      betweenEngineFolders([
        [combined, 'transcription/engines/moonshine/moonshine.engine.ts'],
        [combined, 'transcription/engines/pocketsphinx/clinical/vocabulary.txt'],
        [combined, 'transcription/engines/scoring-recognizer.ts'],
      ]),
    ).toHaveLength(2);
  });

  it('scores words only in tests and benchmarks: no service file imports wer.ts', () => {
    expect(graph.filter(([, to]) => to === 'transcription/wer.ts')).toEqual([]);
  });

  it('has no upward arrow inside orchestrator/ either (issue 35)', () => {
    expect(upwardInOrchestrator(graph)).toEqual([]);
    // The arrows of before: the mapper read the session's settings, the AsyncAPI document the
    // transport's path.
    expect(
      upwardInOrchestrator([
        [
          'orchestrator/protocol/server-message-mapper.ts',
          'orchestrator/session/session-settings.ts',
        ],
        [
          'orchestrator/protocol/asyncapi/asyncapi-document.ts',
          'orchestrator/transport/upgrade-routing.ts',
        ],
        ['orchestrator/session/session.ts', 'orchestrator/protocol/server-messages.ts'],
      ]),
    ).toHaveLength(2);
    const folders = readdirSync(join(SRC, 'orchestrator'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((name) => !ORCHESTRATOR_LAYERS.includes(name))).toEqual([]);
  });

  it('knows every folder of src/', () => {
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((name) => !(name in ALLOWED))).toEqual([]);
  });
});

/** The repository's root: src/ is one of its folders. */
const ROOT = join(SRC, '..');

/** Where the project's own source is; test/fixtures/ is data, dist/ and node_modules/ are made. */
const SOURCE_FOLDERS = ['src', 'test', 'bench', 'tools', 'scripts', 'console'];
const SKIPPED = new Set(['node_modules', 'dist', 'fixtures', 'output', '__pycache__']);
const SOURCE = /\.(ts|mts|mjs|js|py|sh|css|html)$/;

/** The longest a source file may be (README, "Development"). */
const MAX_LINES = 400;

/** Data tables, not code: a word list reads best whole. */
const DATA = new Set([
  'src/llm/embedded/paraphrase/lexicon.en.ts',
  'src/llm/embedded/paraphrase/lexicon.es.ts',
  'src/llm/embedded/paraphrase/lexicon.fr.ts',
]);

/** Every source file of the repository (relative to its root), Python and style sheets included. */
const repositorySources = (dir: string) =>
  filesUnder(join(ROOT, dir), SOURCE, SKIPPED).map((path) => relative(ROOT, path));

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** The files over 400 lines that are not data tables, with their lengths. */
function overLong(lengths: ReadonlyMap<string, number>): [string, number][] {
  return [...lengths].filter(([file, lines]) => lines > MAX_LINES && !DATA.has(file));
}

describe('the size of source files (every folder, Python included)', () => {
  const lengths = new Map(
    SOURCE_FOLDERS.flatMap((dir) => repositorySources(dir)).map((file): [string, number] => [
      file,
      lineCount(readFileSync(join(ROOT, file), 'utf8')),
    ]),
  );

  it('reads every kind of source: TypeScript, scripts, Python, shell, style sheets', () => {
    expect(
      lengths.get('src/transcription/engines/pocketsphinx/pocketsphinx_worker.py'),
    ).toBeGreaterThan(100);
    expect(lengths.has('scripts/setup.mjs')).toBe(true);
    expect(lengths.has('console/src/styles/base.css')).toBe(true);
    expect(lengths.has('scripts/generate-audio-fixtures.sh')).toBe(true);
    expect([...lengths.keys()].some((file) => file.startsWith('test/fixtures/'))).toBe(false);
  });

  it('keeps each file to 400 lines, data tables excepted (the 24 files over it when the rule came are split)', () => {
    expect(overLong(lengths)).toEqual([]);
  });

  it('would catch a long file, and leaves a data table alone', () => {
    const changed = new Map([
      ['src/common/long.ts', 401],
      ['src/short.ts', 400],
      ['src/llm/embedded/paraphrase/lexicon.en.ts', 5000],
    ]);
    expect(overLong(changed)).toEqual([['src/common/long.ts', 401]]);
  });

  it('lists only files that exist', () => {
    expect([...DATA].filter((file) => !lengths.has(file))).toEqual([]);
  });
});

describe("tests' and benchmarks' support (issue 35)", () => {
  const files = SOURCE_FOLDERS.flatMap((dir) => repositorySources(dir));
  it('is in test/support/ (bench/support/: what benchmarks alone use), with one launcher of dist/', () => {
    const folders = new Set(files.map((file) => /^(?:.*\/)?support\//.exec(file)?.[0]));
    expect([...folders].filter(Boolean).sort()).toEqual(['bench/support/', 'test/support/']);
    // What starts `node dist/main.js` and leaves it running (spawnSync waits for its end).
    const launchers = files.filter((file) => {
      const code = readFileSync(join(ROOT, file), 'utf8');
      return /['"`]dist\/main\.js['"`]/.test(code) && /\b(?:spawn|fork|execFile)\(/.test(code);
    });
    expect(launchers).toEqual(['test/support/built-server.ts']);
  });
});
