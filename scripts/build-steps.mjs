/**
 * What is built for the service to read at run time, in the order it is built: the one list that
 * scripts/setup.mjs (`npm start`, `npm test`) and the Dockerfile both follow. The set-up runs
 * each step by its name and then checks its output; the Dockerfile checks each output with
 * `test -e OUTPUT` where it builds it, and build-steps.spec.ts fails when the Dockerfile misses
 * one or leaves it out of the image it runs.
 *
 * `needs` says what a step cannot run without; without it the set-up skips the step (the
 * service then says at start what is missing, e.g. the clinical model without
 * pocketsphinx-en-us) and the image always has it.
 */
export const BUILD_STEPS = [
  {
    name: 'apertium-lexicon',
    output: 'build/apertium/manifest.json',
    what: "the clinical lexicon compiled into Apertium's pairs (scripts/apertium-lexicon.mjs)",
  },
  {
    name: 'apertium-rules',
    output: 'build/apertium-rules/manifest.json',
    what: "the rules added to Apertium's pairs (scripts/apertium-rules.mjs)",
  },
  {
    name: 'clinical-asr-model',
    output: 'build/asr/model.json',
    what: "the recognizer's clinical language model and dictionary (scripts/clinical-asr-model.mjs)",
    needs: '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict',
  },
  {
    name: 'moonshine-model',
    output: 'build/moonshine-tiny/encoder_model.onnx',
    what: "Moonshine tiny's English weights (scripts/moonshine-model.mjs)",
  },
  {
    name: 'service',
    output: 'dist/main.js',
    what: 'the service itself (nest build)',
  },
  {
    name: 'phrasebook-signatures',
    output: 'dist/translation/phrasebook/phrase-signatures.json',
    what: "the fixed phrases' stored index (scripts/phrasebook-signatures.mjs)",
  },
  {
    name: 'espeak-voice-table',
    output: 'build/espeak-ng/voices.json',
    what: "espeak-ng's voices as checked once (scripts/espeak-voice-table.mjs)",
    needs: '/usr/bin/espeak-ng',
  },
  {
    name: 'console',
    output: 'console/dist/index.html',
    what: 'the interpreter console (vite build)',
  },
];
