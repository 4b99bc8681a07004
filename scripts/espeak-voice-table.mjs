#!/usr/bin/env node
/**
 * Checks espeak-ng's voices once, as every start of the service otherwise does (some 250
 * espeak-ng runs), and stores the result in build/espeak-ng/voices.json for the starts to read
 * (EspeakVoiceStore: used only while espeak-ng, its data, the catalog and the check's code are
 * the same). Checks every voice each time it runs: scripts/setup.mjs runs it only after a build or
 * a change of espeak-ng (its own stamp). Runs the built code, so it needs the service's Node.js.
 *
 *   node_modules/.bin/node scripts/espeak-voice-table.mjs
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = (file) => import(pathToFileURL(join(root, 'dist', file)).href);

const started = performance.now();
// The engine's own log line would repeat this script's.
const { Logger } = await import('@nestjs/common');
Logger.overrideLogger(false);
const { EspeakNgEngine } = await built('synthesis/engines/espeak-ng.engine.js');
const { EspeakVoiceStore, voiceCheckKey } = await built('synthesis/engines/espeak-voice-store.js');
const { LanguageCatalog } = await built('language/catalog/language-catalog.js');

const engine = new EspeakNgEngine({ timeoutMs: 30_000 }, new LanguageCatalog().all());
try {
  const { table, inputs } = await engine.checkVoices();
  const keys = [voiceCheckKey(inputs)];
  // The tests run the sources; a container image has none.
  const sources = join(root, 'src', 'synthesis', 'engines');
  if (existsSync(sources)) keys.push(voiceCheckKey(inputs, sources, '.ts'));
  const store = new EspeakVoiceStore();
  store.write(table, keys);
  process.stdout.write(
    `espeak-ng: ${table.voices.length} voices in ${table.files.size} languages checked and stored (${Math.round(performance.now() - started)} ms)\n`,
  );
} finally {
  engine.onModuleDestroy();
}
