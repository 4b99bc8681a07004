import {
  EngineOutputRejectedError,
  EngineUnavailableError,
} from '../../common/errors/engine.errors.js';
import { OpenAiCompatibleClient } from '../../common/openai/openai-compatible-client.js';
import { unwrapAnswer } from '../../common/openai/chat-answer.js';
import type { OpenAiSettings } from '../../common/openai/openai-errors.js';
import { CatalogLanguage } from '../../language/catalog/catalog-language.js';
import { describeTerms, glossaryTerms, missingTerms } from './glossary-terms.js';
import {
  buildGlossaryCorrection,
  buildTranslationSystemPrompt,
  type GlossaryInstruction,
} from './openai-translation.prompt.js';
import { EngineTranslation, FixedTerm, TranslationEngine } from './translation-engine.js';

const SETTINGS = {
  baseUrl: 'TRANSLATION_OPENAI_BASE_URL',
  apiKey: 'TRANSLATION_OPENAI_API_KEY',
  model: 'TRANSLATION_OPENAI_MODEL',
  timeout: 'TRANSLATION_TIMEOUT_MS',
};

const SERVICE = 'Translation';
const ENGINE = 'openai';
export type OpenAiTranslationOptions = OpenAiSettings;

type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** Each glossary term once, as the text writes it and as the glossary translates it. */
function distinctInstructions(text: string, terms: readonly FixedTerm[]): GlossaryInstruction[] {
  const byPair = new Map<string, GlossaryInstruction>();
  for (const term of terms) {
    const instruction = { source: text.slice(term.start, term.end), target: term.replacement };
    const key = `${instruction.source}\n${instruction.target}`.toLowerCase();
    if (!byPair.has(key)) byPair.set(key, instruction);
  }
  return [...byPair.values()];
}

/** Adapter for any OpenAI-compatible chat completions server (OpenAI, vLLM, Ollama, llama.cpp…). */
export class OpenAiTranslationEngine implements TranslationEngine {
  readonly name = ENGINE;
  private readonly client: OpenAiCompatibleClient;
  private readonly codes: ReadonlySet<string>;

  constructor(
    private readonly options: OpenAiTranslationOptions,
    languages: readonly CatalogLanguage[],
  ) {
    this.client = new OpenAiCompatibleClient({
      service: SERVICE,
      engine: ENGINE,
      names: SETTINGS,
      settings: options,
    });
    this.codes = new Set(languages.map((language) => language.code));
  }

  /** An LLM can attempt any language; the service's output checks judge the result. */
  availableCodes(): Promise<ReadonlySet<string>> {
    return Promise.resolve(this.codes);
  }

  /**
   * Translates; when the text holds hospital glossary terms, the prompt lists them and the answer
   * must write each one. An answer that misses one is corrected once, in the same conversation
   * (the deadline covers both calls); one that still misses it is withheld.
   */
  async translate(
    { text, source, target, fixedTerms }: EngineTranslation,
    signal: AbortSignal,
  ): Promise<string> {
    const terms = glossaryTerms(fixedTerms);
    const instructions = (missing: readonly FixedTerm[]) => distinctInstructions(text, missing);
    const messages: ChatMessage[] = [
      {
        role: 'system',
        content: buildTranslationSystemPrompt(source, target, instructions(terms)),
      },
      { role: 'user', content: text },
    ];
    const first = await this.complete(messages, text, signal);
    const missing = missingTerms(first, terms);
    if (missing.length === 0) return first;

    const second = await this.complete(
      [
        ...messages,
        { role: 'assistant', content: first },
        { role: 'user', content: buildGlossaryCorrection(instructions(missing)) },
      ],
      text,
      signal,
    );
    const stillMissing = missingTerms(second, terms);
    if (stillMissing.length === 0) return second;
    throw new EngineOutputRejectedError(
      SERVICE,
      ENGINE,
      `the model did not write the hospital glossary's term${stillMissing.length > 1 ? 's' : ''} ${describeTerms(stillMissing)}, even when asked again, so the translation was withheld.`,
      `Check the GLOSSARY_FILE row gives the ${target.name} form the model should write, or use a model that follows instructions more closely (TRANSLATION_OPENAI_MODEL, currently ${this.options.model}).`,
    );
  }

  /** One chat completion: the cleaned-up answer, or the EngineError that says why there is none. */
  private async complete(
    messages: ChatMessage[],
    text: string,
    signal: AbortSignal,
  ): Promise<string> {
    const { finishReason: finish, content } = await this.client.chat(
      { temperature: 0, messages },
      { signal, text },
    );
    if (finish === 'length' || finish === 'content_filter') {
      // A cut or filtered medical translation may silently lose a dose or a negation.
      throw new EngineOutputRejectedError(
        SERVICE,
        ENGINE,
        `the model did not finish the translation (finish_reason ${finish}).`,
        finish === 'length'
          ? `Check the output token limit the server allows TRANSLATION_OPENAI_MODEL (${this.options.model}).`
          : undefined,
      );
    }
    const translation = unwrapAnswer(content, text);
    if (!translation) {
      throw new EngineUnavailableError(
        SERVICE,
        ENGINE,
        'the model returned an empty translation.',
        `Check TRANSLATION_OPENAI_MODEL (${this.options.model}) is an instruction-following chat model.`,
      );
    }
    return translation;
  }
}
