import { existsSync, readdirSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join, sep } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';

/**
 * Vite names every file of `assets/` after a hash of its content (`index-BFJkQJke.js`): a new
 * build gives new names, so a browser may keep these for a year without asking again.
 */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** The page (index.html) names the current assets: the browser revalidates it on every load. */
export const PAGE_CACHE = 'no-cache';

/**
 * The interpreter console at / (console/dist/, built by vite). Only existing files match, so API
 * routes are unaffected; without a build the API runs alone.
 *
 * Hashed assets are sent with a long immutable cache, and gzip-compressed to browsers that accept
 * it: the `.gz` beside each asset is written at build time (console/vite.config.ts), so nothing is
 * compressed per request and no compression middleware is needed. index.html stays `no-cache`.
 */
export function serveConsole(app: NestExpressApplication, root: string): void {
  if (!existsSync(root)) return;
  const assets = join(root, 'assets');
  // The build's compressed copies, read once: the files do not change while the service runs.
  const gzipped = new Set(
    existsSync(assets)
      ? readdirSync(assets)
          .filter((name) => name.endsWith('.gz'))
          .map((name) => name.slice(0, -'.gz'.length))
      : [],
  );
  const sendGzipped = express.static(assets, {
    index: false,
    dotfiles: 'ignore',
    setHeaders: (res: ServerResponse) => {
      res.setHeader('Cache-Control', HASHED_ASSET_CACHE);
      res.setHeader('Content-Encoding', 'gzip');
    },
  });
  app.use('/assets', (req: Request, res: Response, next: NextFunction) => {
    const name = req.path.slice(1);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !gzipped.has(name)) return next();
    res.vary('Accept-Encoding');
    if (req.acceptsEncodings('gzip') !== 'gzip') return next();
    // The original's type (send would name `.gz` application/gzip), then its compressed copy.
    res.type(name);
    const url = req.url;
    req.url = `/${name}.gz`;
    sendGzipped(req, res, (error?: unknown) => {
      req.url = url;
      res.removeHeader('Content-Type');
      next(error);
    });
  });
  const hashed = assets + sep;
  app.useStaticAssets(root, {
    index: 'index.html',
    dotfiles: 'ignore',
    setHeaders: (res: ServerResponse, path: string) => {
      res.setHeader('Cache-Control', path.startsWith(hashed) ? HASHED_ASSET_CACHE : PAGE_CACHE);
    },
  });
}
