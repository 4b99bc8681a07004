/**
 * Web origins as the CORS_ORIGINS and WS_ALLOWED_ORIGINS settings hold them. Here, beside the
 * settings, so that config validates them without importing common.
 */

/** `https://Console.Example.org:443/` → `https://console.example.org`; undefined if not an origin. */
export function normalizeOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || url.search || url.hash) return undefined;
  if (url.pathname !== '/') return undefined;
  return url.origin;
}

/** The entries of a comma-separated list that are not origins (empty entries are ignored). */
export function invalidOrigins(list: string): string[] {
  return splitList(list).filter((entry) => normalizeOrigin(entry) === undefined);
}

/** The normalized origins of a comma-separated list; entries that are not origins are dropped. */
export function parseOrigins(list: string | undefined): string[] {
  return splitList(list ?? '')
    .map(normalizeOrigin)
    .filter((origin): origin is string => origin !== undefined);
}

function splitList(list: string): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}
