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

/** Every TypeScript file under `dir`, specs included. */
function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return allFiles(path);
    return /\.ts$/.test(entry.name) ? [path] : [];
  });
}

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

  it('knows every folder of src/', () => {
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((name) => !(name in ALLOWED))).toEqual([]);
  });
});
