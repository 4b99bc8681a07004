import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * The interpreter console: console/ → console/dist/, served by the service at / (src/app.setup.ts).
 * `base: './'` keeps every asset URL relative, so the page also works behind a path prefix, and
 * nothing is fetched from another origin (no CDN, system fonts only).
 *
 * For development, `npx vite --config console/vite.config.ts` serves the page with hot reload
 * and forwards the service's routes to a running `npm start` (port 3000).
 */
const service = process.env.CONSOLE_PROXY_TARGET ?? 'http://127.0.0.1:3000';

/**
 * Writes `<asset>.gz` (gzip, best compression) beside each script, style sheet and SVG of
 * `assets/` when it is smaller: the service sends it to browsers that accept gzip
 * (src/console/console-static.ts). Compressed once here, not on every request (the script: 41 →
 * 14 kB).
 */
function gzipAssets(): Plugin {
  return {
    name: 'console-gzip-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!/^assets\/.*\.(js|css|svg)$/.test(fileName)) continue;
        const source = Buffer.from(output.type === 'chunk' ? output.code : output.source);
        const gzipped = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
        if (gzipped.length < source.length) {
          writeFileSync(join(options.dir!, `${fileName}.gz`), gzipped);
        }
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  publicDir: false,
  // The set-up runs the build: it says so itself, and only warnings are worth more lines.
  logLevel: command === 'build' ? 'warn' : 'info',
  plugins: [gzipAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Current Chromium and Firefox (ES2022, AudioWorklet, <dialog>).
    target: 'es2022',
    modulePreload: { polyfill: false },
    // Every asset as a file of its own: nothing inlined as data: URLs.
    assetsInlineLimit: 0,
  },
  server: {
    proxy: {
      '/ws': { target: service.replace(/^http/, 'ws'), ws: true },
      '/languages': service,
      '/console/settings': service,
    },
  },
}));
