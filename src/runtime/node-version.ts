// Plain code without imports: main.ts runs it before anything that needs a newer Node.js loads.

/** The oldest Node.js the service runs on: 24 LTS (package.json `engines` says the same). */
export const MINIMUM_NODE_VERSION = '24.11.0';

/** What is wrong with Node.js `version` (e.g. process.versions.node) for this service, if anything. */
export function nodeVersionProblem(version: string): string | undefined {
  const have = version.split('.').map(Number);
  const need = MINIMUM_NODE_VERSION.split('.').map(Number);
  for (let i = 0; i < need.length; i++) {
    if ((have[i] ?? 0) > need[i]) return undefined;
    if ((have[i] ?? 0) < need[i]) {
      return (
        `This service needs Node.js ${MINIMUM_NODE_VERSION} or newer (24 LTS); this is Node.js ${version}.\n` +
        'Start it with `npm start`, which runs the Node.js 24 it installs (node_modules/.bin/node), ' +
        'or run node_modules/.bin/node dist/main.js.'
      );
    }
  }
  return undefined;
}
