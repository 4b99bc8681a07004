/**
 * What the interpreter console's specs in Chromium on pauses.wav share (test/console.e2e-spec.ts
 * and console-start.e2e-spec.ts): the built service with its embedded engines, Debian's Chromium
 * whose microphone is a festival-voiced WAV (three English sentences with pauses, in a loop),
 * and the words a page must not show.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './browser.js';
import { type BuiltServer, ROOT, ensureBuilt, startBuiltServer } from './built-server.js';

/**
 * What the protocol and the configuration say, which a clinician or a patient is not to read:
 * message types and settings, branch letters, sentence and flag ids, revision numbers (issue 18).
 */
const TECHNICAL =
  /text_input|ASR_ENGINE|openai|language_(medic|patient)|GET \/|branch C|\b[sf]\d{1,3}\b|revision \d/;

/** The technical words a person may read or hear: text (shown, or for screen readers), labels, tooltips. */
export async function technicalWords(page: Page): Promise<string[]> {
  const text = (await page.locator('body').textContent()) ?? '';
  const attributes = await page
    .locator('[aria-label], [title], [placeholder]')
    .evaluateAll((elements) =>
      elements.flatMap((element) =>
        ['aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
      ),
    );
  return [text, ...attributes].join('\n').match(new RegExp(TECHNICAL.source, 'gi')) ?? [];
}

/** The English-only recognizer's warning, in the console's words, for a Spanish-speaking medic. */
export const MEDIC_NOT_RECOGNIZED =
  "Speech recognition understands English only: the medic's Spanish speech will not be recognized; they can type instead.";

/** The service, Chromium, and a 1024×768 window of it that accepts downloads. */
export interface ConsoleInChromium {
  readonly server: BuiltServer;
  readonly browser: Browser;
  readonly context: BrowserContext;
}

/** Builds the service if need be, starts it (LOG_LEVEL=warn) and Chromium on pauses.wav. */
export async function startConsoleInChromium(): Promise<ConsoleInChromium> {
  ensureBuilt();
  const started: { server?: BuiltServer; browser?: Browser } = {};
  try {
    const server = (started.server = await startBuiltServer({ LOG_LEVEL: 'warn' }));
    const browser = (started.browser = await launchChromium(
      join(ROOT, 'test/fixtures/audio/pauses.wav'),
    ));
    const context = await browser.newContext({
      viewport: { width: 1024, height: 768 },
      acceptDownloads: true,
    });
    return { server, browser, context };
  } catch (error) {
    await stopConsoleInChromium(started);
    throw error;
  }
}

/** Closes what startConsoleInChromium started, as far as it got. */
export async function stopConsoleInChromium(started: Partial<ConsoleInChromium>): Promise<void> {
  await started.context?.close();
  await started.browser?.close();
  await started.server?.stop();
}
