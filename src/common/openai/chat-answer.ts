const QUOTE_PAIRS: readonly (readonly [string, string])[] = [
  ['"', '"'],
  ['“', '”'],
  ['„', '“'],
  ['«', '»'],
  ['「', '」'],
  ['‘', '’'],
  ["'", "'"],
];

function isQuoted(text: string): boolean {
  return QUOTE_PAIRS.some(([open, close]) => text.startsWith(open) && text.endsWith(close));
}

/**
 * A chat model's answer without what it wrapped around it: a leading `<think>…</think>` block
 * (reasoning models served without a reasoning parser), a code fence, or a pair of quotes. Given
 * the `source` text the answer renders (a translation), a fence or quotes the source had are
 * kept.
 */
export function unwrapAnswer(answer: string, source?: string): string {
  const original = source?.trim();
  let text = answer.replace(/^\s*<think>[\s\S]*?<\/think>/, '').trim();
  const fence = /^```[^\n`]*\n([\s\S]*?)\n?```$/.exec(text);
  if (fence && !original?.startsWith('```')) text = fence[1].trim();
  if (original !== undefined && isQuoted(original)) return text;
  for (const [open, close] of QUOTE_PAIRS) {
    if (text.length < open.length + close.length) continue;
    const inner = text.slice(open.length, -close.length);
    const wrapped = text.startsWith(open) && text.endsWith(close);
    if (wrapped && !inner.includes(open) && !inner.includes(close)) return inner.trim();
  }
  return text;
}
