#!/usr/bin/env node
/**
 * Stores the fixed phrases' bags of stems (dist/translation/phrasebook/phrase-signatures.json)
 * after nest build, so that the service's start reads them instead of computing them from some
 * 80,000 texts (PhraseSignatures, StoredSignatureFile). Run by scripts/setup.mjs after each
 * build and by the Dockerfile; runs the built code, so it needs the service's Node.js.
 *
 *   node_modules/.bin/node scripts/phrasebook-signatures.mjs
 */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = (file) =>
  import(pathToFileURL(join(root, 'dist', 'translation', 'phrasebook', file)).href);

const started = performance.now();
const { Phrasebook } = await built('phrasebook.js');
const { StoredSignatureFile } = await built('signatures/stored-signature-file.js');
const signatures = Phrasebook.computeSignatures();
const file = new StoredSignatureFile();
file.write(signatures, join(root, 'src', 'translation', 'phrasebook'));
process.stdout.write(
  `phrasebook: ${signatures.size} texts' bags stored in ${file.path} (${Math.round(performance.now() - started)} ms)\n`,
);
