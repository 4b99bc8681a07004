// The entry point (node dist/main.js). It checks the Node.js version first and only then loads
// the service, so that an older Node.js stops with a message saying what it needs rather than
// with a stack trace from deep inside a dependency.
import { restartWithMallocSettings } from './runtime/malloc-settings.js';
import { nodeVersionProblem } from './runtime/node-version.js';

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
restartWithMallocSettings();
await import('./server.js');
