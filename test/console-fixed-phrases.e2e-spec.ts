import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { Phrasebook } from '../src/translation/phrasebook/phrasebook.js';
import type { PhraseMatch } from '../src/translation/phrasebook/phrase-matcher.js';
import type { TargetLanguage } from '../src/translation/phrasebook/targets/target-language.js';
import { type PageWatch, launchChromium, screenshot, watchPage } from './support/browser.js';
import { type BuiltServer, ROOT, ensureBuilt, startBuiltServer } from './support/built-server.js';

/**
 * The console with a patient in a language no engine translates (issue 32), in Chromium against
 * the built service on its embedded engines: the clinician's question reaches the patient as the
 * phrase written in advance, with answers to tap (large buttons in the patient's language, a
 * pain scale with faces, right to left in Arabic); a tap reaches the clinician at once, in the
 * clinician's language; a sentence no phrase says is not sent, and the clinician chooses among
 * the closest phrases; a Spanish-speaking clinician reads the clinician's side in Spanish.
 * Expected texts come from the phrasebook's data, so the test follows it. Sentences are typed
 * (the microphone hears silence).
 */

const phrasebook = Phrasebook.cached();

/** The phrase `text` matches (English), written in `language` (no gender given). */
function written(text: string, language: TargetLanguage): string {
  const matches = phrasebook.matchUtterance(text, 'en');
  if (!matches) throw new Error(`no phrase matches "${text}"`);
  return matches
    .map((m: PhraseMatch) => phrasebook.renderTarget(m, language, undefined)!)
    .join(' ');
}

const answer = (id: string, language: TargetLanguage | 'en' | 'es') =>
  phrasebook.answers!.text(id, language)!;

const QUESTION = 'Does your left arm hurt?';
const PAIN_SCALE = 'On a scale from 0 to 10, how bad is the pain?';
const UNMATCHED = 'Do you have bad pain in your left arm today?';
/** Vietnamese a patient types, none of the answers: "My stomach has hurt since yesterday." */
const PATIENT_TYPES = 'Tôi bị đau bụng từ hôm qua.';

/** The goal is 100 ms; the test fails only beyond 1 s (a loaded machine, a slow CI). */
const TAP_TO_CLINICIAN_LIMIT_MS = 1000;

describe('the console with a patient reached by fixed phrases only', () => {
  let server: BuiltServer;
  let browser: Browser;
  let context: BrowserContext;
  const measured: number[] = [];

  beforeAll(async () => {
    ensureBuilt();
    // The service loads every patient language's phrases as it starts: give it time.
    server = await startBuiltServer({ LOG_LEVEL: 'warn' }, { readyTimeoutMs: 90_000 });
    browser = await launchChromium(join(ROOT, 'test/fixtures/audio/silence.wav'));
    context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  }, 180_000);

  afterAll(async () => {
    if (measured.length > 0) console.log(`tap → clinician: ${measured.join(', ')} ms`);
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  async function startConversation(
    medic: string,
    patient: string,
  ): Promise<{ page: Page; watch: PageWatch }> {
    const page = await context.newPage();
    page.setDefaultTimeout(45_000);
    const watch = watchPage(page, server.url);
    await page.goto(`${server.url}/`);
    await page
      .locator(`#patient-language option[value="${patient}"]`)
      .waitFor({ state: 'attached' });
    await page.selectOption('#medic-language', medic);
    await page.selectOption('#patient-language', patient);
    await page.click('#start-button');
    await page.locator('body[data-screen="conversation"]').waitFor();
    await page.locator('#type-text:not([disabled])').waitFor();
    return { page, watch };
  }

  /** Types the clinician's sentence; resolves with its card once the service answered it. */
  async function medicTypes(page: Page, text: string): Promise<Locator> {
    const before = await page.locator('#conversation li.sentence').count();
    await page.selectOption('#type-role', 'medic');
    await page.fill('#type-text', text);
    await page.press('#type-text', 'Enter');
    const card = page.locator('#conversation li.sentence').nth(before);
    await card.locator('.sentence__original', { hasText: text }).waitFor();
    return card;
  }

  /**
   * Taps `button` as the patient and resolves with the time from the click to the clinician's
   * reading `expected` on the new card (a MutationObserver in the page, then the next frame).
   */
  async function tapAndMeasure(page: Page, button: Locator, expected: string): Promise<number> {
    // Strings: the test is compiled without the DOM's types.
    await page.evaluate(`(() => {
      const text = ${JSON.stringify(expected)};
      const list = document.getElementById('conversation');
      window.tapAt = undefined;
      document.addEventListener('click', (event) => (window.tapAt ??= event.timeStamp), {
        capture: true,
        once: true,
      });
      window.seenAt = new Promise((resolve) => {
        const seen = () =>
          [...list.querySelectorAll(
            'li.sentence[data-role="patient"] .branch--a:not([hidden]) .branch__text',
          )].some((element) => element.textContent === text && element.offsetParent !== null);
        const observer = new MutationObserver(() => {
          if (!seen()) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now()));
        });
        observer.observe(list, { childList: true, subtree: true, characterData: true, attributes: true });
      });
    })()`);
    await button.click();
    const ms = await page.evaluate<number>(`window.seenAt.then((seenAt) => seenAt - window.tapAt)`);
    return Math.round(ms);
  }

  it('a Vietnamese patient reads the question, taps "yes", and the clinician reads "Yes." at once; a sentence no phrase says is not sent, and the chosen suggestion is', async () => {
    const { page, watch } = await startConversation('en-US', 'vi-VN');
    try {
      // The start screen said what the languages can do, and what fixed phrases only means.
      expect(await page.locator('#medic-language option').count()).toBe(5);
      expect(await page.locator('#patient-language option[value="vi-VN"]').textContent()).toBe(
        'Vietnamese — Tiếng Việt (vi-VN): fixed phrases only, spoken',
      );
      expect(await page.locator('#patient-language option[value="fil-PH"]').textContent()).toMatch(
        /^Filipino.*\(fil-PH\): fixed phrases only, text only$/,
      );
      expect(await page.locator('#patient-language option[value="es-ES"]').textContent()).toBe(
        'Spanish — español (es-ES): machine translation',
      );
      expect(await page.textContent('#start-warning')).toContain(
        'Vietnamese has no machine translation here. Only what matches a phrase written in advance reaches the patient; a sentence that matches none is not sent, and you choose among the closest phrases. The patient answers by touch',
      );

      // What the patient can always answer, in Vietnamese.
      const always = page.locator('#patient-answers button.answer');
      expect(await always.evaluateAll((buttons) => buttons.map((b) => b.dataset.answerId))).toEqual(
        ['not-understood', 'repeat', 'interpreter'],
      );
      expect(await always.first().textContent()).toBe(answer('not-understood', 'vi'));
      expect(await always.first().getAttribute('lang')).toBe('vi-VN');

      const question = await medicTypes(page, QUESTION);
      const lead = question.locator('.branch--a .branch__text');
      await expect(lead.textContent()).resolves.toBeDefined();
      await question.locator('.branch--a:not([hidden])').waitFor();
      expect(await lead.textContent()).toBe(written(QUESTION, 'vi'));
      expect(await lead.getAttribute('lang')).toMatch(/^vi(-VN)?$/);
      expect(await question.locator('.branch--a').getAttribute('data-origin')).toBe('phrasebook');

      // Large buttons, in Vietnamese, under the question.
      const buttons = question.locator('.answers button.answer');
      expect(await buttons.allTextContents()).toEqual([answer('yes', 'vi'), answer('no', 'vi')]);
      for (const box of await buttons.evaluateAll((all) =>
        all.map((b) => b.getBoundingClientRect()).map((r) => ({ w: r.width, h: r.height })),
      )) {
        expect(box.w).toBeGreaterThanOrEqual(48);
        expect(box.h).toBeGreaterThanOrEqual(48);
      }
      expect(await buttons.first().getAttribute('lang')).toBe('vi-VN');
      await screenshot(page, 'fixed-phrases-vietnamese-question');

      const yes = question.locator('button[data-answer-id="yes"]');
      const ms = await tapAndMeasure(page, yes, answer('yes', 'en'));
      measured.push(ms);
      console.log(`tap → clinician: ${ms} ms`);
      expect(ms).toBeLessThan(TAP_TO_CLINICIAN_LIMIT_MS);
      // The tapped button marked, the other disabled; the answer is the patient's sentence.
      expect(await yes.getAttribute('aria-pressed')).toBe('true');
      expect(await question.locator('button[data-answer-id="no"]').isDisabled()).toBe(true);
      const reply = page.locator('#conversation li.sentence[data-role="patient"]').last();
      expect(await reply.locator('.branch--a .branch__text').textContent()).toBe('Yes.');
      expect(await reply.locator('.branch--a .branch__text').getAttribute('lang')).toBe('en-US');
      expect(await reply.locator('.sentence__original').textContent()).toBe(answer('yes', 'vi'));
      expect(await reply.getAttribute('data-answer')).toBe('touch');

      // A sentence no phrase says: not sent, the closest phrases offered to the clinician.
      const unmatched = await medicTypes(page, UNMATCHED);
      const suggestions = unmatched.locator('.suggestions');
      await suggestions.waitFor();
      expect(await suggestions.locator('.suggestions__why').textContent()).toBe(
        'Not sent to the patient: no fixed phrase in Vietnamese says this.',
      );
      expect(await suggestions.locator('.suggestions__ask').textContent()).toBe('Did you mean:');
      const offered = suggestions.locator('button.suggestion');
      expect(await offered.count()).toBeGreaterThan(0);
      const chosenText = (await offered.first().textContent())!;
      // Nothing for the patient: no translation, no answers, no speech.
      expect(await unmatched.locator('.branch--a').isHidden()).toBe(true);
      expect(await unmatched.locator('[lang^="vi"]:visible').count()).toBe(0);
      expect(await unmatched.locator('.answers button').count()).toBe(0);
      expect(await unmatched.getAttribute('data-speech')).toBeNull();
      await screenshot(page, 'fixed-phrases-suggestions');

      await offered.first().click();
      await unmatched.locator('.branch--a:not([hidden])').waitFor();
      expect(await unmatched.locator('.branch--a .branch__text').textContent()).toBe(
        written(chosenText, 'vi'),
      );
      expect(await unmatched.locator('.branch--a').getAttribute('data-chosen')).toBe('true');
      expect(await unmatched.locator('.understood-as').textContent()).toContain(
        'Chosen by you among the suggestions.',
      );
      expect(await suggestions.isHidden()).toBe(true);
      expect(await unmatched.getAttribute('data-revision')).toBe('2');

      // What the patient types that is none of the answers: the clinician reads why, and the text.
      const before = await page.locator('#conversation li.sentence').count();
      await page.selectOption('#type-role', 'patient');
      await page.fill('#type-text', PATIENT_TYPES);
      await page.press('#type-text', 'Enter');
      const typed = page.locator('#conversation li.sentence').nth(before);
      await typed.locator('.sentence__doubt:not([hidden])').waitFor();
      expect(await typed.locator('.sentence__doubt').textContent()).toMatch(
        /^The patient’s text could not be translated: Vietnamese is reached by fixed phrases only/,
      );
      expect(await typed.locator('.sentence__original').textContent()).toBe(PATIENT_TYPES);
      expect(await typed.locator('.branch--a').isHidden()).toBe(true);
      expect(watch.foreignRequests).toEqual([]);
      expect(watch.errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 180_000);

  it('an Arabic patient (right to left) taps 7 on a pain scale with faces; the clinician reads "7 out of 10."', async () => {
    const { page, watch } = await startConversation('en-US', 'ar-EG');
    try {
      const question = await medicTypes(page, PAIN_SCALE);
      await question.locator('.branch--a:not([hidden])').waitFor();
      expect(await question.locator('.branch--a .branch__text').textContent()).toBe(
        written(PAIN_SCALE, 'ar'),
      );
      const scale = question.locator('.answers__options');
      expect(await scale.getAttribute('data-kind')).toBe('pain_scale');
      expect(await scale.getAttribute('dir')).toBe('rtl');
      const buttons = scale.locator('button.answer');
      expect(await buttons.count()).toBe(11);
      expect(await scale.locator('button.answer svg.answer__face').count()).toBe(11);
      expect(await buttons.first().getAttribute('dir')).toBe('rtl');
      expect(await buttons.first().getAttribute('lang')).toBe('ar-EG');
      // Right to left: 0 on the right, 10 on the left.
      const zero = (await scale.locator('[data-answer-id="scale-0"]').boundingBox())!;
      const ten = (await scale.locator('[data-answer-id="scale-10"]').boundingBox())!;
      expect(zero.x).toBeGreaterThan(ten.x);
      expect(zero.height).toBeGreaterThanOrEqual(48);
      expect(zero.width).toBeGreaterThanOrEqual(48);
      // The ends' labels, in Arabic.
      expect(await question.locator('.answers__label--low').textContent()).toBe(
        phrasebook.answers!.label('scale-none', 'ar'),
      );
      expect(await question.locator('.answers__label--high').textContent()).toBe(
        phrasebook.answers!.label('scale-worst', 'ar'),
      );
      await screenshot(page, 'fixed-phrases-arabic-pain-scale');

      const seven = scale.locator('[data-answer-id="scale-7"]');
      const ms = await tapAndMeasure(page, seven, answer('scale-7', 'en'));
      measured.push(ms);
      console.log(`tap → clinician: ${ms} ms`);
      expect(answer('scale-7', 'en')).toBe('7 out of 10.');
      expect(ms).toBeLessThan(TAP_TO_CLINICIAN_LIMIT_MS);
      expect(await seven.getAttribute('aria-pressed')).toBe('true');
      expect(await scale.locator('button.answer:disabled').count()).toBe(10);
      expect(watch.errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 180_000);

  it('a Spanish-speaking clinician (a browser in Spanish) reads the clinician’s side in Spanish', async () => {
    const spanish = await browser.newContext({
      viewport: { width: 1024, height: 768 },
      locale: 'es-ES',
    });
    const page = await spanish.newPage();
    page.setDefaultTimeout(45_000);
    const watch = watchPage(page, server.url);
    try {
      await page.goto(`${server.url}/`);
      await page.locator('#patient-language option[value="vi-VN"]').waitFor({ state: 'attached' });
      // The medic's list offers only the languages a clinician may speak.
      const medics = await page
        .locator('#medic-language option')
        .evaluateAll((options) => options.map((o) => (o as unknown as { value: string }).value));
      expect(medics).toEqual(['en-US', 'es-ES', 'fr-FR', 'it-IT', 'pt-BR']);
      expect(await page.locator('#patient-language option[value="fil-PH"]').textContent()).toMatch(
        /^Filipino.*: solo frases preparadas, solo texto$/,
      );
      // The browser's language: the clinician's screen in Spanish, the medic speaking Spanish.
      expect(await page.inputValue('#clinician-language')).toBe('es');
      expect(await page.inputValue('#medic-language')).toBe('es-ES');
      await page.selectOption('#patient-language', 'vi-VN');
      // The start screen in Spanish, with what a fixed-phrase language means.
      expect(await page.textContent('label[for="medic-language"]')).toBe('Idioma del profesional');
      expect(await page.textContent('#start-button')).toBe('Iniciar la conversación');
      expect(await page.locator('#patient-language option[value="vi-VN"]').textContent()).toMatch(
        /^Vietnamita.*: solo frases preparadas, con voz$/,
      );
      expect(await page.textContent('#start-warning')).toContain(
        'vietnamita no tiene traducción automática',
      );
      await screenshot(page, 'fixed-phrases-spanish-start');

      await page.click('#start-button');
      await page.locator('body[data-screen="conversation"]').waitFor();
      await page.locator('#type-text:not([disabled])').waitFor();
      expect(await page.textContent('#type-role option[value="patient"]')).toBe(
        'Quién: el paciente',
      );
      expect(await page.textContent('#end-button')).toContain('Finalizar la conversación');
      expect(await page.textContent('label[for="patient-hears"]')).toBe('El paciente escucha');
      // The service's warning of a fixed-phrase language, in the clinician's words.
      expect(await page.textContent('#warnings')).toContain(
        'El vietnamita no tiene traducción automática aquí: lo que usted dice llega al paciente solo como una frase preparada de antemano',
      );

      // A sentence no phrase says: the clinician reads why, and the suggestions, in Spanish.
      const card = await medicTypes(page, '¿Le duele mucho el brazo izquierdo hoy por la tarde?');
      const why = card.locator('.suggestions .suggestions__why');
      await why.waitFor();
      expect(await why.textContent()).toBe(
        'No se envió al paciente: ninguna frase preparada en vietnamita dice esto.',
      );
      expect(await why.getAttribute('lang')).toBe('es');
      expect(await card.locator('.badge').textContent()).toBe('Profesional');
      await screenshot(page, 'fixed-phrases-spanish-conversation');
      expect(watch.errors).toEqual([]);
    } finally {
      await spanish.close();
    }
  }, 180_000);
});
