import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The interpreter console: console/ → console/dist/, served by the service at / (src/app.setup.ts).
 * `base: './'` keeps every asset URL relative, so the page also works behind a path prefix, and
 * nothing is fetched from another origin (no CDN, system fonts only).
 *
 * For development, `npx vite --config console/vite.config.ts` serves the page with hot reload
 * and forwards the service's routes to a running `npm start` (port 3000).
 */
const service = process.env.CONSOLE_PROXY_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  publicDir: false,
  // The set-up runs the build: it says so itself, and only warnings are worth more lines.
  logLevel: command === 'build' ? 'warn' : 'info',
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
