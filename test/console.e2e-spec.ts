import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type PageWatch, screenshot, watchPage } from './support/browser.js';
import type { BuiltServer } from './support/built-server.js';
import {
  MEDIC_NOT_RECOGNIZED,
  startConsoleInChromium,
  stopConsoleInChromium,
  technicalWords,
} from './support/console-in-chromium.js';

/**
 * The interpreter console (console/, served at /) in a real browser: Debian's Chromium whose
 * microphone is a festival-voiced WAV (three English sentences with pauses, in a loop), against
 * the built service with its embedded engines. One whole conversation, as a medic (Spanish) and
 * a patient (English) would have it at the bedside; the label of a reformulation that says what
 * the literal translation says; and the console on a phone. What the start screen asks and
 * refuses: console-start.e2e-spec.ts.
 */

/** Words of the three sentences of pauses.wav that pocketsphinx recognizes reliably. */
const SPOKEN_WORDS = /fever|headache|patient|allerg|medication|breathe|breath|slowly/i;
const TYPED = '¿Tiene usted alergias a algún medicamento?';

const speechPlayed = (page: Page) => page.getAttribute('#conversation', 'data-speech-played');

/** Polls `check` (a look at the page) until it holds. */
async function until(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms: ${check}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('interpreter console in Chromium', () => {
  let server: BuiltServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;
  let downloads: string;

  beforeAll(async () => {
    ({ server, browser, context } = await startConsoleInChromium());
    page = await context.newPage();
    page.setDefaultTimeout(45_000);
    watch = watchPage(page, server.url);
    downloads = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  }, 180_000);

  afterAll(async () => {
    await stopConsoleInChromium({ server, browser, context });
    if (downloads) rmSync(downloads, { recursive: true, force: true });
  });

  it('runs a spoken and typed conversation, flags, corrects, and downloads the archive', async () => {
    // ---- start screen ----
    await page.goto(`${server.url}/`);
    await page.locator('#medic-language option[value="es-ES"]').waitFor({ state: 'attached' });
    expect(await page.locator('#api-key-field').isHidden()).toBe(true); // no API_KEYS
    await page.selectOption('#medic-language', 'es-ES');
    await page.selectOption('#patient-language', 'en-US');
    await page.selectOption('#patient-gender', 'female');
    await page.selectOption('#patient-age', 'senior');
    await page.selectOption('#medic-voice', 'male');
    // Before the conversation, in a clinician's words: whose speech will not be recognized.
    await page.locator('#start-warning', { hasText: MEDIC_NOT_RECOGNIZED }).waitFor();
    expect(await technicalWords(page)).toEqual([]);
    await screenshot(page, 'start');
    const handshake = new Promise<Record<string, unknown>>((resolve) =>
      page.on('websocket', (socket) =>
        socket.once('framesent', ({ payload }) => resolve(JSON.parse(String(payload)))),
      ),
    );
    await page.click('#start-button');
    expect(await handshake).toMatchObject({
      type: 'handshake',
      language_medic: 'es-ES',
      language_patient: 'en-US',
      patient_gender: 'female',
      patient_age_category: 'senior',
      medic_gender: 'male',
    });

    // ---- conversation: the microphone's first sentence ----
    await page.locator('body[data-screen="conversation"]').waitFor();
    // The handshake's warning, in the same words (its wire text names text_input and ASR_ENGINE).
    expect(await page.textContent('#warnings')).toBe(MEDIC_NOT_RECOGNIZED);
    expect(await page.getAttribute('#mic-button', 'aria-pressed')).toBe('true');
    const spoken = page
      .locator('#conversation li[data-source="audio"][data-role="patient"]')
      .first();
    await spoken.locator('.branch--a .branch__text').waitFor();
    const id = (await spoken.getAttribute('data-sentence-id'))!;
    const card = page.locator(`#conversation li[data-sentence-id="${id}"]`);
    // Space (outside text fields) turns the microphone off: the WAV loops, the test is done with it.
    // Now, as the tablet does not speak over people: with the loop's next sentences it would wait,
    // or be interrupted (test/console-barge-in.e2e-spec.ts).
    await page.locator('#conversation-title').focus();
    await page.keyboard.press('Space');
    expect(await page.getAttribute('#mic-button', 'aria-pressed')).toBe('false');
    expect(await card.locator('.sentence__original').textContent()).toMatch(SPOKEN_WORDS);
    expect(await card.locator('.badge').textContent()).toBe('Patient');
    expect(await card.locator('.branch--a .branch__text').getAttribute('lang')).toBe('es-ES');
    expect(await card.locator('.branch--a .branch__text').textContent()).not.toBe('');
    // A warning, or that nothing was found: never a reassurance (issue 30, item 1).
    expect(await card.locator('.fidelity').textContent()).toMatch(
      /^(⚠ Check this translation|No problem found by the round trip)/,
    );
    // The translation's speech arrived and was played to its end, or until the next sentence of
    // the recording interrupted it (barge-in, test/console-barge-in.e2e-spec.ts): ▶ plays it again.
    await card
      .locator(
        '.sentence__speech[data-speech-state="played"], .sentence__speech[data-speech-state="interrupted"]',
      )
      .waitFor({ state: 'attached' });
    if ((await card.locator('.sentence__speech').getAttribute('data-speech-state')) !== 'played') {
      await card.locator('[data-action="replay-a"]').click();
      await card
        .locator('.sentence__speech[data-speech-state="played"]')
        .waitFor({ state: 'attached' });
    }
    expect(
      Number(await page.getAttribute('#conversation', 'data-speech-received')),
    ).toBeGreaterThan(0);
    expect(Number(await page.getAttribute('#conversation', 'data-speech-played'))).toBeGreaterThan(
      0,
    );
    await screenshot(page, 'conversation-first-sentence');

    // ---- flag the sentence: its actions are one tap away, under the translation ----
    await card.locator('.sentence__more > summary').click();
    await card.locator('[data-action="flag"]').click();
    await page.locator('#flag-dialog[open]').waitFor();
    // The quoted sentence is marked with its language, for screen readers.
    expect(await page.textContent('#flag-subject')).toContain(
      await card.locator('.sentence__original').textContent(),
    );
    expect(await page.getAttribute('#flag-subject', 'lang')).toBe('en-US');
    await page.selectOption('#flag-type', 'mistranslation');
    await page.fill('#flag-note', 'check the word for headache');
    await page.click('#flag-dialog button[value="send"]');
    const flag = card.locator('.sentence__flags li[data-flag-id]');
    await flag.waitFor();
    expect(await flag.textContent()).toMatch(
      /Flagged: Mistranslation — check the word for headache/,
    );

    // ---- correct its speaker: the patient's sentence was the medic's ----
    await card.locator('[data-action="correct-medic"]').click();
    await card
      .locator('.sentence__revision', {
        hasText: 'Speaker corrected from patient to medic: translated again',
      })
      .waitFor();
    expect(await card.getAttribute('data-revision')).toBe('2');
    expect(await card.locator('.badge').textContent()).toBe('Medic');
    expect(await card.locator('.branch--a .branch__text').getAttribute('lang')).toBe('en-US');

    // ---- the speed, for the sentences to come ----
    await page.selectOption('#speed', '1.25');
    await page
      .locator('#speed-note', { hasText: 'Speed 1.25×, from the next sentence.' })
      .waitFor();

    // ---- type a sentence: / goes to the text box, from a button too ----
    await page.locator('#conversation-flag').focus();
    await page.keyboard.press('/');
    await page.locator('#type-text:focus').waitFor();
    await page.keyboard.type(TYPED);
    await page.keyboard.press('Enter');
    const typed = page.locator('#conversation li[data-source="text"]').first();
    await typed.locator('.branch--a .branch__text').waitFor();
    expect(await typed.locator('.sentence__original').textContent()).toBe(TYPED);
    expect(await typed.locator('.badge').textContent()).toBe('Medic');
    expect(await typed.locator('.branch--a .branch__text').getAttribute('lang')).toBe('en-US');
    expect(await typed.locator('.branch--a .branch__text').textContent()).toMatch(/allerg/i);

    // ---- branch C on it: as if the patient had said it ----
    await typed.locator('.sentence__more > summary').click();
    await typed.locator('[data-action="branch-c"]').click();
    await typed.locator('.branch--c[data-state="result"]').waitFor();
    expect(await typed.locator('.branch--c .branch__label').textContent()).toMatch(
      /^As if the patient had said it/,
    );
    expect(await typed.locator('.branch--c .branch__text').textContent()).not.toBe('');

    // ---- a flag on the whole conversation ----
    await page.click('#conversation-flag');
    await page.locator('#flag-dialog[open]').waitFor();
    await page.selectOption('#flag-type', 'other');
    await page.fill('#flag-note', 'patient is hard of hearing');
    await page.click('#flag-dialog button[value="send"]');
    await page.locator('#conversation-flags li[data-flag-id]').waitFor();
    expect(await page.textContent('#conversation-flags')).toMatch(
      /Other — patient is hard of hearing/,
    );
    expect(await technicalWords(page)).toEqual([]);
    await typed
      .locator('.sentence__speech[data-speech-state="played"]')
      .waitFor({ state: 'attached' });
    // The newest sentences, and the controls from their top.
    await page.locator('.controls').evaluate((element) => element.scrollTo(0, 0));
    await page.mouse.move(0, 0);
    await screenshot(page, 'conversation');

    // ---- replay its translation ----
    const played = Number(await speechPlayed(page));
    await typed.locator('[data-action="replay-a"]').click();
    await until(async () => Number(await speechPlayed(page)) > played);
    // The corrected and flagged sentence, as someone scrolling back would see it.
    await page.locator('#conversation').evaluate((element) => element.scrollTo(0, 0));
    await page.mouse.move(0, 0);
    await screenshot(page, 'conversation-corrected');

    // ---- the end, and the archive ----
    await page.click('#end-button');
    await page.locator('#end-dialog[open]').waitFor();
    await page.click('#end-dialog button[value="end"]');
    await page.locator('body[data-screen="end"]').waitFor({ timeout: 90_000 });
    const link = page.locator('#archive-link');
    await link.waitFor();
    expect(await page.locator('#end-error').isHidden()).toBe(true);
    await page.mouse.move(0, 0);
    expect(await technicalWords(page)).toEqual([]);
    await screenshot(page, 'end');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^conversation-\d{8}T\d{6}Z-[0-9a-f]{8}\.zip$/);
    const saved = join(downloads, download.suggestedFilename());
    await download.saveAs(saved);

    const zip = await JSZip.loadAsync(readFileSync(saved));
    const conversation = JSON.parse(await zip.file('conversation.json')!.async('string')) as {
      languages: { medic: { locale: string }; patient: { locale: string; gender: string } };
      sentences: {
        sentence_id: string;
        source: string;
        role: string;
        text: string;
        branch_c: unknown[];
        speech: { branch: string; speed: number }[];
      }[];
      flags: { flag_type: string; sentence_id: string | null; note: string }[];
      corrections: { sentence_id: string; role: string; previous_role: string }[];
    };
    expect(conversation.languages.medic.locale).toBe('es-ES');
    expect(conversation.languages.patient).toMatchObject({ locale: 'en-US', gender: 'female' });
    expect(conversation.flags).toEqual([
      expect.objectContaining({
        flag_type: 'mistranslation',
        sentence_id: id,
        note: 'check the word for headache',
      }),
      expect.objectContaining({
        flag_type: 'other',
        sentence_id: null,
        note: 'patient is hard of hearing',
      }),
    ]);
    expect(conversation.corrections).toEqual([
      expect.objectContaining({ sentence_id: id, role: 'medic', previous_role: 'patient' }),
    ]);
    const typedInArchive = conversation.sentences.find((s) => s.source === 'text');
    expect(typedInArchive).toMatchObject({ text: TYPED, role: 'medic' });
    expect(typedInArchive!.branch_c).toHaveLength(1);
    expect(typedInArchive!.speech).toContainEqual(
      expect.objectContaining({ branch: 'A', speed: 1.25 }),
    );

    // ---- the page stayed on its own origin and logged no error ----
    expect(watch.foreignRequests).toEqual([]);
    expect(watch.errors).toEqual([]);
  }, 180_000);

  it('does not call a reformulation identical to the literal translation "not the literal translation"', async () => {
    const samePage = await context.newPage();
    try {
      // The service's messages pass through, but each sentence's reformulation says exactly what
      // its literal translation says (as it may, for a sentence already plain).
      const said = new Map<string, string>();
      await samePage.routeWebSocket(`${server.url.replace(/^http/, 'ws')}/ws`, (ws) => {
        const service = ws.connectToServer();
        ws.onMessage((message) => service.send(message));
        service.onMessage((message) => {
          if (typeof message !== 'string') return ws.send(message);
          const parsed = JSON.parse(message) as {
            type: string;
            sentence_id?: string;
            text?: string;
          };
          if (parsed.type === 'translation_result' || parsed.type === 'reformulation_result') {
            const first = said.get(parsed.sentence_id!);
            if (first === undefined) said.set(parsed.sentence_id!, parsed.text!);
            else parsed.text = first;
            return ws.send(JSON.stringify(parsed));
          }
          ws.send(message);
        });
      });
      await samePage.goto(`${server.url}/`);
      await samePage
        .locator('#medic-language option[value="es-ES"]')
        .waitFor({ state: 'attached' });
      await samePage.selectOption('#medic-language', 'es-ES');
      await samePage.selectOption('#patient-language', 'en-US');
      await samePage.click('#start-button');
      await samePage.locator('body[data-screen="conversation"]').waitFor();
      await samePage.click('#mic-button');
      await samePage.fill('#type-text', TYPED);
      await samePage.click('#type-send');
      const typed = samePage.locator('#conversation li[data-source="text"]').first();
      await typed.locator('.sentence__more > summary').click();
      await typed.locator('.branch--b .branch__label').waitFor();
      const label = await typed.locator('.branch--b .branch__label').textContent();
      expect(label).toBe(
        'Reformulation for the patient, in plain English: the same words as the literal translation',
      );
      expect(label).not.toMatch(/not the literal translation/);
      // Not shown twice.
      expect(await typed.locator('.branch--b .branch__text').isHidden()).toBe(true);
    } finally {
      await samePage.close();
    }
  }, 90_000);

  it('fits a phone: no keyboard hints, the download button inside the screen', async () => {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      acceptDownloads: true,
    });
    const phonePage = await phone.newPage();
    phonePage.setDefaultTimeout(45_000);
    try {
      await phonePage.goto(`${server.url}/`);
      await phonePage.locator('#medic-language option[value="es-ES"]').waitFor({
        state: 'attached',
      });
      await phonePage.selectOption('#medic-language', 'es-ES');
      await phonePage.selectOption('#patient-language', 'en-US');
      await phonePage.locator('#start-warning', { hasText: MEDIC_NOT_RECOGNIZED }).waitFor();
      await screenshot(phonePage, 'phone-start');
      await phonePage.click('#start-button');
      await phonePage.locator('body[data-screen="conversation"]').waitFor();
      await phonePage.click('#mic-button');
      // No keyboard to press: no hints of keys (the text box's "/", the microphone's "Space").
      const kbd = phonePage.locator('kbd');
      expect(await kbd.count()).toBeGreaterThan(0);
      for (const hint of await kbd.all()) expect(await hint.isVisible()).toBe(false);
      expect(await phonePage.locator('.shortcuts').isVisible()).toBe(false);
      await screenshot(phonePage, 'phone-conversation');

      await phonePage.click('#end-button');
      await phonePage.locator('#end-dialog[open]').waitFor();
      await phonePage.click('#end-dialog button[value="end"]');
      await phonePage.locator('body[data-screen="end"]').waitFor({ timeout: 90_000 });
      const link = phonePage.locator('#archive-link');
      await link.waitFor();
      const box = (await link.boundingBox())!;
      // A margin on both sides, and nothing wider than the screen.
      expect(box.x).toBeGreaterThanOrEqual(12);
      expect(box.x + box.width).toBeLessThanOrEqual(390 - 12);
      expect(
        await phonePage.locator('html').evaluate((html) => html.scrollWidth),
      ).toBeLessThanOrEqual(390);
      await screenshot(phonePage, 'phone-end');
    } finally {
      await phone.close();
    }
  }, 150_000);
});
