#!/usr/bin/env node
/**
 * Regenerates the console README's screenshots (docs/images/console-*.png): runs the console's
 * browser tests, which write their screens to test/output/screenshots/ at a tablet's 1024×768
 * and a phone's 390×844, and copies the ones the README shows. Nothing is drawn by hand.
 *
 *   npm run console:screenshots
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const shots = join(root, 'test', 'output', 'screenshots');
const images = join(root, 'docs', 'images');

/** README image ← the test's screenshot. */
const PUBLISHED = {
  'console-start.png': 'start.png',
  'console-conversation.png': 'conversation.png',
  'console-end.png': 'end.png',
  'console-arabic.png': 'language-arabic-conversation.png',
  'console-connection-lost.png': 'connection-lost.png',
  'console-phone-connection-lost.png': 'connection-lost-phone.png',
  'console-quiet-sentences.png': 'bedside-other-language.png',
  'console-phone-start.png': 'phone-start.png',
  'console-phone-conversation.png': 'layout-phone.png',
  'console-phone-end.png': 'phone-end.png',
};

const tests = [
  'test/console.e2e-spec.ts',
  'test/console-layout.e2e-spec.ts',
  'test/console-language.e2e-spec.ts',
  'test/console-connection.e2e-spec.ts',
  'test/console-bedside.e2e-spec.ts',
];
const run = spawnSync('npm', ['run', '-s', 'jest', '--', ...tests], {
  cwd: root,
  stdio: 'inherit',
});
if (run.status !== 0) {
  console.error('console-screenshots: the browser tests failed; no image was replaced.');
  process.exit(run.status ?? 1);
}
for (const [image, shot] of Object.entries(PUBLISHED)) {
  const from = join(shots, shot);
  if (!existsSync(from)) {
    console.error(`console-screenshots: ${from} is missing (did a test stop writing it?)`);
    process.exit(1);
  }
  copyFileSync(from, join(images, image));
  console.log(`docs/images/${image} ← test/output/screenshots/${shot}`);
}
