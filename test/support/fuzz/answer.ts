import { bodyBytes, type FuzzAnswer, type FuzzRequest } from './client.js';

/** What an endpoint may legitimately answer besides a 2xx or a 4xx. */
export interface AnswerRules {
  /**
   * A 503 that is not caused by the input but by the configuration (e.g. text generation with
   * no language model server): allowed when its detail matches.
   */
  readonly allowed503?: RegExp;
  /** Content type of a 2xx answer (default JSON). */
  readonly okType?: RegExp;
}

/** Traces of the server's insides that no answer may carry (decisions §3). */
const LEAKS: readonly RegExp[] = [
  /\n\s+at \S/, // a stack frame
  /\bat (?:async )?[\w$.<>]+ \(/, // "at fn (" of a frame on one line
  /\.(?:js|ts|mjs|cjs):\d+(?::\d+)?/, // file:line of a frame
  /\/work\//,
  /node_modules/,
  /\/usr\/(?:share|lib)\//,
  /\b(?:TypeError|RangeError|ReferenceError|SyntaxError|Error): /,
];

/**
 * A leak the answer holds that the request did not itself contain: a JSON parser's message may
 * quote a few characters of the body, and a client that sends "node_modules" gets it back.
 */
function leaks(request: FuzzRequest, text: string): string[] {
  const sent = `${request.path}\n${bodyBytes(request).toString('utf8')}`;
  const found: string[] = [];
  for (const pattern of LEAKS) {
    const match = pattern.exec(text);
    if (match && !sent.includes(match[0].trim())) found.push(match[0]);
  }
  return found;
}

const VALIDATION_ROOTS = new Set(['body', 'query', 'path']);

/** The problems of one 422 body: 2.13's `{detail: [{loc, msg, type}]}`. */
function validationProblems(detail: unknown): string[] {
  if (!Array.isArray(detail) || detail.length === 0) {
    return ['a 422 detail must be a non-empty array of {loc, msg, type}'];
  }
  const problems: string[] = [];
  for (const item of detail as unknown[]) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push('a 422 detail item is not an object');
      continue;
    }
    const keys = Object.keys(item).sort().join(',');
    if (keys !== 'loc,msg,type') problems.push(`a 422 detail item has keys ${keys}`);
    const { loc, msg, type } = item as Record<string, unknown>;
    if (
      !Array.isArray(loc) ||
      loc.length === 0 ||
      !loc.every((part) => typeof part === 'string') ||
      !VALIDATION_ROOTS.has(loc[0] as string)
    ) {
      problems.push(`a 422 loc is not [body|query|path, ...strings]: ${JSON.stringify(loc)}`);
    }
    if (typeof msg !== 'string' || msg.length === 0) problems.push('a 422 msg is not a string');
    if (typeof type !== 'string' || type.length === 0) problems.push('a 422 type is not a string');
  }
  return problems;
}

/**
 * Everything wrong with `answer` as a reply to hostile input: a 5xx, an error body that is not the
 * decisions §3 shape for its status, or a trace of the server's insides. Empty when it is fine.
 */
export function answerProblems(
  request: FuzzRequest,
  answer: FuzzAnswer,
  rules: AnswerRules = {},
): string[] {
  const { status } = answer;
  const type = String(answer.headers['content-type'] ?? '');
  const problems: string[] = [];
  if (status < 200 || status > 599) return [`status ${status}`];
  const allow = answer.headers.allow;
  if (request.expected) {
    const { status: want, allow: wantAllow } = request.expected;
    if (status !== want) problems.push(`a ${status}, not the ${want} this request must get`);
    else if (allow !== wantAllow) problems.push(`Allow "${String(allow)}", not "${wantAllow}"`);
  }
  if (status === 405) {
    const methods = typeof allow === 'string' ? allow.split(/,\s*/) : [];
    if (methods.length === 0 || methods.includes(request.method)) {
      problems.push(`a 405 to ${request.method} with Allow "${String(allow)}"`);
    }
  }
  const hasBody = request.method !== 'HEAD' && status !== 204 && status !== 304;

  if (status < 400) {
    if (status < 300 && hasBody && answer.body.length > 0) {
      const okType = rules.okType ?? /^application\/json/;
      if (!okType.test(type)) problems.push(`a ${status} answered with Content-Type "${type}"`);
      else if (/json/.test(type) && !parses(answer.text))
        problems.push(`a ${status} body is not JSON`);
    }
    return problems;
  }

  if (!hasBody) return status >= 500 ? [`a ${status} to a ${request.method}`] : problems;
  if (!/^application\/json/.test(type)) {
    problems.push(`a ${status} answered with Content-Type "${type}", not application/json`);
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return [...problems, `a ${status} body is not JSON`];
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return [...problems, `a ${status} body is not an object`];
  }
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'detail') {
    problems.push(`a ${status} body has keys [${keys.join(', ')}], not [detail]`);
  }
  const detail = (body as { detail?: unknown }).detail;
  if (status === 422) problems.push(...validationProblems(detail));
  else if (typeof detail !== 'string' || detail.trim().length === 0) {
    problems.push(`a ${status} detail is not a sentence: ${JSON.stringify(detail)}`);
  }
  if (status >= 500) {
    const allowed =
      status === 503 &&
      rules.allowed503 !== undefined &&
      typeof detail === 'string' &&
      rules.allowed503.test(detail);
    if (!allowed) problems.push(`a ${status}: hostile input must never cause a 5xx`);
  }
  for (const leak of leaks(request, answer.text)) {
    problems.push(`the body shows the server's insides: "${leak}"`);
  }
  return problems;
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
