/** A started engine with a live decoder, and stand-in decoders, shared by the pocketsphinx specs. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { speakInto } from './speak-into.js';
import { rejection } from './rejection.js';
import { waitFor } from './wait-for.js';
import { EngineError } from '../../src/common/errors/engine.errors.js';
import { procStat } from '../../src/common/process/proc-stat.js';
import type { AsrChannel, AsrTranscript } from '../../src/transcription/engines/asr-engine.js';
import type { PocketsphinxOptions } from '../../src/transcription/engines/pocketsphinx/pocketsphinx-options.js';
import { PocketsphinxEngine } from '../../src/transcription/engines/pocketsphinx/pocketsphinx.engine.js';

/** A signal that never aborts. */
export const signal = () => new AbortController().signal;

/**
 * An engine with one decoder for whole segments and one for live sentences, its partials paced
 * by `clock` (the test moves it), started: both decoders have loaded the model. `redecodeBelow`
 * as the engine's option (default: the engine's, LOW_CONFIDENCE).
 */
export async function startLiveEngine(
  clock: { now: number },
  redecodeBelow?: number | null,
): Promise<PocketsphinxEngine> {
  const engine = new PocketsphinxEngine({
    poolSize: 1,
    liveDecoders: 1,
    timeoutMs: 30_000,
    now: () => clock.now,
    redecodeBelow,
  });
  await engine.onModuleInit();
  return engine;
}

/**
 * One English sentence streamed into `engine` as it is spoken (speakInto, paced by `clock` when
 * given), in `channel`, then finished: its transcript.
 */
export async function streamSentence(
  engine: PocketsphinxEngine,
  samples: Float32Array,
  clock?: { now: number },
  channel?: AsrChannel,
): Promise<AsrTranscript> {
  const stream = engine.openStream(['en-US'], undefined, channel)!;
  await speakInto(stream, samples, clock);
  return stream.finish(signal());
}

/**
 * The script of a stand-in decoder for fakeDecoderEngine: `setup` (Python, at the top level), the
 * ready line (`stream`: a Python expression), then `handle` (Python, indented by 4) for each
 * request, with its `op` (one byte), `size` and `payload` read.
 */
export function fakeDecoderScript(handle: string, setup = '', stream = 'True'): string {
  // Under __main__: the fork server imports the script first, and runs it whole in each decoder.
  const body = String.raw`
${setup}
print(json.dumps({"ready": True, "ms": 1, "stream": ${stream}}), flush=True)
stdin = sys.stdin.buffer
while True:
    header = stdin.read(5)
    if len(header) < 5:
        break
    op = header[:1]
    size = struct.unpack("<I", header[1:])[0]
    payload = stdin.read(size)
${handle}`;
  return `import json, struct, sys\nif __name__ == "__main__":\n${body.replace(/^/gm, '    ')}\n`;
}

/**
 * An engine whose decoders run `script`, a stand-in for pocketsphinx_worker.py written to a new
 * temporary directory (the model directory too, unless `modelDir` names another from it): one
 * decoder for whole segments and one live (unless `liveDecoders` says), not started.
 */
export function fakeDecoderEngine(
  script: string,
  options: Pick<PocketsphinxOptions, 'now' | 'redecodeBelow' | 'liveDecoders'> & {
    modelDir?: (dir: string) => string;
  } = {},
): PocketsphinxEngine {
  const dir = mkdtempSync(join(tmpdir(), 'fake-decoder-'));
  writeFileSync(join(dir, 'fake.py'), script);
  return new PocketsphinxEngine({
    poolSize: 1,
    liveDecoders: options.liveDecoders ?? 1,
    timeoutMs: 5_000,
    python: 'python3',
    script: join(dir, 'fake.py'),
    clinicalDir: null,
    modelDir: options.modelDir?.(dir) ?? dir,
    now: options.now,
    redecodeBelow: options.redecodeBelow,
  });
}

/** The parent process id of `pid`, from /proc (e.g. a decoder's: its fork server). */
export function parentPid(pid: number): number {
  const stat = procStat(pid);
  if (!stat) throw new Error(`process ${pid} is gone`);
  return stat.ppid;
}

/** A whole segment transcribed by `engine`, given up after 30 s (or at `signal`). */
export const transcribeSegment = (
  engine: PocketsphinxEngine,
  samples: Float32Array,
  s: AbortSignal = AbortSignal.timeout(30_000),
) => engine.transcribe({ samples, localeHints: ['en-US'] }, s);

/** The EngineError a promise rejects with. */
export const engineFailure = (promise: Promise<unknown>) => rejection(promise, EngineError);

/** Resolves once the process is gone (within 5 s). */
export function exited(pid: number): Promise<void> {
  return waitFor(
    () => {
      try {
        process.kill(pid, 0);
      } catch {
        return;
      }
      throw new Error(`${pid} still runs`);
    },
    { timeout: 5_000, interval: 20 },
  );
}
