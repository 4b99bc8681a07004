import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type PageWatch, launchChromium, screenshot, watchPage } from './support/browser.js';
import { type BuiltServer, ROOT, ensureBuilt, startBuiltServer } from './support/built-server.js';

/**
 * The interpreter console (console/, served at /) in a real browser: Debian's Chromium whose
 * microphone is a festival-voiced WAV (three English sentences with pauses, in a loop), against
 * the built service with its embedded engines. One whole conversation, as a medic (Spanish) and
 * a patient (English) would have it at the bedside.
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
    ensureBuilt();
    server = await startBuiltServer({ LOG_LEVEL: 'warn' });
    browser = await launchChromium(join(ROOT, 'test/fixtures/audio/pauses.wav'));
    context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
    });
    page = await context.newPage();
    page.setDefaultTimeout(45_000);
    watch = watchPage(page, server.url);
    downloads = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
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
    expect(await page.textContent('#warnings')).toMatch(/en-US only/);
    expect(await page.getAttribute('#mic-button', 'aria-pressed')).toBe('true');
    const spoken = page
      .locator('#conversation li[data-source="audio"][data-role="patient"]')
      .first();
    await spoken.locator('.branch--a .branch__text').waitFor();
    const id = (await spoken.getAttribute('data-sentence-id'))!;
    const card = page.locator(`#conversation li[data-sentence-id="${id}"]`);
    expect(await card.locator('.sentence__original').textContent()).toMatch(SPOKEN_WORDS);
    expect(await card.locator('.badge').textContent()).toBe('Patient');
    expect(await card.locator('.branch--a .branch__text').getAttribute('lang')).toBe('es-ES');
    expect(await card.locator('.branch--a .branch__text').textContent()).not.toBe('');
    expect(await card.locator('.fidelity').textContent()).toMatch(
      /Fidelity \d+ %: (close|check this)/,
    );
    // The translation's speech arrived and was played to its end.
    await card
      .locator('.sentence__speech[data-speech-state="played"]')
      .waitFor({ state: 'attached' });
    expect(
      Number(await page.getAttribute('#conversation', 'data-speech-received')),
    ).toBeGreaterThan(0);
    expect(Number(await page.getAttribute('#conversation', 'data-speech-played'))).toBeGreaterThan(
      0,
    );
    await screenshot(page, 'conversation-first-sentence');

    // Space (outside text fields) turns the microphone off: the WAV loops, the test is done with it.
    await page.locator('#conversation-title').focus();
    await page.keyboard.press('Space');
    expect(await page.getAttribute('#mic-button', 'aria-pressed')).toBe('false');

    // ---- flag the sentence ----
    await card.locator('[data-action="flag"]').click();
    await page.locator('#flag-dialog[open]').waitFor();
    await page.selectOption('#flag-type', 'mistranslation');
    await page.fill('#flag-note', 'check the word for headache');
    await page.click('#flag-dialog button[value="send"]');
    const flag = card.locator('.sentence__flags li[data-flag-id]');
    await flag.waitFor();
    expect(await flag.textContent()).toMatch(
      /Flagged \(f\d+\): Mistranslation — check the word for headache/,
    );

    // ---- correct its speaker: the patient's sentence was the medic's ----
    await card.locator('[data-action="correct-medic"]').click();
    await card
      .locator('.sentence__revision', { hasText: 'Revision 2: speaker corrected from patient' })
      .waitFor();
    expect(await card.getAttribute('data-revision')).toBe('2');
    expect(await card.locator('.badge').textContent()).toBe('Medic');
    expect(await card.locator('.branch--a .branch__text').getAttribute('lang')).toBe('en-US');

    // ---- the speed, for the sentences to come ----
    await page.selectOption('#speed', '1.25');
    await page
      .locator('#speed-note', { hasText: 'Speed 1.25×, from the next sentence.' })
      .waitFor();

    // ---- type a sentence ----
    await page.locator('#conversation-title').focus();
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
    await typed.locator('[data-action="branch-c"]').click();
    await typed.locator('.branch--c[data-state="result"]').waitFor();
    expect(await typed.locator('.branch--c .branch__label').textContent()).toMatch(
      /as if the patient had said it/,
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
});
