import type { Reporter, TestModule } from 'vitest/node';

/** Prints one plain closing line ("tests: N passed, N failed") that any CI log reader understands. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (module.state() === 'failed' && module.children.size === 0) failed++; // a file that did not load
    }
    const line = `tests: ${passed} passed, ${failed} failed`;
    process.stdout.write(`\n${skipped ? `${line}, ${skipped} skipped` : line}\n`);
  }
}
