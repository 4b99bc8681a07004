import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { MINIMUM_NODE_VERSION, nodeVersionProblem } from './node-version.js';

describe('nodeVersionProblem', () => {
  it.each(['20.20.2', '22.12.0', '24.10.9', '24.9.0', '8.17.0'])(
    'refuses Node.js %s, naming the version it needs and how to start',
    (version) => {
      const problem = nodeVersionProblem(version);
      expect(problem).toContain(`needs Node.js ${MINIMUM_NODE_VERSION} or newer`);
      expect(problem).toContain(`this is Node.js ${version}`);
      expect(problem).toContain('npm start');
    },
  );

  it.each(['24.11.0', '24.11.1', '24.21.0', '25.0.0', '26.1.0'])(
    'accepts Node.js %s',
    (version) => {
      expect(nodeVersionProblem(version)).toBeUndefined();
    },
  );

  it('accepts the Node.js that runs the tests (the one npm start runs)', () => {
    expect(nodeVersionProblem(process.versions.node)).toBeUndefined();
  });

  it('says what package.json `engines` says', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    const [major, minor] = MINIMUM_NODE_VERSION.split('.');
    expect(pkg.engines.node).toBe(`>=${major}.${minor}`);
  });
});
