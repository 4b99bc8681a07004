import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  EngineError,
  EngineOutputRejectedError,
  EngineTimeoutError,
  EngineUnavailableError,
} from '../../common/errors/engine.errors.js';
import {
  chatCompletion,
  FAKE_OPENAI_MODEL,
  FakeOpenAi,
  startFakeOpenAi,
} from '../../../test/support/fake-openai.js';
import { OpenAiTranslationEngine } from './openai-translation.engine.js';
import { GLOSSARY_TEXT, glossaryTerm } from '../../../test/support/fixed-term.fixture.js';
import { ENG, FRA, SWH } from '../../../test/support/catalog-language.fixture.js';
import {
  buildGlossaryCorrection,
  buildTranslationSystemPrompt,
} from './openai-translation.prompt.js';
import { rejection } from '../../../test/support/rejection.js';

const CATALOG = [ENG, FRA, SWH];

const TEXT = 'No history of asthma.\nTake 500 mg paracetamol 2 x/day if above 39.5 °C.';
/** What the timeout tests wait for; the others allow a loaded CI machine's fake server 10 000 ms. */
const TIMEOUT_MS = 200;
const ANSWER_TIMEOUT_MS = 10_000;

// GLOSSARY_TEXT's hospital glossary term (ward → service) and built-in one (chest → poitrine).
const WARD = glossaryTerm('ward', 'service', 'glossary');
const CHEST = glossaryTerm('chest', 'poitrine', 'builtin');

/** The EngineError a promise rejects with. */
const failure = (promise: Promise<unknown>) => rejection(promise, EngineError);

describe('OpenAiTranslationEngine', () => {
  let fake: FakeOpenAi;
  const engine = (
    options: { apiKey?: string; model?: string; baseUrl?: string; timeoutMs?: number } = {},
  ) =>
    new OpenAiTranslationEngine(
      {
        baseUrl: options.baseUrl ?? fake.url,
        apiKey: options.apiKey,
        model: options.model ?? FAKE_OPENAI_MODEL,
        timeoutMs: options.timeoutMs ?? ANSWER_TIMEOUT_MS,
      },
      CATALOG,
    );
  const signal = () => new AbortController().signal;
  const translate = (subject = engine(), text = TEXT, s = signal()) =>
    subject.translate({ text, source: ENG, target: FRA }, s);
  const chats = () => fake.requests.filter((r) => r.path === '/v1/chat/completions');

  beforeEach(async () => {
    fake = await startFakeOpenAi({ translate: (text) => `FR: ${text}` });
  });
  afterEach(() => fake.close());

  it('sends the model, temperature 0, the prompt and the text alone, with the API key', async () => {
    fake.set({ apiKey: 'sk-test' });
    expect(await translate(engine({ apiKey: 'sk-test' }))).toBe(`FR: ${TEXT}`);

    expect(chats()).toHaveLength(1);
    expect(chats()[0].headers.authorization).toBe('Bearer sk-test');
    expect(chats()[0].body).toEqual({
      model: FAKE_OPENAI_MODEL,
      temperature: 0,
      messages: [
        { role: 'system', content: buildTranslationSystemPrompt(ENG, FRA) },
        { role: 'user', content: TEXT },
      ],
    });
  });

  it('sends a placeholder key when none is configured', async () => {
    await translate();
    expect(chats()[0].headers.authorization).toBe('Bearer not-needed');
  });

  it('offers every catalog language', async () => {
    expect([...(await engine().availableCodes())]).toEqual(['eng_Latn', 'fra_Latn', 'swh_Latn']);
    expect(fake.requests).toHaveLength(0);
  });

  it('builds a prompt naming both languages and the medical rules', () => {
    const prompt = buildTranslationSystemPrompt(ENG, FRA);
    expect(prompt).toContain('from English (en-US) to French (fr-FR)');
    for (const rule of [
      'Output only the translation',
      'number, dose, unit, drug name',
      'negation',
    ]) {
      expect(prompt).toContain(rule);
    }
    for (const example of [
      '500 mg',
      '39.5 °C',
      '2 x/day',
      'line break',
      'Do not add, omit or explain',
    ]) {
      expect(prompt).toContain(example);
    }
  });

  describe('hospital glossary', () => {
    const COMPLIANT = 'Retour au service ; la radio du thorax est à 9 h.';
    const ASTRAY = 'Retour à la salle ; la radio du thorax est à 9 h.';
    const translateGlossary = (fixedTerms = [WARD, CHEST]) =>
      engine().translate({ text: GLOSSARY_TEXT, source: ENG, target: FRA, fixedTerms }, signal());
    const messagesOf = (i: number) => (chats()[i].body as { messages: unknown[] }).messages;

    it('lists the glossary terms of the text in the prompt, not the built-in ones', async () => {
      fake.set({ translate: () => COMPLIANT });
      expect(await translateGlossary()).toBe(COMPLIANT);
      const prompt = buildTranslationSystemPrompt(ENG, FRA, [
        { source: 'ward', target: 'service' },
      ]);
      expect(messagesOf(0)).toEqual([
        { role: 'system', content: prompt },
        { role: 'user', content: GLOSSARY_TEXT },
      ]);
      expect(prompt).toContain("The hospital's glossary is mandatory");
      expect(prompt).toContain('- "ward" → "service"');
      expect(prompt).not.toContain('poitrine');
      expect(chats()).toHaveLength(1);
    });

    it('keeps the prompt as it was when the text holds no glossary term', async () => {
      await translateGlossary([CHEST]);
      expect(messagesOf(0)[0]).toEqual({
        role: 'system',
        content: buildTranslationSystemPrompt(ENG, FRA),
      });
    });

    it('accepts the term inflected (services), without a retry', async () => {
      fake.set({ translate: () => 'Retour aux services.' });
      expect(await translateGlossary()).toBe('Retour aux services.');
      expect(chats()).toHaveLength(1);
    });

    it('asks once more, naming the missing term, and returns the corrected answer', async () => {
      fake.set({ translate: (text) => (text === GLOSSARY_TEXT ? ASTRAY : COMPLIANT) });
      expect(await translateGlossary()).toBe(COMPLIANT);
      expect(chats()).toHaveLength(2);
      expect(messagesOf(1)).toEqual([
        ...messagesOf(0),
        { role: 'assistant', content: ASTRAY },
        {
          role: 'user',
          content: buildGlossaryCorrection([{ source: 'ward', target: 'service' }]),
        },
      ]);
      expect(buildGlossaryCorrection([{ source: 'ward', target: 'service' }])).toContain(
        '- "ward" → "service"',
      );
    });

    it('withholds the translation when the retry still misses the term', async () => {
      fake.set({ translate: () => ASTRAY });
      const error = await failure(translateGlossary());
      expect(error).toBeInstanceOf(EngineOutputRejectedError);
      expect(error.message).toBe(
        `the model did not write the hospital glossary's term "service" (glossary.tsv:2), even when asked again, so the translation was withheld.`,
      );
      expect(error.hint).toBe(
        `Check the GLOSSARY_FILE row gives the French form the model should write, or use a model that follows instructions more closely (TRANSLATION_OPENAI_MODEL, currently ${FAKE_OPENAI_MODEL}).`,
      );
      expect(error.detail).not.toContain('ward');
      expect(chats()).toHaveLength(2);
    });
  });

  describe('answer clean-up', () => {
    it.each([
      ['double quotes', '"Pas d\'asthme."', "Pas d'asthme."],
      ['curly quotes', '“Pas d’asthme.”', 'Pas d’asthme.'],
      ['guillemets', '« Pas d’asthme. »', 'Pas d’asthme.'],
      ['a bare fence', '```\nLigne 1\n\nLigne 2\n```', 'Ligne 1\n\nLigne 2'],
      ['a tagged fence', '```text\nLigne 1\nLigne 2\n```', 'Ligne 1\nLigne 2'],
      ['a fence around quotes', '```\n"Bonjour"\n```', 'Bonjour'],
      ['surrounding blank lines', '\n  Bonjour  \n', 'Bonjour'],
      ['a reasoning block', '<think>Translate literally.</think>\n\nBonjour', 'Bonjour'],
    ])('strips %s', async (_what, answer, expected) => {
      fake.set({ translate: () => answer });
      expect(await translate(engine(), 'Hello')).toBe(expected);
    });

    it.each([
      ['quotes inside the text', '"Oui" ou "non"'],
      ['paragraph breaks', 'Ligne 1\n\nLigne 2'],
      ['a lone quote', '"'],
    ])('keeps %s', async (_what, answer) => {
      fake.set({ translate: () => answer });
      expect(await translate(engine(), 'Hello')).toBe(answer);
    });

    it('keeps quotes the source text had', async () => {
      fake.set({ translate: () => '« Oui »' });
      expect(await translate(engine(), '"Yes"')).toBe('« Oui »');
    });
  });

  describe('errors', () => {
    it('points at TRANSLATION_OPENAI_API_KEY on 401', async () => {
      fake.set({ apiKey: 'sk-right' });
      const error = await failure(translate(engine({ apiKey: 'sk-wrong' })));
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe('answered HTTP 401.');
      expect(error.remote).toBe(
        'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
      );
      expect(error.hint).toBe('Check TRANSLATION_OPENAI_API_KEY: the server rejected it.');
      expect(error.detail).toBe(
        `Translation engine 'openai': answered HTTP 401. The server said: ${error.remote} ${error.hint}`,
      );
      expect(error.detail).not.toContain('sk-wrong');
    });

    it('points at TRANSLATION_OPENAI_API_KEY on 403', async () => {
      const body = {
        error: { message: 'Project does not have access', type: 'invalid_request_error' },
      };
      fake.set({ reply: { status: 403, body } });
      const error = await failure(translate());
      expect(error.message).toBe('answered HTTP 403.');
      expect(error.remote).toBe('Project does not have access');
      expect(error.hint).toBe('Set TRANSLATION_OPENAI_API_KEY: the server requires an API key.');
      expect(error.detail).toBe(
        "Translation engine 'openai': answered HTTP 403. The server said: Project does not have access. Set TRANSLATION_OPENAI_API_KEY: the server requires an API key.",
      );
    });

    it('suggests the model is not served on 404', async () => {
      const error = await failure(translate(engine({ model: 'gpt-nope' })));
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe('answered HTTP 404.');
      expect(error.remote).toBe(
        'The model `gpt-nope` does not exist or you do not have access to it.',
      );
      expect(error.detail).toContain(
        'answered HTTP 404. The server said: The model `gpt-nope` does not exist',
      );
      expect(error.hint).toContain('TRANSLATION_OPENAI_MODEL (gpt-nope) may not be served');
      expect(error.hint).toContain(fake.url);
    });

    it.each([500, 429, 503])('reports HTTP %i once, without retrying', async (status) => {
      fake.set({
        reply: { status, body: { error: { message: 'e'.repeat(300), type: 'server_error' } } },
      });
      const error = await failure(translate());
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe(`answered HTTP ${status}.`);
      expect(error.remote).toBe(`${'e'.repeat(200)}…`);
      const said = `Translation engine 'openai': answered HTTP ${status}. The server said: ${'e'.repeat(200)}…`;
      // A 5xx: the server failed on its side, and its logs say why.
      if (status >= 500) {
        expect(error.detail).toMatch(/TRANSLATION_OPENAI_BASE_URL .* its own logs say why\.$/);
        expect(error.detail.startsWith(said)).toBe(true);
      } else expect(error.detail).toBe(said);
      expect(chats()).toHaveLength(1);
    });

    it('times out after timeoutMs, without retrying', async () => {
      fake.set({ delayMs: 2_000 });
      const started = Date.now();
      const error = await failure(translate(engine({ timeoutMs: TIMEOUT_MS })));

      expect(Date.now() - started).toBeLessThan(1_000);
      expect(error).toBeInstanceOf(EngineTimeoutError);
      expect(error.message).toBe(`did not answer within ${TIMEOUT_MS} ms.`);
      expect(error.hint).toContain('TRANSLATION_TIMEOUT_MS (currently 200)');
      expect(chats()).toHaveLength(1);
    });

    it('stops when the caller aborts', async () => {
      fake.set({ delayMs: 2_000 });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const started = Date.now();
      const error = await failure(translate(engine({ timeoutMs: 5_000 }), TEXT, controller.signal));

      expect(Date.now() - started).toBeLessThan(1_000);
      expect(error).toBeInstanceOf(EngineTimeoutError);
      expect(error.message).toMatch(/^was cancelled after \d+ ms\.$/);
    });

    it('reports connection refused on a closed port, naming TRANSLATION_OPENAI_BASE_URL', async () => {
      const closed = await startFakeOpenAi();
      await closed.close();
      const error = await failure(translate(engine({ baseUrl: closed.url })));
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe('could not be reached (ECONNREFUSED).');
      expect(error.hint).toContain(`TRANSLATION_OPENAI_BASE_URL (${closed.url})`);
    });

    it.each([
      ['an empty object', {}, 'answered without a chat completion choice.'],
      [
        'no choices',
        { ...chatCompletion('x'), choices: [] },
        'answered without a chat completion choice.',
      ],
      ['a plain-text body', 'Bonjour', 'answered without a chat completion choice.'],
      ['null content', chatCompletion(null), 'the model returned an empty translation.'],
      ['blank content', chatCompletion('  \n '), 'the model returned an empty translation.'],
      ['only quotes', chatCompletion('""'), 'the model returned an empty translation.'],
    ])('rejects a 200 with %s', async (_what, body, message) => {
      const contentType = typeof body === 'string' ? 'text/plain' : undefined;
      fake.set({ reply: { status: 200, body, contentType } });
      const error = await failure(translate());
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe(message);
    });

    it('rejects a 200 whose JSON does not parse', async () => {
      fake.set({ reply: { status: 200, body: '{"choices": [', contentType: 'application/json' } });
      const error = await failure(translate());
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe('answered with an unreadable body (SyntaxError).');
    });

    it.each(['length', 'content_filter'])(
      'rejects an answer cut by finish_reason %s',
      async (reason) => {
        fake.set({
          reply: { status: 200, body: chatCompletion('Pas d’asthme. Prendre 500', reason) },
        });
        const error = await failure(translate());
        expect(error).toBeInstanceOf(EngineOutputRejectedError);
        expect(error.message).toBe(
          `the model did not finish the translation (finish_reason ${reason}).`,
        );
      },
    );

    it('never puts the text in an error, even when the server echoes it', async () => {
      const echo = (status: number) => ({
        status,
        body: { error: { message: `Bad input: ${TEXT}` } },
      });
      for (const reply of [
        echo(400),
        echo(401),
        echo(404),
        echo(500),
        { status: 200, body: chatCompletion('') },
      ]) {
        fake.set({ reply });
        const error = await failure(translate());
        expect(`${error.message} ${error.detail}`).not.toContain(TEXT);
        expect(`${error.message} ${error.detail}`).not.toContain('asthma');
      }
    });

    it('keeps a partly quoted text out of the message, showing it only through remote', async () => {
      const second = 'Take 500 mg paracetamol 2 x/day if above 39.5 °C.';
      expect(TEXT.endsWith(`\n${second}`)).toBe(true);
      const quote = (status: number, message: string) => ({
        status,
        body: { error: { message, type: 'invalid_request_error' } },
      });
      for (const reply of [
        quote(400, `Could not process '${second}'`),
        quote(401, `Invalid API key for: ${second}`),
        quote(404, `The model was not found for "${second}"`),
        quote(500, `Internal error at "${second}"`),
      ]) {
        fake.set({ reply });
        const error = await failure(translate());
        expect(error).toBeInstanceOf(EngineUnavailableError);
        expect(error.message).toBe(`answered HTTP ${reply.status}.`);
        for (const quoted of [second, 'Take', 'paracetamol', '500 mg', 'x/day', '39.5']) {
          expect(error.message).not.toContain(quoted);
        }
        // Only the whole text is replaced by [text]: a partial quote reaches the client, never the log.
        expect(error.remote).toBe(reply.body.error.message);
        expect(error.detail).toContain(`The server said: ${reply.body.error.message}`);
      }
    });
  });
});
