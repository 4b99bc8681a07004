import OpenAI from 'openai';
import type { OpenAiSettings } from './errors/openai-errors.js';

/**
 * The official client as every OpenAI-compatible adapter uses it: self-hosted servers often need
 * no key but the client insists on one, and retries stay with the caller (maxRetries 0), so a
 * deadline is never spent twice.
 */
export function createOpenAiClient({ baseUrl, apiKey, timeoutMs }: OpenAiSettings): OpenAI {
  return new OpenAI({
    baseURL: baseUrl,
    apiKey: apiKey || 'not-needed',
    timeout: timeoutMs,
    maxRetries: 0,
  });
}
