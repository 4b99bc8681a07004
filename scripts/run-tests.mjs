#!/usr/bin/env node
// Runs the Jest projects of jest.config.mjs: the unit tests on every core, then the end-to-end
// tests two files at a time (Jest takes maxWorkers for a whole run, not per project, so each is
// its own run). Ends with one closing line, "N passed, N failed", the plain form any CI log
// reader understands (the skipped count on the line before), and exits non-zero when anything
// failed.
//
//   node --experimental-vm-modules scripts/run-tests.mjs [unit|e2e]   (npm run test:all, test:unit, test:e2e)
import { availableParallelism } from 'node:os';
import { runCLI } from 'jest';

const root = new URL('..', import.meta.url).pathname;
// Each file runs in a worker process, restarted once it holds more than 1 GB after a file: Jest
// keeps every file's module graph until its process ends (one process for all the end-to-end
// files grew to 4.2 GB). An end-to-end file starts the whole service (about 1.5 GB with its
// decoders) and uses 1.2 cores alone: two at a time keep two cores busy (e2e 775 → 564 s,
// docs/benchmarks.md "The test suite"); more would only queue for the CPU and stretch the
// latencies some files assert.
const RUNS = {
  unit: { maxWorkers: availableParallelism(), workerIdleMemoryLimit: '1GB' },
  e2e: { maxWorkers: Math.min(2, availableParallelism()), workerIdleMemoryLimit: '1GB' },
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in RUNS));
if (unknown.length > 0) {
  process.stderr.write(`run-tests: unknown project ${unknown.join(', ')}; use unit or e2e.\n`);
  process.exit(2);
}
if (!process.execArgv.includes('--experimental-vm-modules')) {
  process.stderr.write(
    'run-tests: start it with node --experimental-vm-modules (npm test does).\n',
  );
  process.exit(2);
}

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const project of wanted.length > 0 ? wanted : Object.keys(RUNS)) {
  const { results } = await runCLI(
    { _: [], $0: 'jest', selectProjects: [project], ...RUNS[project] },
    [root],
  );
  totals.passed += results.numPassedTests;
  totals.skipped += results.numPendingTests + results.numTodoTests;
  // A file that does not load counts as one failure: it ran none of its tests.
  totals.failed += results.numFailedTests + results.numRuntimeErrorTestSuites;
}

process.stdout.write(
  `\ntests skipped: ${totals.skipped}\n${totals.passed} passed, ${totals.failed} failed\n`,
);
process.exit(totals.failed > 0 ? 1 : 0);
