import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext } from 'playwright-core';
import { type BuiltServer, startBuiltServer } from './support/built-server.js';
import {
  startConsoleInChromium,
  stopConsoleInChromium,
  technicalWords,
} from './support/console-in-chromium.js';

/**
 * The interpreter console's start screen in Chromium, against the built service: what it asks
 * before a conversation (an API key, when the service requires one), and the conversations it
 * does not start, saying why in a plain sentence.
 */

describe('interpreter console in Chromium', () => {
  let server: BuiltServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    ({ server, browser, context } = await startConsoleInChromium());
  }, 180_000);

  afterAll(() => stopConsoleInChromium({ server, browser, context }));

  it('asks for the API key when the service requires one, and says when it is refused', async () => {
    const secured = await startBuiltServer({ LOG_LEVEL: 'warn', API_KEYS: 'the-right-key' });
    const keyPage = await context.newPage();
    try {
      await keyPage.goto(`${secured.url}/`);
      await keyPage.locator('#api-key-field').waitFor();
      await keyPage.locator('#medic-language option[value="fr-FR"]').waitFor({ state: 'attached' });
      await keyPage.selectOption('#medic-language', 'fr-FR');
      await keyPage.selectOption('#patient-language', 'en-US');

      await keyPage.click('#start-button');
      await keyPage.locator('#start-error', { hasText: 'requires an API key' }).waitFor();

      await keyPage.fill('#api-key', 'a-wrong-key');
      await keyPage.click('#start-button');
      await keyPage.locator('#start-error', { hasText: 'Check the API key' }).waitFor();
      expect(await keyPage.getAttribute('body', 'data-screen')).toBe('start');

      await keyPage.fill('#api-key', 'the-right-key');
      await keyPage.click('#start-button');
      await keyPage.locator('body[data-screen="conversation"]').waitFor();
      expect(await keyPage.textContent('#session-languages')).toBe(
        'Medic: French · Patient: English',
      );
    } finally {
      await keyPage.close();
      await secured.stop();
    }
  }, 60_000);

  it('does not start with one language for both, and says why', async () => {
    const samePage = await context.newPage();
    try {
      let sockets = 0;
      samePage.on('websocket', () => sockets++);
      await samePage.goto(`${server.url}/`);
      await samePage
        .locator('#medic-language option[value="es-ES"]')
        .waitFor({ state: 'attached' });
      await samePage.selectOption('#medic-language', 'es-ES');
      await samePage.selectOption('#patient-language', 'es-ES');
      await samePage.click('#start-button');
      await samePage.locator('#start-error', { hasText: 'both have Spanish' }).waitFor();
      expect(await samePage.getAttribute('body', 'data-screen')).toBe('start');
      expect(sockets).toBe(0);
      // Choosing another language clears it.
      await samePage.selectOption('#patient-language', 'en-US');
      expect(await samePage.locator('#start-error').isHidden()).toBe(true);
    } finally {
      await samePage.close();
    }
  }, 60_000);

  it('says in a plain sentence when the service cannot use a language', async () => {
    const zuluPage = await context.newPage();
    try {
      // A language GET /languages did not list (a page left open across a change of engines).
      await zuluPage.route(`${server.url}/languages`, (route) =>
        route.fulfill({ json: ['en-US', 'es-ES', 'zu-ZA'] }),
      );
      await zuluPage.goto(`${server.url}/`);
      await zuluPage.locator('#patient-language option[value="zu-ZA"]').waitFor({
        state: 'attached',
      });
      await zuluPage.selectOption('#medic-language', 'en-US');
      await zuluPage.selectOption('#patient-language', 'zu-ZA');
      await zuluPage.click('#start-button');
      await zuluPage
        .locator('#start-error', {
          hasText:
            "This service cannot interpret the patient's language (Zulu) in a conversation. Choose another language.",
        })
        .waitFor();
      expect(await zuluPage.getAttribute('body', 'data-screen')).toBe('start');
      expect(await technicalWords(zuluPage)).toEqual([]);
    } finally {
      await zuluPage.close();
    }
  }, 60_000);
});
