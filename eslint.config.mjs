// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'console/dist/**', 'node_modules/**', 'coverage/**', 'test/output/**'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  { languageOptions: { globals: globals.node } },
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  // The interpreter console runs in the browser; its capture worklet in an AudioWorklet scope.
  {
    files: ['console/**/*.ts'],
    languageOptions: { globals: globals.browser },
    rules: {
      // The console shares the server's protocol types; a value import would bundle server code.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**'],
              allowTypeImports: true,
              message: 'Only `import type` from the server: its code must not reach the browser.',
            },
          ],
        },
      ],
    },
  },
  { files: ['console/**/*.worklet.ts'], languageOptions: { globals: globals.audioWorklet } },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.ts', 'test/**/*.ts', 'tools/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
