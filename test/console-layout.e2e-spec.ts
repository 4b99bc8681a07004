import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { type PageWatch, launchChromium, screenshot, watchPage } from './support/browser.js';
import { type BuiltServer, ROOT, ensureBuilt, startBuiltServer } from './support/built-server.js';
import { startConsoleConversation } from './support/console-page.js';
import { inside, visibleBox } from './support/visible-box.js';
import { waitFor } from './support/wait-for.js';

/**
 * The conversation's layout at the bedside (issue 18, item 4): the newest translation is first in
 * its card, the largest text there and always in view, at tablet (1024×768) and phone (390×844)
 * sizes; the rest of a card is one tap away; on a phone, the title, status and warnings leave the
 * screen to the conversation. Sentences are typed (the microphone hears silence).
 */

const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };

/**
 * A collapsed card at most this tall: at 1024×768 the conversation has about 630 px under the
 * title and the warning, so the newest sentences fit there nearly three at a time (one did
 * before, at ~530 px a card).
 */
const TABLET_CARD_MAX = 220;
/**
 * On a phone the column is 2.5× narrower and the same words take more lines: the newest card
 * still fits whole, with room for part of the one before, in the ~460 px above the controls.
 */
const PHONE_CARD_MAX = 260;
/** The title, status and warnings of the conversation screen on a phone: 15 % of its height. */
const PHONE_HEADER_MAX = 0.15 * PHONE.height;

/** A medic (Spanish, typed) and a patient (English) at the bedside, in turn. */
const SENTENCES = [
  '¿Tiene usted alergias a algún medicamento?',
  'Yes, I am allergic to penicillin and to aspirin.',
  // Not a fixed phrase (issue 31), whose card says what was understood as well.
  '¿Desde cuándo tiene este dolor de cabeza tan fuerte?',
  'Since yesterday morning, and I have a fever too.',
  // Not a fixed phrase either ("… hoy?" is one, with the time: issue 31).
  '¿Ha tomado algún medicamento para el dolor en casa?',
  'Only some paracetamol last night.',
];

/** A patient's long answer: on a phone its card is taller than the list, its translation not. */
const LONG =
  'I have had a dull pain in my lower back for about three weeks, it gets worse at night and when I bend over, and the tablets from the pharmacy do not help much.';

const MEDIC_NOT_RECOGNIZED =
  "Speech recognition understands English only: the medic's Spanish speech will not be recognized; they can type instead.";

/** The font sizes (px) of the visible texts of a card, by element class. */
function visibleFontSizes(card: Locator): Promise<{ where: string; size: number }[]> {
  return card.evaluate((root) => {
    const view = root.ownerDocument.defaultView;
    const sizes: { where: string; size: number }[] = [];
    const walker = root.ownerDocument.createTreeWalker(root, view.NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const parent = text.parentElement!;
      if (!text.textContent?.trim() || !parent.checkVisibility()) continue;
      if (parent.closest('.visually-hidden')) continue;
      const where = `${parent.tagName.toLowerCase()}.${parent.className}`;
      sizes.push({ where, size: parseFloat(view.getComputedStyle(parent).fontSize) });
    }
    return sizes;
  });
}

describe('console layout: the newest translation first, largest and in view', () => {
  let server: BuiltServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;
  let typed = 0;

  const cards = () => page.locator('#conversation > li.sentence');
  const newest = () => cards().last();
  const translation = (card: Locator) => card.locator('.branch--a .branch__text');

  /** Lets the page draw (and finish scrolling) once more. */
  const nextFrame = () =>
    page
      .locator('body')
      .evaluate(
        (body) =>
          new Promise((resolve) => body.ownerDocument.defaultView.requestAnimationFrame(resolve)),
      );

  /** Types a sentence and waits for its card's translation. */
  async function type(text: string): Promise<Locator> {
    await page.fill('#type-text', text);
    await page.press('#type-text', 'Enter');
    typed++;
    const card = cards().nth(typed - 1);
    await translation(card).waitFor();
    expect(await card.getAttribute('data-sentence-id')).toBe(
      await newest().getAttribute('data-sentence-id'),
    );
    // The fidelity check comes with the translation. Until the speech is ready the card also says
    // "Preparing the speech…"; that line then goes and the list may scroll by its height, so a
    // card is measured once it waits for nothing more.
    await card.locator('.fidelity:not([hidden])').waitFor({ state: 'attached' });
    await card.and(page.locator('[data-pending="false"]')).waitFor({ state: 'attached' });
    return card;
  }

  /** What a person at the screen must see of the newest card, at the current size. */
  async function expectNewestReadable(maxCardHeight: number): Promise<void> {
    const card = newest();
    const lead = translation(card);
    // Auto-scroll may still be under way (smooth or not): settle for a frame or two.
    await nextFrame();
    const { box, seen } = await visibleBox(lead);
    expect({ box, inView: inside(box, seen) }).toEqual({ box, inView: true });
    expect(await lead.getAttribute('lang')).toMatch(/^(en-US|es-ES)$/);

    // The largest text of the card, and larger than what was said.
    const sizes = await visibleFontSizes(card);
    const leadSize = parseFloat(
      await lead.evaluate((node) => node.ownerDocument.defaultView.getComputedStyle(node).fontSize),
    );
    const others = sizes.filter((size) => !size.where.includes('branch__text'));
    expect(others.length).toBeGreaterThan(0);
    for (const other of others)
      expect({ ...other, lead: leadSize > other.size }).toEqual({
        ...other,
        lead: true,
      });
    // First in the card: nothing visible above the translation (both tops from one layout).
    const belowCardTop = await lead.evaluate(
      (node) => node.getBoundingClientRect().top - node.closest('li')!.getBoundingClientRect().top,
    );
    expect(belowCardTop).toBeLessThan(30);

    const height = (await card.boundingBox())!.height;
    expect(height).toBeLessThanOrEqual(maxCardHeight);

    // A flagged translation says so without a tap (safety information); an unflagged one stays quiet.
    const doubtful = (await card.locator('.fidelity--check').count()) > 0;
    expect(await card.locator('.fidelity-alert').isVisible()).toBe(doubtful);
  }

  beforeAll(async () => {
    ensureBuilt();
    server = await startBuiltServer({ LOG_LEVEL: 'warn' });
    browser = await launchChromium(join(ROOT, 'test/fixtures/audio/silence.wav'));
    context = await browser.newContext({ viewport: TABLET });
    page = await context.newPage();
    page.setDefaultTimeout(45_000);
    watch = watchPage(page, server.url);
    // The sound of the translations is not the point here.
    await startConsoleConversation(page, server.url, {
      medic: 'es-ES',
      patient: 'en-US',
      autoplay: false,
    });
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('at 1024×768: the newest translation stays in view, first and largest in a compact card', async () => {
    for (const sentence of SENTENCES.slice(0, 4)) {
      await type(sentence);
      await expectNewestReadable(TABLET_CARD_MAX);
    }
    // More than one card fits: the one before the newest is in view too.
    const previous = translation(cards().nth(typed - 2));
    const { box, seen } = await visibleBox(previous);
    expect(inside(box, seen)).toBe(true);
    await page.mouse.move(0, 0);
    await screenshot(page, 'layout-tablet');

    // The rest is one tap away: a click opens the details and shows the actions.
    const card = newest();
    expect(await card.locator('[data-action="flag"]').isVisible()).toBe(false);
    await card.locator('.sentence__more > summary').click();
    for (const action of ['flag', 'branch-c']) {
      expect(await card.locator(`[data-action="${action}"]`).isVisible()).toBe(true);
    }
    expect(await card.locator('.back-translation').isVisible()).toBe(true);
    // Opened, the details come into view, the translation staying in view above them.
    await nextFrame();
    const opened = await visibleBox(translation(card));
    expect(inside(opened.box, opened.seen)).toBe(true);
    const flag = await visibleBox(card.locator('[data-action="flag"]'));
    expect(inside(flag.box, flag.seen)).toBe(true);
    expect(await card.locator('.fidelity').isVisible()).toBe(true);
    await screenshot(page, 'layout-tablet-details');
    // And from the keyboard: Enter on the focused summary closes and opens it.
    const summary = card.locator('.sentence__more > summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    expect(await card.locator('[data-action="flag"]').isVisible()).toBe(false);
    await page.keyboard.press('Enter');
    expect(await card.locator('[data-action="flag"]').isVisible()).toBe(true);
    // Tab goes on to the first button inside.
    await page.keyboard.press('Tab');
    expect(await card.locator('.sentence__more button:focus').count()).toBe(1);
    await summary.click();
    expect(await card.locator('[data-action="flag"]').isVisible()).toBe(false);
    expect(watch.errors).toEqual([]);
  }, 180_000);

  it('does not pull someone reading older sentences down, and offers the new translation', async () => {
    await type(SENTENCES[4]);
    await expectNewestReadable(TABLET_CARD_MAX);
    // Someone turns the mouse wheel up to the first sentences: the newest translation is out of
    // sight. (A scroll made by a script is not someone scrolling: the page keeps following it.)
    const list = page.locator('#conversation');
    const listBox = (await list.boundingBox())!;
    await page.mouse.move(listBox.x + listBox.width / 2, listBox.y + listBox.height / 2);
    await page.mouse.wheel(0, -5_000);
    await waitFor(async () => expect(await list.evaluate((element) => element.scrollTop)).toBe(0));
    const before = await visibleBox(translation(newest()));
    expect(inside(before.box, before.seen)).toBe(false);
    await type(SENTENCES[5]);
    await nextFrame();
    expect(await list.evaluate((element) => element.scrollTop)).toBe(0);
    const offer = page.locator('#new-translation');
    await offer.waitFor();
    await offer.click();
    await offer.waitFor({ state: 'hidden' });
    await expectNewestReadable(TABLET_CARD_MAX);
  }, 120_000);

  it('at 390×844: a header of at most 15 % of the screen, and the newest translation in view', async () => {
    await page.setViewportSize(PHONE);
    // Following the conversation, whatever the test before left.
    await page
      .locator('#conversation')
      .evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await nextFrame();
    // Title, status and warnings: everything above the conversation.
    expect(await page.locator('html').evaluate((html) => html.scrollTop)).toBe(0);
    const header = await page
      .locator('.topbar, .warnings-box')
      .evaluateAll((elements) =>
        Math.max(
          ...elements
            .filter((element) => element.checkVisibility())
            .map((element) => element.getBoundingClientRect().bottom as number),
        ),
      );
    expect(header).toBeLessThanOrEqual(PHONE_HEADER_MAX);
    const listTop = (await page.locator('#conversation').boundingBox())!.y;
    expect(listTop).toBeLessThanOrEqual(PHONE_HEADER_MAX + 4);

    // The warning is one line, which opens to its full words with one tap.
    const warnings = page.locator('#warnings');
    expect(await warnings.isVisible()).toBe(false);
    await page.locator('.warnings-box > summary').click();
    expect(await warnings.isVisible()).toBe(true);
    expect(await warnings.textContent()).toBe(MEDIC_NOT_RECOGNIZED);
    await page.locator('.warnings-box > summary').click();

    await type('Does it hurt when you breathe in deeply?');
    await expectNewestReadable(PHONE_CARD_MAX);
    await type('Sí, me duele el pecho cuando respiro.');
    await expectNewestReadable(PHONE_CARD_MAX);
    await page.mouse.move(0, 0);
    await screenshot(page, 'layout-phone');

    // A card taller than the list: its translation, not its end, is what stays in view.
    await type(LONG);
    const listHeight = (await page.locator('#conversation').boundingBox())!.height;
    expect((await newest().boundingBox())!.height).toBeGreaterThan(listHeight);
    await expectNewestReadable(Infinity);

    // The details of a card, with one tap.
    const card = newest();
    await card.locator('.sentence__more > summary').click();
    expect(await card.locator('[data-action="flag"]').isVisible()).toBe(true);
    await screenshot(page, 'layout-phone-details');
    expect(watch.errors).toEqual([]);
  }, 120_000);
});
