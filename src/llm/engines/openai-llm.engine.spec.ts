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
import { rejection } from '../../../test/support/rejection.js';
import {
  PROMPT_TEMPLATES,
  generatePrompt,
  paraphrasePrompt,
  renderPrompt,
  structuredSummaryPrompt,
  summarizePrompt,
} from '../prompts/llm-prompts.js';
import { OpenAiLlmEngine } from './openai-llm.engine.js';
import { FRA, SPA } from '../../../test/support/catalog-language.fixture.js';

const TEXT = 'No history of asthma. Take 500 mg paracetamol 2 x/day if above 39.5 °C.';
const KEPT = 'No asthma. Take 500 mg of paracetamol 2 x/day when over 39.5 °C.';
const DROPPED = 'No asthma. Take paracetamol twice a day when feverish.';
/** What the timeout tests wait for; the others allow a loaded CI machine's fake server 10 000 ms. */
const TIMEOUT_MS = 200;
const ANSWER_TIMEOUT_MS = 10_000;
const MAX_TOKENS = 321;

/** The EngineError a promise rejects with. */
const failure = (promise: Promise<unknown>) => rejection(promise, EngineError);

describe('OpenAiLlmEngine', () => {
  let fake: FakeOpenAi;
  const engine = (
    options: { apiKey?: string; model?: string; baseUrl?: string; timeoutMs?: number } = {},
  ) =>
    new OpenAiLlmEngine({
      baseUrl: options.baseUrl ?? fake.url,
      apiKey: options.apiKey,
      model: options.model ?? FAKE_OPENAI_MODEL,
      timeoutMs: options.timeoutMs ?? ANSWER_TIMEOUT_MS,
      maxTokens: MAX_TOKENS,
    });
  const signal = () => new AbortController().signal;
  const paraphrase = (subject = engine(), sentence = TEXT, s = signal()) =>
    subject.paraphrase({ sentence, gender: 'female', ageCategory: 'child' }, s);
  const chats = () => fake.requests.filter((r) => r.path === '/v1/chat/completions');
  const body = (i = 0) => chats()[i].body as Record<string, unknown>;
  const messages = (i = 0) => body(i).messages as { role: string; content: string }[];
  /** Answers `answers` in turn, repeating the last one. */
  const answering = (...answers: string[]) => {
    let call = 0;
    fake.set({ translate: () => answers[Math.min(call++, answers.length - 1)] });
  };

  beforeEach(async () => {
    fake = await startFakeOpenAi({ translate: () => KEPT });
  });
  afterEach(() => fake.close());

  it('is named openai', () => {
    expect(engine().name).toBe('openai');
  });

  describe('requests', () => {
    it('paraphrase: model, temperature 0.2, max_tokens, the prompt and the sentence alone, with the API key', async () => {
      fake.set({ apiKey: 'sk-test' });
      const answer = await engine({ apiKey: 'sk-test' }).paraphrase(
        { sentence: TEXT, gender: 'female', ageCategory: 'senior', language: FRA },
        signal(),
      );
      expect(answer).toBe(KEPT);
      expect(chats()).toHaveLength(1);
      expect(chats()[0].headers.authorization).toBe('Bearer sk-test');
      expect(body()).toEqual({
        model: FAKE_OPENAI_MODEL,
        temperature: 0.2,
        max_tokens: MAX_TOKENS,
        messages: [
          {
            role: 'system',
            content: paraphrasePrompt({ gender: 'female', ageCategory: 'senior', language: FRA }),
          },
          { role: 'user', content: TEXT },
        ],
      });
      const system = messages()[0].content;
      expect(system).toContain('a senior (an older adult) of female gender');
      expect(system).toContain('never be condescending');
      expect(system).toContain('agreement for a female listener');
      expect(system).toContain('Write in French (fr-FR)');
    });

    it('paraphrase for a child without a known language keeps the text language', async () => {
      await paraphrase();
      const system = messages()[0].content;
      expect(system).toContain('a child of female gender');
      expect(system).toContain('very simple words and short sentences');
      expect(system).toContain('Write in the same language as the message');
      expect(chats()[0].headers.authorization).toBe('Bearer not-needed');
    });

    it('summarize: temperature 0.2 and the summary rules', async () => {
      expect(await engine().summarize({ text: TEXT }, signal())).toBe(KEPT);
      expect(body()).toMatchObject({ temperature: 0.2, max_tokens: MAX_TOKENS });
      expect(messages()).toEqual([
        { role: 'system', content: summarizePrompt() },
        { role: 'user', content: TEXT },
      ]);
      expect(messages()[0].content).toContain('same language as the message');
    });

    it('generate: temperature 0.2, the prompt alone, and no dosing advice', async () => {
      fake.set({ translate: () => 'Paracetamol is an analgesic.' });
      const prompt = 'Explain what paracetamol is.';
      expect(await engine().generate({ prompt }, signal())).toBe('Paracetamol is an analgesic.');
      expect(body()).toMatchObject({ temperature: 0.2, max_tokens: MAX_TOKENS });
      expect(messages()).toEqual([
        { role: 'system', content: generatePrompt() },
        { role: 'user', content: prompt },
      ]);
      expect(messages()[0].content).toContain('Do not give individual dosing advice');
    });

    it('structured summary: temperature 0, the target language and the sections', async () => {
      expect(await engine().structuredSummary({ text: TEXT, target: SPA }, signal())).toBe(KEPT);
      expect(body()).toMatchObject({ temperature: 0, max_tokens: MAX_TOKENS });
      expect(messages()).toEqual([
        { role: 'system', content: structuredSummaryPrompt(SPA) },
        { role: 'user', content: TEXT },
      ]);
      const system = messages()[0].content;
      expect(system).toContain('in Spanish (es-ES)');
      for (const section of [
        'Reason for visit',
        'Symptoms and history',
        'Medications with doses',
        'Allergies',
        'Vital signs',
        'Plan',
        'Omit a section',
      ]) {
        expect(system).toContain(section);
      }
    });

    it('passes another model through', async () => {
      fake.set({ models: ['qwen'] });
      await engine({ model: 'qwen' }).summarize({ text: TEXT }, signal());
      expect(body().model).toBe('qwen');
    });
  });

  describe('prompts', () => {
    const prompts = [
      paraphrasePrompt({ gender: 'male', ageCategory: 'adult' }),
      summarizePrompt(),
      generatePrompt(),
      structuredSummaryPrompt(FRA),
    ];

    it.each(prompts.map((p, i) => [i, p]))('prompt %i has the medical-safety rules', (_i, p) => {
      expect(p).toMatch(/Add no (patient-specific )?facts/);
      expect(p).toContain('number, dose, unit, drug name');
      expect(p).toContain('negation');
      expect(p).toContain('no preamble');
      expect(p).toContain('no notes');
      expect(p).not.toMatch(/\{\{/);
    });

    it('renders every placeholder and fails on a missing one', () => {
      expect(renderPrompt('Hi {{name}}, {{ name }}!', { name: '{{x}}' })).toBe('Hi {{x}}, {{x}}!');
      expect(() => renderPrompt('In {{target}} for {{who}}', { who: 'x' })).toThrow(
        'Prompt placeholder(s) without a value: target.',
      );
      expect(Object.keys(PROMPT_TEMPLATES)).toHaveLength(4);
    });
  });

  describe('answer clean-up', () => {
    it.each([
      ['a reasoning block', `<think>Keep 500 and 2 and 39.5.</think>\n\n${KEPT}`],
      ['a fence', `\`\`\`text\n${KEPT}\n\`\`\``],
      ['quotes', `"${KEPT}"`],
      ['guillemets in a fence after thoughts', `<think>ok</think>\n\`\`\`\n« ${KEPT} »\n\`\`\``],
    ])('strips %s', async (_what, answer) => {
      fake.set({ translate: () => answer });
      expect(await paraphrase()).toBe(KEPT);
      expect(chats()).toHaveLength(1);
    });
  });

  describe('output checks', () => {
    it('retries a paraphrase that lost a number once, then succeeds', async () => {
      answering(DROPPED, KEPT);
      expect(await paraphrase()).toBe(KEPT);
      expect(chats()).toHaveLength(2);
      expect(body(1)).toEqual(body(0));
    });

    it('rejects a paraphrase that lost numbers twice, without quoting the text', async () => {
      answering(DROPPED);
      const error = await failure(paraphrase());
      expect(error).toBeInstanceOf(EngineOutputRejectedError);
      expect(error.service).toBe('LLM');
      expect(error.engine).toBe('openai');
      expect(error.message).toBe(
        'the paraphrase was rejected twice: it dropped or changed 3 numbers of the text.',
      );
      expect(error.hint).toContain(`LLM_MODEL (${FAKE_OPENAI_MODEL})`);
      expect(error.detail).not.toContain('paracetamol');
      expect(chats()).toHaveLength(2);
    });

    it('paraphrase counts repeated numbers', async () => {
      answering('Take 2 pills.');
      const error = await failure(paraphrase(engine(), 'Take 2 pills, then 2 more.'));
      expect(error.message).toContain('1 number of the text');
    });

    it('summarize keeps dose and measurement numbers but may drop bare ones', async () => {
      const text = 'Seen on 12 March, 3 visits. Take 500 mg 2 x/day; fever 39.5 °C; took 500 mg.';
      answering('Take 500 mg 2 x/day; fever 39.5 °C.');
      expect(await engine().summarize({ text }, signal())).toBe(
        'Take 500 mg 2 x/day; fever 39.5 °C.',
      );
      expect(chats()).toHaveLength(1);

      answering('Take 500 mg; fever.');
      const error = await failure(engine().summarize({ text }, signal()));
      expect(error).toBeInstanceOf(EngineOutputRejectedError);
      expect(error.message).toBe(
        'the summary was rejected twice: it dropped or changed 2 numbers of a dose or measurement of the text.',
      );
    });

    it('structured summary keeps every distinct number, once is enough', async () => {
      const text = 'Patient aged 54. 500 mg twice; 500 mg again.';
      answering('Medications with doses\n500 mg', 'Reason for visit\nAge 54\nMedications\n500 mg');
      const answer = await engine().structuredSummary({ text, target: FRA }, signal());
      expect(answer).toBe('Reason for visit\nAge 54\nMedications\n500 mg');
      expect(chats()).toHaveLength(2);
    });

    it('generate has no number check', async () => {
      answering('General information without numbers.');
      const prompt = 'Explain what 500 mg of paracetamol does.';
      expect(await engine().generate({ prompt }, signal())).toBe(
        'General information without numbers.',
      );
      expect(chats()).toHaveLength(1);
    });

    it('retries an empty answer once, then rejects it', async () => {
      answering('<think>hmm</think>', '``` \n```');
      const error = await failure(engine().generate({ prompt: 'Explain fever.' }, signal()));
      expect(error).toBeInstanceOf(EngineOutputRejectedError);
      expect(error.message).toBe(
        'the generated text was rejected twice: the model returned an empty answer.',
      );
      expect(chats()).toHaveLength(2);
    });

    it.each([
      ['length', 'LLM_MAX_TOKENS (currently 321)'],
      ['content_filter', undefined],
    ])('rejects finish_reason %s after one retry', async (reason, hint) => {
      fake.set({ reply: { status: 200, body: chatCompletion(KEPT, reason) } });
      const error = await failure(paraphrase());
      expect(error).toBeInstanceOf(EngineOutputRejectedError);
      expect(error.message).toContain(`(finish_reason ${reason})`);
      if (hint) expect(error.hint).toContain(hint);
      else expect(error.hint).toBeUndefined();
      expect(chats()).toHaveLength(2);
    });

    it('fails without retry on a completion without choices', async () => {
      fake.set({ reply: { status: 200, body: { ...chatCompletion(KEPT), choices: [] } } });
      const error = await failure(paraphrase());
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.hint).toContain(`LLM_BASE_URL (${fake.url})`);
      expect(chats()).toHaveLength(1);
    });
  });

  describe('backend failures', () => {
    it('maps HTTP 500 to EngineUnavailableError with the server text, never the input', async () => {
      fake.set({
        reply: {
          status: 500,
          body: { error: { message: `Failed on: ${TEXT}`, type: 'server_error' } },
        },
      });
      const error = await failure(paraphrase());
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.service).toBe('LLM');
      expect(error.message).toBe('answered HTTP 500.');
      expect(error.remote).toBe('Failed on: [text]');
      expect(error.detail).not.toContain('paracetamol');
      expect(chats()).toHaveLength(1);
    });

    it('maps HTTP 401 to a hint naming LLM_API_KEY', async () => {
      fake.set({ apiKey: 'sk-right' });
      const wrong = await failure(paraphrase(engine({ apiKey: 'sk-wrong' })));
      expect(wrong).toBeInstanceOf(EngineUnavailableError);
      expect(wrong.message).toBe('answered HTTP 401.');
      expect(wrong.hint).toBe('Check LLM_API_KEY: the server rejected it.');
      const none = await failure(paraphrase());
      expect(none.hint).toBe('Set LLM_API_KEY: the server requires an API key.');
    });

    it('maps HTTP 404 to a hint naming LLM_MODEL and LLM_BASE_URL', async () => {
      const error = await failure(
        engine({ model: 'gpt-nope' }).summarize({ text: TEXT }, signal()),
      );
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toBe('answered HTTP 404.');
      expect(error.hint).toContain('LLM_MODEL (gpt-nope) may not be served');
      expect(error.hint).toContain(`LLM_BASE_URL (${fake.url})`);
    });

    it('times out after timeoutMs with a hint naming LLM_TIMEOUT_MS, without retrying', async () => {
      fake.set({ delayMs: 2_000 });
      const error = await failure(paraphrase(engine({ timeoutMs: TIMEOUT_MS })));
      expect(error).toBeInstanceOf(EngineTimeoutError);
      expect(error.message).toBe(`did not answer within ${TIMEOUT_MS} ms.`);
      expect(error.hint).toContain(`LLM_TIMEOUT_MS (currently ${TIMEOUT_MS})`);
      expect(chats()).toHaveLength(1);
    });

    it("stops at the caller's deadline", async () => {
      fake.set({ delayMs: 2_000 });
      const controller = new AbortController();
      setTimeout(() => controller.abort(new DOMException('deadline', 'TimeoutError')), 50);
      const error = await failure(
        paraphrase(engine({ timeoutMs: 5_000 }), TEXT, controller.signal),
      );
      expect(error).toBeInstanceOf(EngineTimeoutError);
      expect(error.message).toBe('did not answer within 5000 ms.');
    });

    it('maps an unreachable server to a hint naming LLM_BASE_URL', async () => {
      const closed = await startFakeOpenAi();
      await closed.close();
      const error = await failure(paraphrase(engine({ baseUrl: closed.url })));
      expect(error).toBeInstanceOf(EngineUnavailableError);
      expect(error.message).toMatch(/^could not be reached/);
      expect(error.hint).toContain(`LLM_BASE_URL (${closed.url})`);
    });
  });
});
