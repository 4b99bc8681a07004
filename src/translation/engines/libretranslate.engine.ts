import {
  EngineOutputRejectedError,
  EngineTimeoutError,
  EngineUnavailableError,
} from '../../common/errors/engine.errors.js';
import {
  apiKeyHint,
  field,
  serverErrorText,
  withoutCredentials,
} from '../../common/errors/remote-error-text.js';
import { isDeadline } from '../../common/timeout/with-timeout.js';
import { CatalogLanguage } from '../../language/catalog/catalog-language.js';
import { describeTerms, glossaryTerms, missingTerms } from './glossary-terms.js';
import { restoreTerms, withPlaceholders } from './term-placeholders.js';
import { EngineTranslation, FixedTerm, TranslationEngine } from './translation-engine.js';

const SERVICE = 'Translation';
const ENGINE = 'libretranslate';
const LANGUAGES_TTL_MS = 60_000;

export interface LibreTranslateOptions {
  readonly baseUrl: string;
  readonly apiKey?: string;
  readonly timeoutMs: number;
}

/** LibreTranslate codes for a catalog language, best first; the server's list picks one. */
function candidateCodes(language: CatalogLanguage): string[] {
  switch (language.iso6391) {
    // Argos-based servers list zh-Hans/zh-Hant; older ones zh (Simplified) and zt (Traditional).
    case 'zh':
      return language.code.endsWith('_Hant') ? ['zh-Hant', 'zt'] : ['zh-Hans', 'zh'];
    // `pb` is Brazilian Portuguese: only a stand-in when the server has no plain `pt`.
    case 'pt':
      return ['pt', 'pb'];
    default:
      return language.iso6391 ? [language.iso6391] : [];
  }
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** The server's `error` text, shortened, and never echoing the (medical) text sent. */
function serverError(body: unknown, text?: string): string {
  return serverErrorText(field(body, 'error'), text);
}

/** Node's fetch wraps socket errors: the cause's code (ECONNREFUSED, ENOTFOUND…) says what failed. */
function networkCode(error: unknown): string {
  // Duck-typed: fetch errors may come from another realm (e.g. under jest), defeating instanceof.
  const code = field(field(error, 'cause'), 'code') ?? field(error, 'name');
  return typeof code === 'string' ? code : 'unknown error';
}

/** Adapter for a LibreTranslate server (https://docs.libretranslate.com). */
export class LibreTranslateEngine implements TranslationEngine {
  readonly name = ENGINE;
  private cache?: { codes: ReadonlyMap<string, string>; expiresAt: number };
  private pending?: Promise<ReadonlyMap<string, string>>;

  constructor(
    private readonly options: LibreTranslateOptions,
    private readonly languages: readonly CatalogLanguage[],
  ) {}

  async availableCodes(): Promise<ReadonlySet<string>> {
    return new Set((await this.serverCodes()).keys());
  }

  async translate(
    { text, source, target, fixedTerms }: EngineTranslation,
    signal: AbortSignal,
  ): Promise<string> {
    const codes = await this.serverCodes();
    const from = codes.get(source.code);
    const to = codes.get(target.code);
    if (!from || !to) {
      const missing = from ? target : source;
      throw new EngineUnavailableError(
        SERVICE,
        ENGINE,
        `the server does not offer ${missing.name} (${missing.code}).`,
        this.urlHint(),
      );
    }
    const terms = glossaryTerms(fixedTerms);
    if (terms.length === 0) return this.translateOnce(text, from, to, signal);
    return this.translateWithGlossary(text, terms, from, to, signal, target);
  }

  /**
   * The hospital glossary's terms win: they travel as placeholders and come back as the glossary
   * writes them. When the server loses or changes a placeholder, the text is translated again as
   * it is, and that translation is used only if it writes every glossary term by itself; else it
   * is withheld, as a translation that changed a number is.
   */
  private async translateWithGlossary(
    text: string,
    terms: readonly FixedTerm[],
    from: string,
    to: string,
    signal: AbortSignal,
    target: CatalogLanguage,
  ): Promise<string> {
    const protectedText = withPlaceholders(text, terms);
    if (protectedText !== undefined) {
      const translated = await this.translateOnce(protectedText, from, to, signal);
      const restored = restoreTerms(translated, terms);
      if (restored !== undefined) return restored;
    }
    const plain = await this.translateOnce(text, from, to, signal);
    const missing = missingTerms(plain, terms);
    if (missing.length === 0) return plain;
    throw new EngineOutputRejectedError(
      SERVICE,
      ENGINE,
      `the translation did not keep the hospital glossary's term${missing.length > 1 ? 's' : ''} ${describeTerms(missing)}, so it was withheld: the server lost or changed the term's placeholder, and its translation without placeholders uses another word.`,
      `Check the GLOSSARY_FILE row gives the ${target.name} form, or rephrase the sentence around the term; if it recurs, use an engine that writes the glossary's terms itself (TRANSLATION_ENGINE=apertium for its languages).`,
    );
  }

  /** One POST /translate of `q`; `q` is kept out of every error, even when the server echoes it. */
  private async translateOnce(
    q: string,
    from: string,
    to: string,
    signal: AbortSignal,
  ): Promise<string> {
    const { apiKey } = this.options;
    const payload = {
      q,
      source: from,
      target: to,
      format: 'text',
      ...(apiKey ? { api_key: apiKey } : {}),
    };
    const { status, body } = await this.call('translate', signal, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
    });
    const error = serverError(body, q);
    if (status === 401 || status === 403 || (status === 400 && /api.?key/i.test(error))) {
      throw new EngineUnavailableError(
        SERVICE,
        ENGINE,
        `refused the request (HTTP ${status}).`,
        this.keyHint(),
        error,
      );
    }
    if (status < 200 || status >= 300) {
      throw new EngineUnavailableError(
        SERVICE,
        ENGINE,
        `answered HTTP ${status}.`,
        undefined,
        error,
      );
    }
    const translated = field(body, 'translatedText');
    if (typeof translated !== 'string') {
      throw new EngineUnavailableError(
        SERVICE,
        ENGINE,
        `answered HTTP ${status} without a translatedText string.`,
        this.urlHint(),
      );
    }
    return translated;
  }

  /** FLORES code → LibreTranslate code, for the languages the server lists; failures are not cached. */
  private serverCodes(): Promise<ReadonlyMap<string, string>> {
    if (this.cache && Date.now() < this.cache.expiresAt) return Promise.resolve(this.cache.codes);
    this.pending ??= this.fetchServerCodes()
      .then((codes) => {
        this.cache = { codes, expiresAt: Date.now() + LANGUAGES_TTL_MS };
        return codes;
      })
      .finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async fetchServerCodes(): Promise<ReadonlyMap<string, string>> {
    let response: { status: number; body: unknown };
    try {
      response = await this.call('languages', undefined, {
        headers: { accept: 'application/json' },
      });
    } catch (error) {
      // Discovery has no caller to time out on: a slow server is an unavailable one.
      if (error instanceof EngineTimeoutError) {
        throw new EngineUnavailableError(
          SERVICE,
          ENGINE,
          `did not list its languages: ${error.message}`,
          this.urlHint(),
        );
      }
      throw error;
    }
    const { status, body } = response;
    const ok = status >= 200 && status < 300;
    if (!ok || !Array.isArray(body)) {
      const what = ok ? `HTTP ${status} without a language list` : `HTTP ${status}`;
      throw new EngineUnavailableError(
        SERVICE,
        ENGINE,
        `answered GET /languages with ${what}.`,
        this.urlHint(),
        ok ? undefined : serverError(body),
      );
    }
    // Codes are compared case-insensitively but sent back as the server spells them.
    const listed = new Map<string, string>();
    for (const entry of body) {
      const code = field(entry, 'code');
      if (typeof code === 'string') listed.set(code.toLowerCase(), code);
    }
    const codes = new Map<string, string>();
    for (const language of this.languages) {
      const match = candidateCodes(language).find((code) => listed.has(code.toLowerCase()));
      if (match) codes.set(language.code, listed.get(match.toLowerCase())!);
    }
    return codes;
  }

  /** One HTTP exchange bounded by timeoutMs and the caller's signal; the body is read inside the bound. */
  private async call(path: string, signal: AbortSignal | undefined, init: RequestInit) {
    const started = Date.now();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.options.timeoutMs);
    const cancel = () => controller.abort();
    signal?.addEventListener('abort', cancel, { once: true });
    if (signal?.aborted) cancel();
    try {
      const base = this.options.baseUrl.endsWith('/')
        ? this.options.baseUrl
        : `${this.options.baseUrl}/`;
      const response = await fetch(new URL(path, base), { ...init, signal: controller.signal });
      return { status: response.status, body: parseJson(await response.text()) };
    } catch (error) {
      if (controller.signal.aborted) {
        // The service aborts with a TimeoutError reason when its deadline passes.
        const deadline = timedOut || isDeadline(signal?.reason);
        const message = deadline
          ? `did not answer within ${this.options.timeoutMs} ms.`
          : `was cancelled after ${Date.now() - started} ms.`;
        throw new EngineTimeoutError(SERVICE, ENGINE, message, this.timeoutHint());
      }
      throw new EngineUnavailableError(
        SERVICE,
        ENGINE,
        `could not be reached (${networkCode(error)}).`,
        this.urlHint(),
      );
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    }
  }

  /** The URL as configured, minus any credentials embedded in it. */
  private get shownUrl(): string {
    return withoutCredentials(this.options.baseUrl);
  }

  private urlHint(): string {
    return `Check LIBRETRANSLATE_URL (${this.shownUrl}) points to a running LibreTranslate server.`;
  }

  private keyHint(): string {
    return apiKeyHint('LIBRETRANSLATE_API_KEY', this.options.apiKey);
  }

  private timeoutHint(): string {
    return `Raise TRANSLATION_TIMEOUT_MS (currently ${this.options.timeoutMs}) or check the LibreTranslate server at LIBRETRANSLATE_URL (${this.shownUrl}) is not overloaded.`;
  }
}
