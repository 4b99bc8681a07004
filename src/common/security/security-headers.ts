import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy of the interpreter console (and of every other answer): everything
 * from the service itself, nothing from elsewhere. `'self'` covers same-origin ws:/wss: in
 * current browsers (CSP 3: Chromium 71+, Firefox since 2018, Safari 16+). `blob:` media for the
 * synthesized speech the console plays, `blob:` and `data:` images; the AudioWorklet module is a
 * script of the service ('self'). No `upgrade-insecure-requests`: on a hospital LAN the console
 * may be served over plain HTTP, where it would break every request.
 */
export const CONSOLE_CSP: Readonly<Directives> = {
  'default-src': ["'self'"],
  'connect-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'worker-src': ["'self'", 'blob:'],
  'font-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
};

/**
 * Swagger UI at /docs: its page has inline <style> blocks and its scripts set style attributes;
 * its stylesheet draws icons as `data:` SVG. Scripts still only from the service.
 */
export const DOCS_CSP: Readonly<Directives> = {
  ...CONSOLE_CSP,
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'media-src': ["'none'"],
  'worker-src': ["'none'"],
};

const options = (directives: Directives): HelmetOptions => ({
  contentSecurityPolicy: { useDefaults: false, directives },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  referrerPolicy: { policy: 'no-referrer' },
  xFrameOptions: { action: 'deny' },
  // Strict-Transport-Security keeps helmet's default (one year, subdomains): browsers only
  // honour it over HTTPS, i.e. behind the TLS proxy (docs/deployment.md, Security).
});

const isDocs = (path: string) => path === '/docs' || path.startsWith('/docs/');

/**
 * helmet's headers on every answer, with the console's policy or, under /docs, Swagger UI's.
 * Registered before everything else, static files and errors included.
 */
export function securityHeaders() {
  const main = helmet(options({ ...CONSOLE_CSP }));
  const docs = helmet(options({ ...DOCS_CSP }));
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    const path = (req.url ?? '/').split('?')[0];
    (isDocs(path) ? docs : main)(req, res, next);
  };
}

/**
 * `Cache-Control: no-store`: answers carry medical data, which no browser or proxy cache may
 * keep. Registered after the console's static files (which hold none, and keep their own
 * revalidating Cache-Control), before every route; a route may still set its own.
 */
export function noStore(_req: IncomingMessage, res: ServerResponse, next: () => void): void {
  res.setHeader('Cache-Control', 'no-store');
  next();
}
