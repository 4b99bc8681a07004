// Unit tests live beside the code (*.spec.ts); end-to-end tests in test/ (*.e2e-spec.ts).
// The code is ES modules (NestJS 12 ships only those), so Jest runs in its ESM mode
// (node --experimental-vm-modules, see scripts/run-tests.mjs) and @swc/jest compiles TypeScript
// to ES modules, with the legacy decorators and their metadata that Nest's injection reads.

/** @type {import('@swc/jest').Options} */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2023',
    keepClassNames: true,
    // `import data from './x.json' with { type: 'json' }` must keep its attribute under Node 24.
    experimental: { keepImportAttributes: true },
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

/** @type {import('jest').Config} */
const common = {
  testEnvironment: '<rootDir>/test/support/node-environment.mjs',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  // Sources import each other as `./x.js` (Node's ESM rule); Jest finds `./x.ts` through this.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  // jest.useFakeTimers() leaves these real, as the code awaits them while timers are faked.
  fakeTimers: { doNotFake: ['nextTick', 'queueMicrotask'] },
};

/** @type {import('jest').Config} */
export default {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/src/**/*.spec.ts',
        '<rootDir>/tools/**/*.spec.ts',
        '<rootDir>/bench/**/*.spec.ts',
        '<rootDir>/scripts/**/*.spec.ts',
        '<rootDir>/console/src/**/*.spec.ts',
      ],
      setupFilesAfterEnv: ['<rootDir>/test/support/setup-unit.ts'],
    },
    // scripts/run-tests.mjs runs these two files at a time: each starts the whole service.
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/setup-e2e.ts'],
    },
  ],
};
