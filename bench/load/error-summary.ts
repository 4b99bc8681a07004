/** `service: message` of an error (the server never quotes conversation text), numbers as N. */
export function describeError(message: Record<string, unknown>): string {
  const text = String(message.message ?? message.detail ?? '')
    .replace(/\d+/g, 'N')
    .slice(0, 160);
  return message.service === undefined ? text : `${String(message.service)}: ${text}`;
}

/** Counts of equal strings, most frequent first, as "N × text" lines. */
export function tally(items: string[]): string[] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([item, count]) => `${count} × ${item}`);
}
