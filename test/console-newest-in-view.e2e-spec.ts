import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page, WebSocketRoute } from 'playwright-core';
import { type PageWatch, launchChromium, watchPage } from './support/browser.js';
import { type BuiltServer, ROOT, ensureBuilt, startBuiltServer } from './support/built-server.js';
import { startConsoleConversation } from './support/console-page.js';
import { inside, visibleBox } from './support/visible-box.js';
import { waitFor } from './support/wait-for.js';

/**
 * The newest card is always in view (issue 30, item 4). In a real session the status box at the
 * top of the conversation changed height (a service's error wrapping over several lines, the
 * sentences in progress) and the list under it shrank or grew; from the fourth sentence on, new
 * cards then landed below the visible area, behind "New translation ↓", though nobody had
 * scrolled. Here the service's errors reach the page through its real session (the test stands
 * in the middle of the WebSocket, Playwright's routeWebSocket), each of another length: one right
 * after a sentence's text (as the page draws its card and scrolls to it), one between cards.
 * After each, the newest translation must be whole in view, and nothing offered instead.
 * Sentences are typed (the microphone hears silence).
 */

const TABLET = { width: 1024, height: 768 };

/** A medic (Spanish, typed) and a patient (English) at the bedside, in turn. */
const SENTENCES = [
  '¿Tiene usted alergias a algún medicamento?',
  'Yes, I am allergic to penicillin and to aspirin.',
  '¿Desde cuándo tiene dolor de cabeza?',
  'Since yesterday morning, and I have a fever too.',
  '¿Ha tomado algún medicamento para el dolor hoy?',
  'Only some paracetamol last night.',
  '¿Le duele más por la mañana o por la noche?',
  'At night, when I lie down.',
];

/**
 * Errors of the service as its engines word them (EngineError.detail; the last quotes the request
 * back, as some servers do), of lengths that make the status box about 130, 180 and 400 px tall
 * at 1024×768: each replaces the last, so the box grows and shrinks by up to 270 px.
 */
const ERRORS = [
  "Back-translation engine 'libretranslate': did not answer within 8000 ms.",
  "Back-translation engine 'openai': answered HTTP 503. The server said: The model is overloaded with other requests; you can retry your request, or contact us through our help center if the error persists. Check LLM_BASE_URL (http://llm.internal:8080/v1) and that its server is up and has the model loaded.",
  "Back-translation engine 'openai': answered HTTP 400. The server said: This model's maximum context length is 4096 tokens, however you requested 4311 tokens (215 in your prompt; 4096 for the completion). Please reduce your prompt or completion length. The request was: You are a medical interpreter. Translate back to Spanish the sentence that follows, keeping every dose, every medicine, every number, every unit and every negation exactly as they are; do not add, explain or soften anything; keep the register of the speaker, formal with the patient; if a word cannot be translated, keep it as it is; answer with the translated sentence only, without quotes, notes, alternatives or explanations of any kind, and without repeating these instructions. The sentence: Since yesterday morning, and I have a fever too. Check LLM_MODEL and LLM_MAX_TOKENS (the completion may not ask for the whole context), and that the model's context is large enough for the conversation: LLM_CONTEXT_TOKENS of the service must not exceed what the server loaded.",
];

/**
 * An error of the service as the protocol's `error` message carries it, about no sentence: the
 * status box shows it, no card changes (the height of the box is what is tested).
 */
const serviceError = (message: string) =>
  JSON.stringify({ type: 'error', service: 'Back-translation', message });

/** The sentence whose card `message` makes the page draw (its text, typed or recognized). */
function newSentence(message: string | Buffer): string | undefined {
  if (typeof message !== 'string') return undefined;
  const parsed = JSON.parse(message) as { type?: string; sentence_id?: string };
  return parsed.type === 'asr_result' ? parsed.sentence_id : undefined;
}

describe('console: the newest translation stays in view while the status box changes height', () => {
  let server: BuiltServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;
  let typed = 0;
  /** The page's end of the session's WebSocket: what is sent here, the page takes for the service's. */
  let toPage: WebSocketRoute | undefined;
  /** The error the service sends right after the next sentence's card, if any. */
  let withNextCard: string | undefined;

  const list = () => page.locator('#conversation');
  const cards = () => page.locator('#conversation > li.sentence');
  const newest = () => cards().last();
  const translation = (card: Locator) => card.locator('.branch--a .branch__text');
  const offer = () => page.locator('#new-translation');

  /** Two animation frames: the page has reacted to what changed, and drawn it. */
  const settled = () =>
    page.locator('body').evaluate(
      (body) =>
        new Promise((resolve) => {
          const view = body.ownerDocument.defaultView;
          view.requestAnimationFrame(() => view.requestAnimationFrame(resolve));
        }),
    );

  /** Types a sentence and waits for its card's translation, and for the card to wait for nothing. */
  async function type(text: string): Promise<Locator> {
    await page.fill('#type-text', text);
    await page.press('#type-text', 'Enter');
    typed++;
    const card = cards().nth(typed - 1);
    await translation(card).waitFor();
    await card.and(page.locator('[data-pending="false"]')).waitFor({ state: 'attached' });
    return card;
  }

  /** Waits until the status box shows `error` (the page words it "⚠ Back-translation: …"). */
  async function statusShows(error: string): Promise<void> {
    await page
      .locator('#status .status__detail')
      .filter({ hasText: error.slice(0, 60) })
      .waitFor();
  }

  /** The newest translation whole inside the list and the viewport, and no offer to go to it. */
  async function expectNewestInView(when: string): Promise<void> {
    await settled();
    const { box, seen } = await visibleBox(translation(newest()));
    const scrollTop = await list().evaluate((element) => element.scrollTop);
    // On failure, the boxes say how far out of view the translation was.
    expect({
      when,
      inView: inside(box, seen),
      offered: await offer().isVisible(),
      box,
      seen,
      scrollTop,
    }).toEqual(expect.objectContaining({ when, inView: true, offered: false }));
  }

  beforeAll(async () => {
    ensureBuilt();
    server = await startBuiltServer({ LOG_LEVEL: 'warn' });
    browser = await launchChromium(join(ROOT, 'test/fixtures/audio/silence.wav'));
    context = await browser.newContext({ viewport: TABLET });
    page = await context.newPage();
    page.setDefaultTimeout(45_000);
    watch = watchPage(page, server.url);
    await page.routeWebSocket(/\/ws(\?|$)/, (route) => {
      toPage = route;
      const service = route.connectToServer();
      service.onMessage((message) => {
        route.send(message);
        const sentenceId = newSentence(message);
        if (sentenceId && withNextCard) {
          route.send(serviceError(withNextCard));
          withNextCard = undefined;
        }
      });
    });
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

  it('keeps the newest translation whole in view as errors of the service come and go', async () => {
    for (const [index, sentence] of SENTENCES.entries()) {
      const number = index + 1;
      // As its card is drawn: the status box changes as the page scrolls to the card.
      const during = ERRORS[index % ERRORS.length];
      withNextCard = during;
      await type(sentence);
      await statusShows(during);
      await expectNewestInView(`sentence ${number}: an error came with its card`);

      // Between cards: the status box changes while the list is at rest.
      const between = ERRORS[(index + 2) % ERRORS.length];
      toPage!.send(serviceError(between));
      await statusShows(between);
      await expectNewestInView(`after sentence ${number}: another error, nothing typed`);
    }
    expect(watch.errors).toEqual([]);
  }, 180_000);

  it('leaves someone who scrolled up where they are, and offers the new translation', async () => {
    // Someone turns the mouse wheel over the list: up to the first sentences.
    const listBox = (await list().boundingBox())!;
    await page.mouse.move(listBox.x + listBox.width / 2, listBox.y + listBox.height / 2);
    await page.mouse.wheel(0, -5_000);
    await waitFor(async () =>
      expect(await list().evaluate((element) => element.scrollTop)).toBe(0),
    );
    // The status box changes height, and a new card comes: they stay where they are.
    withNextCard = ERRORS[1];
    await type('¿Tiene fiebre ahora?');
    await statusShows(ERRORS[1]);
    await settled();
    expect(await list().evaluate((element) => element.scrollTop)).toBe(0);
    await offer().waitFor();
    const away = await visibleBox(translation(newest()));
    expect(inside(away.box, away.seen)).toBe(false);

    // The offer brings them to it, and the page follows the conversation again.
    await offer().click();
    await offer().waitFor({ state: 'hidden' });
    await expectNewestInView('after "New translation ↓"');
    withNextCard = ERRORS[2];
    await type('No, I do not think so.');
    await statusShows(ERRORS[2]);
    await expectNewestInView('the next sentence, an error with its card');
    expect(watch.errors).toEqual([]);
  }, 120_000);
});
