import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { ROOT } from './built-server.js';

/**
 * Debian's Chromium (installed by `node scripts/setup.mjs --test`), driven by playwright-core,
 * for the interpreter console's browser test.
 */
export const CHROMIUM = '/usr/bin/chromium';

export const SCREENSHOTS = join(ROOT, 'test', 'output', 'screenshots');

/**
 * Headless Chromium whose microphone is `wav` (16-bit PCM, played in a loop), granted without a
 * prompt, and whose pages may play sound without a gesture.
 */
export function launchChromium(wav: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

export interface PageWatch {
  /** Requests to another origin than `origin` (data: and blob: URLs of the page aside). */
  readonly foreignRequests: string[];
  /** console.error messages and uncaught exceptions. */
  readonly errors: string[];
}

/** Records what a page must not do: talk to another origin, or log errors. */
export function watchPage(page: Page, origin: string): PageWatch {
  const watch: PageWatch = { foreignRequests: [], errors: [] };
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:')) return;
    const own = url.startsWith('blob:') ? url.slice('blob:'.length) : url;
    const { protocol, host } = new URL(own);
    const sameOrigin =
      host === new URL(origin).host && ['http:', 'https:', 'ws:', 'wss:'].includes(protocol);
    if (!sameOrigin) watch.foreignRequests.push(url);
  });
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).host !== new URL(origin).host)
      watch.foreignRequests.push(socket.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') watch.errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => watch.errors.push(`page: ${error.message}`));
  return watch;
}

/** Saves a screenshot of the page as test/output/screenshots/<name>.png; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path });
  return path;
}
