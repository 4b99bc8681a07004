import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { type PageWatch, launchChromium, screenshot, watchPage } from './support/browser.js';
import { type BuiltServer, ROOT, ensureBuilt, startBuiltServer } from './support/built-server.js';

/**
 * The patient's side of the interpreter console in the patient's language (issue 18 item 1), in
 * Chromium against the built service: the status line, "Your turn", the type box, the patient's
 * ▶ and the end screen, each line marked with its `lang` and `dir`; and English, said so, for a
 * language the page has no words for. The microphone hears silence: sentences are typed.
 *
 * The embedded engines interpret Spanish, but neither Arabic nor Zulu: for those the page is made
 * to believe the service does (GET /languages lists the language, and the session's messages
 * are rewritten on the way: the handshake asks the service for Spanish, and its answer names the
 * patient's language again), which is all the page's words depend on.
 */

/** The medic's sentence, in English: typed, it is the medic's (detected from its language). */
const MEDIC_SAYS = 'Do you have any allergies to medication?';

interface Line {
  text: string;
  lang: string | null;
  dir: string | null;
}

/** The lines of an element said to the parties, each with its lang and dir. */
function lines(parent: Locator, selector = '.both-parties__line'): Promise<Line[]> {
  return parent.locator(selector).evaluateAll((elements) =>
    elements.map((element) => ({
      text: element.textContent ?? '',
      lang: element.getAttribute('lang'),
      dir: element.getAttribute('dir'),
    })),
  );
}

const statusLines = (page: Page) => lines(page.locator('#status'), '.status__line');

describe("the console in the patient's language", () => {
  let server: BuiltServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    ensureBuilt();
    server = await startBuiltServer({ LOG_LEVEL: 'warn' });
    browser = await launchChromium(join(ROOT, 'test/fixtures/audio/silence.wav'));
    context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  /**
   * A page with a conversation started, the medic speaking English. `standIn`: the language the
   * service really interprets for the patient, when it cannot interpret `patient`.
   */
  async function startConversation(
    patient: string,
    standIn?: string,
  ): Promise<{ page: Page; watch: PageWatch }> {
    const page = await context.newPage();
    page.setDefaultTimeout(45_000);
    const watch = watchPage(page, server.url);
    if (standIn) {
      const listed = (await (await fetch(`${server.url}/languages`)).json()) as string[];
      await page.route(`${server.url}/languages`, (route) =>
        route.fulfill({ json: [...listed, patient].sort() }),
      );
      await page.routeWebSocket(`${server.url.replace(/^http/, 'ws')}/ws`, (ws) => {
        const service = ws.connectToServer();
        ws.onMessage((message) => {
          const parsed = typeof message === 'string' ? (JSON.parse(message) as unknown) : null;
          const handshake = parsed as { type?: string; language_patient?: string } | null;
          if (handshake?.type === 'handshake') {
            handshake.language_patient = standIn;
            return service.send(JSON.stringify(handshake));
          }
          service.send(message);
        });
        service.onMessage((message) => {
          if (typeof message !== 'string') return ws.send(message);
          const parsed = JSON.parse(message) as { type: string; patient_lang?: string };
          if (parsed.type === 'HandshakeSuccess') {
            parsed.patient_lang = patient;
            return ws.send(JSON.stringify(parsed));
          }
          ws.send(message);
        });
      });
    }
    await page.goto(`${server.url}/`);
    await page
      .locator(`#patient-language option[value="${patient}"]`)
      .waitFor({ state: 'attached' });
    await page.selectOption('#medic-language', 'en-US');
    await page.selectOption('#patient-language', patient);
    await page.click('#start-button');
    await page.locator('body[data-screen="conversation"]').waitFor();
    return { page, watch };
  }

  /** Types the medic's sentence; resolves once its translation was played to the patient. */
  async function medicSays(page: Page): Promise<Locator> {
    await page.fill('#type-text', MEDIC_SAYS);
    await page.press('#type-text', 'Enter');
    const card = page.locator('#conversation li[data-source="text"][data-role="medic"]').first();
    await card
      .locator('.sentence__speech[data-speech-state="played"]')
      .waitFor({ state: 'attached', timeout: 60_000 });
    return card;
  }

  async function endConversation(page: Page): Promise<void> {
    await page.click('#end-button');
    await page.locator('#end-dialog[open]').waitFor();
    await page.click('#end-dialog button[value="end"]');
    await page.locator('body[data-screen="end"]').waitFor({ timeout: 90_000 });
  }

  it('speaks Spanish to a Spanish-speaking patient, marked lang="es" dir="ltr"', async () => {
    const { page, watch } = await startConversation('es-ES');
    try {
      // The status both read: the patient's line first. The recognizer cannot hear Spanish:
      // the patient is asked to type, never to speak (issue 30, item 2).
      await page.locator('#status[data-state="listening"]').waitFor();
      expect(await statusLines(page)).toEqual([
        { text: 'Por favor, escriba su respuesta', lang: 'es', dir: 'ltr' },
        { text: 'Speak now', lang: 'en', dir: 'ltr' },
      ]);
      // The clinician's details stay English, apart.
      expect(await page.locator('#status .status__detail').getAttribute('lang')).toBe('en');
      // The type box and its button in both languages; the "Who" menu is the clinician's.
      expect(await lines(page.locator('#type-label'))).toEqual([
        { text: 'Escriba aquí', lang: 'es', dir: 'ltr' },
        { text: 'Type here', lang: 'en', dir: 'ltr' },
      ]);
      expect(await lines(page.locator('#type-send'))).toEqual([
        { text: 'Enviar', lang: 'es', dir: 'ltr' },
        { text: 'Send', lang: 'en', dir: 'ltr' },
      ]);
      expect(await page.textContent('#type-role option[value="patient"]')).toBe('Who: the patient');
      // No note about English: the page has Spanish words.
      expect(await page.locator('#warnings [data-warning="no-phrasebook"]').count()).toBe(0);

      // The medic's sentence, played to the patient: the patient's turn, in Spanish.
      const card = await medicSays(page);
      const turn = page.locator('#status .status__turn[data-for="patient"]');
      await turn.first().waitFor();
      expect(await lines(page.locator('#status'), '.status__turn')).toEqual([
        { text: 'Es su turno', lang: 'es', dir: 'ltr' },
        { text: 'Por favor, escriba su respuesta', lang: 'es', dir: 'ltr' },
      ]);
      // The patient's ▶ of that sentence, in Spanish; its accessible name keeps the English.
      const replay = card.locator('[data-action="replay-a"]');
      expect(await lines(replay, '.replay__phrase')).toEqual([
        { text: 'Volver a escuchar', lang: 'es', dir: 'ltr' },
      ]);
      expect(await replay.textContent()).toMatch(
        /^▶ Volver a escuchar Translation \(sentence \d+\)$/,
      );
      await screenshot(page, 'language-spanish-conversation');

      // Microphone off: said to both, the patient's turn still first.
      await page.click('#mic-button');
      await page.locator('#status[data-state="muted"]').waitFor();
      expect(await statusLines(page)).toEqual([
        { text: 'Es su turno', lang: 'es', dir: 'ltr' },
        { text: 'Por favor, escriba su respuesta', lang: 'es', dir: 'ltr' },
        { text: 'El micrófono está apagado', lang: 'es', dir: 'ltr' },
        { text: 'The microphone is off', lang: 'en', dir: 'ltr' },
      ]);

      await endConversation(page);
      expect(await lines(page.locator('#end-title'))).toEqual([
        { text: 'La conversación ha terminado', lang: 'es', dir: 'ltr' },
        { text: 'The conversation has ended', lang: 'en', dir: 'ltr' },
      ]);
      expect(await lines(page.locator('#end-thanks'))).toEqual([
        { text: 'Gracias.', lang: 'es', dir: 'ltr' },
        { text: 'Thank you.', lang: 'en', dir: 'ltr' },
      ]);
      // The page itself stays English.
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      expect(watch.errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 180_000);

  it('speaks Arabic to an Arabic-speaking patient, right to left (lang="ar" dir="rtl")', async () => {
    const { page, watch } = await startConversation('ar-EG', 'es-ES');
    try {
      await page.locator('#status[data-state="listening"]').waitFor();
      // The recognizer cannot hear Arabic: the patient is asked to type (issue 30, item 2).
      expect(await statusLines(page)).toEqual([
        { text: 'يُرجى كتابة إجابتك', lang: 'ar', dir: 'rtl' },
        { text: 'Speak now', lang: 'en', dir: 'ltr' },
      ]);
      expect(await lines(page.locator('#type-label'))).toEqual([
        { text: 'يُرجى الكتابة هنا', lang: 'ar', dir: 'rtl' },
        { text: 'Type here', lang: 'en', dir: 'ltr' },
      ]);
      expect(await lines(page.locator('#type-send'))).toEqual([
        { text: 'إرسال', lang: 'ar', dir: 'rtl' },
        { text: 'Send', lang: 'en', dir: 'ltr' },
      ]);
      expect(await page.locator('#warnings [data-warning="no-phrasebook"]').count()).toBe(0);

      const card = await medicSays(page);
      await page.locator('#status .status__turn[data-for="patient"]').first().waitFor();
      expect(await lines(page.locator('#status'), '.status__turn')).toEqual([
        { text: 'حان دورك', lang: 'ar', dir: 'rtl' },
        { text: 'يُرجى كتابة إجابتك', lang: 'ar', dir: 'rtl' },
      ]);
      expect(await lines(card.locator('[data-action="replay-a"]'), '.replay__phrase')).toEqual([
        { text: 'إعادة الاستماع', lang: 'ar', dir: 'rtl' },
      ]);
      await screenshot(page, 'language-arabic-conversation');

      await endConversation(page);
      expect(await lines(page.locator('#end-title'))).toEqual([
        { text: 'انتهت المحادثة', lang: 'ar', dir: 'rtl' },
        { text: 'The conversation has ended', lang: 'en', dir: 'ltr' },
      ]);
      expect(await lines(page.locator('#end-thanks'))).toEqual([
        { text: 'شكرًا لك.', lang: 'ar', dir: 'rtl' },
        { text: 'Thank you.', lang: 'en', dir: 'ltr' },
      ]);
      await screenshot(page, 'language-arabic-end');
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      expect(watch.errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 180_000);

  it('shows English, marked lang="en", for a language it has no words for, and says so', async () => {
    const { page, watch } = await startConversation('zu-ZA', 'es-ES');
    try {
      await page.locator('#status[data-state="listening"]').waitFor();
      // The clinician is told, in the clinician's area.
      expect(await page.textContent('#warnings [data-warning="no-phrasebook"]')).toBe(
        "The page has no wording in Zulu; the patient's prompts are in English.",
      );
      expect(await page.locator('#warnings').isVisible()).toBe(true);
      // Both read English, marked so; the patient, whose Zulu the recognizer cannot hear, is
      // asked to type.
      expect(await statusLines(page)).toEqual([
        { text: 'Please type your answer', lang: 'en', dir: 'ltr' },
        { text: 'Speak now', lang: 'en', dir: 'ltr' },
      ]);
      expect(await lines(page.locator('#type-label'))).toEqual([
        { text: 'Type here', lang: 'en', dir: 'ltr' },
      ]);
      expect(await lines(page.locator('#type-send'))).toEqual([
        { text: 'Send', lang: 'en', dir: 'ltr' },
      ]);

      await endConversation(page);
      expect(await lines(page.locator('#end-title'))).toEqual([
        { text: 'The conversation has ended', lang: 'en', dir: 'ltr' },
      ]);
      expect(await lines(page.locator('#end-thanks'))).toEqual([
        { text: 'Thank you.', lang: 'en', dir: 'ltr' },
      ]);
      expect(watch.errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);
});
