import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { matchesGlob } from 'node:path';
import { BUILD_STEPS } from './build-steps.mjs';

/**
 * The container builds what the set-up builds (issue 35): nothing here runs Docker, so the
 * Dockerfile is read as text. Each build step's output must be checked (`test -e OUTPUT`) in one
 * of its stages and reach the run-time stage, and everything it copies from the build context
 * must be in that context (.dockerignore).
 */

const root = new URL('..', import.meta.url);
const DOCKERFILE = readFileSync(new URL('Dockerfile', root), 'utf8');
const DOCKERIGNORE = readFileSync(new URL('.dockerignore', root), 'utf8');
const SETUP = readFileSync(new URL('scripts/setup.mjs', root), 'utf8');

/** The Dockerfile's build stage and run-time stage, each as text. */
function stages(dockerfile: string): { build: string; runtime: string } {
  const at = dockerfile.search(/^FROM \S+ AS runtime$/m);
  if (at < 0) throw new Error('the Dockerfile has no stage named runtime');
  return { build: dockerfile.slice(0, at), runtime: dockerfile.slice(at) };
}

/** Whether `output` is checked in `stage`: `test -e OUTPUT` or `test -f OUTPUT`. */
const checks = (stage: string, output: string) =>
  new RegExp(`test -[ef] ${output.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`).test(stage);

/** The folders the run-time stage copies from the build stage (`COPY --from=build /app/X ./X`). */
const copiedFromBuild = (runtime: string) =>
  [...runtime.matchAll(/^COPY --from=build \/app\/(\S+) \.\/(\S+)$/gm)].map((m) => m[1]!);

/** Whether the path (a file or folder of the repository) is in the build context. */
function inContext(path: string, dockerignore: string): boolean {
  const rules = dockerignore
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const parts = path.split('/');
  const selfAndParents = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  let included = true;
  for (const rule of rules) {
    const negated = rule.startsWith('!');
    const pattern = (negated ? rule.slice(1) : rule).replace(/\/$/, '');
    // A rule on a folder applies to everything in it; the last rule that matches wins.
    if (selfAndParents.some((p) => matchesGlob(p, pattern))) included = negated;
  }
  return included;
}

/** The build-context sources of every `COPY` that is not `--from` another stage. */
const contextSources = (dockerfile: string) =>
  [...dockerfile.matchAll(/^COPY (?!--from)(.+)$/gm)].flatMap((m) => {
    const args = m[1]!.trim().split(/\s+/);
    return args.slice(0, -1);
  });

/**
 * The local modules the copied scripts import that the Dockerfile does not copy: a script
 * copied without them fails in the image only (apertium-lexicon.mjs without regular-verbs.mjs,
 * before issue 35).
 */
function uncopiedImports(dockerfile: string): string[] {
  const copied = new Set(contextSources(dockerfile));
  return [...copied]
    .filter((path) => /^scripts\/[^/]+\.mjs$/.test(path))
    .flatMap((script) =>
      [...readFileSync(new URL(script, root), 'utf8').matchAll(/from '\.\/([^']+\.mjs)'/g)].map(
        (m) => `scripts/${m[1]!}`,
      ),
    )
    .filter((imported) => !copied.has(imported));
}

/** Every build step the Dockerfile misses: not checked, or checked where the image loses it. */
function missedSteps(dockerfile: string): string[] {
  const { build, runtime } = stages(dockerfile);
  const copied = copiedFromBuild(runtime);
  return BUILD_STEPS.filter(({ output }) => {
    if (checks(runtime, output)) return false;
    return !(checks(build, output) && copied.some((dir) => output.startsWith(`${dir}/`)));
  }).map((step) => step.name);
}

describe('the build steps (scripts/build-steps.mjs)', () => {
  it('are each run by the set-up, by name', () => {
    // Its runner in BUILD_STEP_RUNNERS (a key, quoted where it must be); the set-up also stops
    // on a step without one.
    const runners = [...SETUP.matchAll(/^ {2}'?([a-z-]+)'?: \(\) =>/gm)].map((m) => m[1]);
    expect(runners).toEqual(BUILD_STEPS.map((step) => step.name));
  });

  it('are each built into the image, as the Dockerfile stands', () => {
    expect(missedSteps(DOCKERFILE)).toEqual([]);
  });

  it('would be seen missing from a Dockerfile that lost one', () => {
    const { runtime } = stages(DOCKERFILE);
    // The clinical model no longer built (the Dockerfile before issue 35).
    expect(missedSteps(DOCKERFILE.replace('&& test -e build/asr/model.json', ''))).toEqual([
      'clinical-asr-model',
    ]);
    // The console built but not copied into the run-time stage.
    expect(
      missedSteps(DOCKERFILE.replace('COPY --from=build /app/console/dist ./console/dist\n', '')),
    ).toEqual(['console']);
    expect(runtime).toContain('COPY --from=build /app/console/dist ./console/dist');
  });

  it('copy only what the build context holds (.dockerignore leaves out the rest)', () => {
    const sources = contextSources(DOCKERFILE);
    expect(sources).toContain('scripts/clinical-asr-model.mjs');
    expect(sources.filter((path) => !inContext(path, DOCKERIGNORE))).toEqual([]);
  });

  it('copy each script with the modules it imports, and would see one left out', () => {
    expect(uncopiedImports(DOCKERFILE)).toEqual([]);
    expect(uncopiedImports(DOCKERFILE.replace(' scripts/kneser-ney-trigram.mjs ', ' '))).toEqual([
      'scripts/kneser-ney-trigram.mjs',
    ]);
  });

  it('reads .dockerignore as Docker does: the last matching rule wins, a folder holds its files', () => {
    const ignore = '*\n!src/\nsrc/**/*.spec.ts\n!console/\nconsole/dist\n!scripts/a.mjs\n';
    expect(inContext('src/main.ts', ignore)).toBe(true);
    expect(inContext('src/a/b.spec.ts', ignore)).toBe(false);
    expect(inContext('console/dist/index.html', ignore)).toBe(false);
    expect(inContext('console/src/main.ts', ignore)).toBe(true);
    expect(inContext('scripts/a.mjs', ignore)).toBe(true);
    expect(inContext('scripts/b.mjs', ignore)).toBe(false);
    expect(inContext('test/x.ts', ignore)).toBe(false);
  });
});
