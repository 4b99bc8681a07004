import { EngineOutputRejectedError } from '../../common/errors/engine.errors.js';
import {
  type ChatChoice,
  OpenAiCompatibleClient,
} from '../../common/openai/openai-compatible-client.js';
import { unwrapAnswer } from '../../common/openai/chat-answer.js';
import type { OpenAiSettings } from '../../common/openai/openai-errors.js';
import { missingNumbers, protectedSpans } from '../../language/medical-tokens.js';
import {
  generatePrompt,
  paraphrasePrompt,
  structuredSummaryPrompt,
  summarizePrompt,
} from '../prompts/llm-prompts.js';
import type {
  GenerateRequest,
  LlmEngine,
  ParaphraseRequest,
  StructuredSummaryRequest,
  SummaryRequest,
} from './llm-engine.js';

const SETTINGS = {
  baseUrl: 'LLM_BASE_URL',
  apiKey: 'LLM_API_KEY',
  model: 'LLM_MODEL',
  timeout: 'LLM_TIMEOUT_MS',
};

const SERVICE = 'LLM';
const ENGINE = 'openai';
/** Rewriting and summarizing: a little freedom of wording. */
const TEMPERATURE = 0.2;
/** The structured summary: as deterministic as the server allows. */
const STRUCTURED_TEMPERATURE = 0;
/** One retry of the same request after a rejected answer: a second rejection is final. */
const ATTEMPTS = 2;

export interface OpenAiLlmOptions extends OpenAiSettings {
  readonly maxTokens: number;
}

/** Why an answer cannot be used (never quoting the input or the answer), and what to check. */
interface Rejection {
  readonly reason: string;
  readonly hint?: string;
}

/** The number check of one operation: the problem with `answer`, or undefined when it passes. */
type NumberCheck = (answer: string) => string | undefined;

interface Operation {
  /** Names the operation in errors, e.g. `paraphrase`. */
  readonly label: string;
  readonly system: string;
  /** The user message: the input text alone. */
  readonly text: string;
  readonly temperature: number;
  readonly numbers?: NumberCheck;
}

const numberWord = (count: number) => (count === 1 ? '1 number' : `${count} numbers`);

/**
 * Paraphrase: every number of the input, as often as it occurs (a rewording keeps everything).
 */
function everyNumber(source: string): NumberCheck {
  return (answer) => {
    const missing = missingNumbers(source, answer).length;
    return missing ? `it dropped or changed ${numberWord(missing)} of the text` : undefined;
  };
}

/**
 * Structured summary: every distinct number of the input at least once (a summary states a
 * repeated value once, but loses none).
 */
function everyDistinctNumber(source: string): NumberCheck {
  const numbers = distinctNumbers([source]);
  return (answer) => {
    const missing = missingNumbers(numbers, answer).length;
    return missing ? `it dropped or changed ${numberWord(missing)} of the text` : undefined;
  };
}

/**
 * Summarize: every distinct number of a dose, measurement or frequency span of the input
 * (`500 mg`, `39.5 °C`, `2 x/day`, per `protectedSpans`) at least once. A summary may leave out
 * bare numbers (dates, counts, ages…), never a dose or a measured value.
 */
function everyDoseNumber(source: string): NumberCheck {
  const doses = protectedSpans(source)
    .map(({ start, end }) => source.slice(start, end))
    .filter(hasUnit);
  const numbers = distinctNumbers(doses);
  return (answer) => {
    const missing = missingNumbers(numbers, answer).length;
    return missing
      ? `it dropped or changed ${numberWord(missing)} of a dose or measurement of the text`
      : undefined;
  };
}

const NUMBER = /\d+(?:[.,]\d+)*/g;

/** A protected span with a unit or a frequency, not a bare number or range. */
function hasUnit(span: string): boolean {
  return span.replace(NUMBER, '').replace(/\s|-|–|\/|to/g, '') !== '';
}

/** The distinct numbers of `texts`, space separated: for `missingNumbers` as the source. */
function distinctNumbers(texts: readonly string[]): string {
  return [...new Set(texts.flatMap((text) => text.match(NUMBER) ?? []))].join(' ');
}

/**
 * Language operations on any OpenAI-compatible chat completions server (OpenAI, vLLM, Ollama,
 * llama.cpp…). Each answer is checked (finished, not empty, numbers kept); a rejected answer is
 * asked for once more with the same request, and a second rejection is a 503.
 */
export class OpenAiLlmEngine implements LlmEngine {
  readonly name = ENGINE;
  private readonly client: OpenAiCompatibleClient;

  constructor(private readonly options: OpenAiLlmOptions) {
    this.client = new OpenAiCompatibleClient({
      service: SERVICE,
      engine: ENGINE,
      names: SETTINGS,
      settings: options,
    });
  }

  paraphrase(
    { sentence, gender, ageCategory, language }: ParaphraseRequest,
    signal: AbortSignal,
  ): Promise<string> {
    return this.run(
      {
        label: 'paraphrase',
        system: paraphrasePrompt({ gender, ageCategory, language }),
        text: sentence,
        temperature: TEMPERATURE,
        numbers: everyNumber(sentence),
      },
      signal,
    );
  }

  summarize({ text }: SummaryRequest, signal: AbortSignal): Promise<string> {
    return this.run(
      {
        label: 'summary',
        system: summarizePrompt(),
        text,
        temperature: TEMPERATURE,
        numbers: everyDoseNumber(text),
      },
      signal,
    );
  }

  /** No number check: a prompt has no input numbers to keep, only the non-empty check. */
  generate({ prompt }: GenerateRequest, signal: AbortSignal): Promise<string> {
    return this.run(
      { label: 'generated text', system: generatePrompt(), text: prompt, temperature: TEMPERATURE },
      signal,
    );
  }

  structuredSummary(
    { text, target }: StructuredSummaryRequest,
    signal: AbortSignal,
  ): Promise<string> {
    return this.run(
      {
        label: 'structured summary',
        system: structuredSummaryPrompt(target),
        text,
        temperature: STRUCTURED_TEMPERATURE,
        numbers: everyDistinctNumber(text),
      },
      signal,
    );
  }

  private async run(operation: Operation, signal: AbortSignal): Promise<string> {
    let rejection: Rejection | undefined;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const choice = await this.complete(operation, signal);
      const answer = this.inspect(choice, operation);
      if (typeof answer === 'string') return answer;
      rejection = answer;
    }
    const { reason, hint } = rejection as Rejection;
    throw new EngineOutputRejectedError(
      SERVICE,
      ENGINE,
      `the ${operation.label} was rejected twice: ${reason}.`,
      hint,
    );
  }

  private complete(
    { system, text, temperature }: Operation,
    signal: AbortSignal,
  ): Promise<ChatChoice> {
    return this.client.chat(
      {
        temperature,
        max_tokens: this.options.maxTokens,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: text },
        ],
      },
      { signal, text },
    );
  }

  /** The usable answer, or why it is not usable (worth one more try). */
  private inspect(
    { finishReason: finish, content }: ChatChoice,
    { numbers }: Operation,
  ): string | Rejection {
    if (finish === 'length') {
      // A cut medical text may silently lose a dose or a negation.
      return {
        reason: 'the model did not finish (finish_reason length)',
        hint: `Raise LLM_MAX_TOKENS (currently ${this.options.maxTokens}) or check the output token limit the server allows LLM_MODEL (${this.options.model}).`,
      };
    }
    if (finish === 'content_filter') {
      return { reason: 'the server filtered the answer (finish_reason content_filter)' };
    }
    const answer = unwrapAnswer(content);
    if (!answer) {
      return {
        reason: 'the model returned an empty answer',
        hint: `Check LLM_MODEL (${this.options.model}) is an instruction-following chat model.`,
      };
    }
    const problem = numbers?.(answer);
    if (problem) {
      return {
        reason: problem,
        hint: `Check LLM_MODEL (${this.options.model}) is an instruction-following model able to keep doses and numbers.`,
      };
    }
    return answer;
  }
}
