/**
 * A command-line client of a session (decisions §5): `npm run session -- --help`.
 * Exit codes: 0 done, 1 connection, handshake or session failure, 2 wrong command line.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseCliArgs, USAGE, UsageError, type CliOptions } from './cli-args.js';
import { elideBinary, formatMessage } from './format-message.js';
import { SentenceTracker } from './sentence-tracker.js';
import { SessionConnection, type ServerMessage } from './session-connection.js';
import { checkSessionSampleRate, readWavFile, type WavAudio } from './wav-file.js';

/** Silence after the WAV, so the server's VAD (0.64 s of silence) closes the last sentence. */
const TRAILING_SILENCE_MS = 1000;
/** Once every sentence seen has its results, how long to wait for late ones. */
const SETTLED_QUIET_MS = 1500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class CliFailure extends Error {}

async function run(options: CliOptions): Promise<number> {
  let wav: WavAudio | undefined;
  if (options.wav) {
    try {
      wav = readWavFile(options.wav);
      checkSessionSampleRate(wav.sampleRate, options.wav);
    } catch (error) {
      throw new CliFailure((error as Error).message);
    }
    options.handshake.sample_rate = wav.sampleRate;
  }

  const color = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
  const start = performance.now();
  let lastMessageAt = start;
  const tracker = new SentenceTracker(options.handshake.enable_dual_direction);
  const print = (message: ServerMessage, at: number) => {
    console.log(
      options.json
        ? JSON.stringify(elideBinary(message))
        : formatMessage(message, (at - start) / 1000, { color }),
    );
  };

  const session = new SessionConnection();
  let success;
  try {
    success = await session.connect(options.url, options.handshake, { token: options.token });
  } catch (error) {
    throw new CliFailure((error as Error).message);
  }
  print(success, session.received[0].at);
  session.onMessage(({ message, at }) => {
    lastMessageAt = at;
    tracker.observe(message);
    print(message, at);
  });

  // Ctrl-C: stop sending and end the session gracefully; a second Ctrl-C quits at once.
  const stop = new AbortController();
  process.once('SIGINT', () => {
    console.error('Interrupted: ending the session (Ctrl-C again to quit at once)');
    stop.abort();
    process.once('SIGINT', () => process.exit(130));
  });

  for (const text of options.texts) {
    session.sendJson({
      type: 'text_input',
      text,
      ...(options.textRole ? { role: options.textRole } : {}),
    });
  }
  if (wav) {
    const silence = new Int16Array(Math.round((wav.sampleRate * TRAILING_SILENCE_MS) / 1000));
    const samples = new Int16Array(wav.samples.length + silence.length);
    samples.set(wav.samples);
    const seconds = (wav.samples.length / wav.sampleRate).toFixed(2);
    console.log(
      `… streaming ${options.wav} (${seconds} s at ${wav.sampleRate} Hz` +
        `${wav.channels > 1 ? `, ${wav.channels} channels mixed to mono` : ''})` +
        `${options.realTime ? ' in real time' : ''}, then ${TRAILING_SILENCE_MS} ms of silence`,
    );
    try {
      const last = await session.streamPcm(samples, wav.sampleRate, {
        realTime: options.realTime,
        signal: stop.signal,
      });
      console.log(`… audio sent at +${((last - start) / 1000).toFixed(3)}s`);
    } catch (error) {
      throw new CliFailure((error as Error).message);
    }
  }

  // Wait for the pipelines: every sentence settled and a short quiet, or a long quiet, or the cap.
  const inputsDone = performance.now();
  lastMessageAt = Math.max(lastMessageAt, inputsDone);
  while (!stop.signal.aborted && session.isOpen) {
    const now = performance.now();
    const quiet = now - lastMessageAt;
    if (tracker.allSettled(options.texts.length) && quiet >= SETTLED_QUIET_MS) break;
    if (quiet >= options.idleMs) {
      console.log(`… no message for ${(options.idleMs / 1000).toFixed(1)} s`);
      break;
    }
    if (now - inputsDone >= options.timeoutMs) {
      console.log(`… still waiting after ${(options.timeoutMs / 1000).toFixed(0)} s: ending`);
      break;
    }
    await sleep(100);
  }

  if (!session.isOpen) {
    const closed = session.closed;
    throw new CliFailure(
      `the server closed the session (code ${closed?.code}${closed?.reason ? `, ${closed.reason}` : ''})`,
    );
  }
  console.log('… conversation_exit');
  let result;
  try {
    result = await session.exit({ archive: Boolean(options.archive) });
  } catch (error) {
    throw new CliFailure((error as Error).message);
  }
  const sentences = [...tracker.sentences.values()];
  const errors = sentences.reduce((sum, s) => sum + s.errors.length, 0);
  console.log(
    `… closed with code ${result.closeCode}${result.closeReason ? ` (${result.closeReason})` : ''}` +
      `; ${sentences.length} sentence(s), ${sentences.filter((s) => s.empty).length} empty, ` +
      `${sentences.filter((s) => s.ttsA).length} with branch A speech, ` +
      `${errors + tracker.sessionErrors.length} errors` +
      (result.acknowledged ? '' : '; exit_acknowledged never arrived'),
  );
  let status = result.closeCode === 1000 && result.acknowledged ? 0 : 1;
  if (options.archive) {
    if (result.archive) {
      const zip = Buffer.from(result.archive.content_base64, 'base64');
      writeFileSync(options.archive, zip);
      console.log(
        `… archive ${result.archive.filename} (${zip.length} bytes) → ${options.archive}`,
      );
    } else {
      console.error('session: no conversation_archive arrived');
      status = 1;
    }
  }
  return status;
}

async function main(): Promise<number> {
  let options;
  try {
    options = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`session: ${error.message} (see --help)`);
    return 2;
  }
  if (!options) {
    console.log(USAGE);
    return 0;
  }
  try {
    return await run(options);
  } catch (error) {
    if (!(error instanceof CliFailure)) throw error;
    console.error(`session: ${error.message}`);
    return 1;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('session: unexpected failure:', error);
    process.exit(1);
  },
);
