import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, screenshot, watchPage } from './support/browser.js';
import { type BuiltServer, ROOT, ensureBuilt, startBuiltServer } from './support/built-server.js';

/**
 * Live captions in the interpreter console (issue 19): the service's `asr_partial` messages are
 * shown where the sentence's card will be, replaced by the card at its `asr_result`, and removed
 * when the sentence ends empty. The captions are written into the session's messages on the way
 * (Playwright's WebSocket routing), before the service's asr_result of a typed sentence, which is
 * held back meanwhile: the page's behaviour, whatever the recognizer. The service's own
 * asr_partial is tested in test/session-live.e2e-spec.ts.
 */

const TYPED = 'Do you have any allergies to medication?';
const PARTIALS = ['Do you have', 'Do you have any allergies'];
/** How long the asr_result is held back after the captions, for the test to see them. */
const HELD_MS = 1_500;

describe('live captions in the console', () => {
  let server: BuiltServer;
  let browser: Browser;

  beforeAll(async () => {
    ensureBuilt();
    server = await startBuiltServer({ LOG_LEVEL: 'warn' });
    browser = await launchChromium(join(ROOT, 'test/fixtures/audio/silence.wav'));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the words so far, then the sentence; a sentence that ends empty leaves nothing', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page: Page = await context.newPage();
    page.setDefaultTimeout(45_000);
    const watch = watchPage(page, server.url);
    await page.routeWebSocket(`${server.url.replace(/^http/, 'ws')}/ws`, (ws) => {
      const service = ws.connectToServer();
      ws.onMessage((message) => service.send(message));
      // In order: what follows the held asr_result waits for it.
      let queue = Promise.resolve();
      service.onMessage((message) => {
        queue = queue.then(() => relay(message));
      });
      const relay = async (message: string | Buffer) => {
        const parsed = typeof message === 'string' ? (JSON.parse(message) as unknown) : null;
        const result = parsed as { type?: string; sentence_id?: string } | null;
        if (result?.type !== 'asr_result') return ws.send(message);
        const id = result.sentence_id!;
        // A sentence that will end empty (another id), then the typed one's words so far.
        const ghost = `s${Number(id.slice(1)) + 100}`;
        ws.send(JSON.stringify({ type: 'asr_partial', sentence_id: ghost, text: 'uh huh' }));
        for (const text of PARTIALS) {
          ws.send(JSON.stringify({ type: 'asr_partial', sentence_id: id, text }));
        }
        await new Promise((resolve) => setTimeout(resolve, HELD_MS));
        ws.send(JSON.stringify({ type: 'sentence_empty', sentence_id: ghost }));
        ws.send(message);
      };
    });
    try {
      await page.goto(`${server.url}/`);
      await page.locator('#medic-language option[value="es-ES"]').waitFor({ state: 'attached' });
      await page.selectOption('#medic-language', 'en-US');
      await page.selectOption('#patient-language', 'es-ES');
      await page.click('#start-button');
      await page.locator('body[data-screen="conversation"]').waitFor();
      await page.fill('#type-text', TYPED);
      await page.press('#type-text', 'Enter');

      // The words so far, the last caption's, in the list, before any card.
      const caption = page.locator('#conversation li.caption', { hasText: PARTIALS[0] });
      await caption.locator('.caption__text', { hasText: PARTIALS[1] }).waitFor();
      const id = (await caption.getAttribute('data-caption-for'))!;
      expect(await page.locator('#conversation li.caption').count()).toBe(2);
      expect(await page.locator('#conversation li[data-sentence-id]').count()).toBe(0);
      await screenshot(page, 'caption');

      // The asr_result replaces the caption by the card; the empty sentence's caption goes.
      const card = page.locator(`#conversation li[data-sentence-id="${id}"]`);
      await card.locator('.sentence__original', { hasText: TYPED }).waitFor();
      await page.locator('#conversation li.caption').waitFor({ state: 'detached' });
      expect(await page.locator('#conversation li.caption').count()).toBe(0);
      expect(watch.errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
