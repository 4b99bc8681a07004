import { parseArgs } from 'node:util';
import type {
  AgeCategory,
  Gender,
  HandshakeMessage,
} from '../../src/orchestrator/protocol/client-messages.js';
import type { KnownRole } from '../../src/orchestrator/protocol/server-messages.js';

export const DEFAULT_URL = 'ws://127.0.0.1:3000/ws';

export const USAGE = `Usage: npm run session -- --medic LANG --patient LANG [options]

Opens a session on the orchestrator's WebSocket, streams a WAV file in real time and/or sends
typed sentences, prints every server message as it arrives, waits for the pipelines to finish,
then ends the session with conversation_exit.

  --medic LANG            medic's language (fr, fra, fr-FR…)                       required
  --patient LANG          patient's language                                       required
  --wav FILE              16-bit PCM WAV (mono or stereo) streamed in 20 ms frames at the
                          file's own sample rate, then 1 s of silence to close the last sentence
  --text "SENTENCE"       a typed sentence sent as text_input (repeatable)
  --text-role ROLE        medic | patient: who typed the --text sentences (default: detected)
  --url URL               default ${DEFAULT_URL}
  --token KEY             API key (default: the API_KEY environment variable)
  --dual                  enable_dual_direction (branch C for every sentence)
  --speed X               speech speed, 0.25 to 4.0 (default 1.0)
  --patient-gender G      male | female
  --patient-age A         child | adolescent | adult | senior
  --archive OUT.zip       ask for the conversation archive and write it to OUT.zip
  --fast                  send the WAV as fast as possible instead of in real time
  --idle SECONDS          end after this long without any message (default 5)
  --timeout SECONDS       end at the latest this long after the last input (default 120)
  --json                  print each message as raw JSON (audio and archive bytes elided)
  -h, --help              this text

Example:
  npm run session -- --wav test/fixtures/audio/pauses.wav --medic es --patient en \\
    --text "Le duele la cabeza?" --text-role medic --archive /tmp/session.zip`;

export interface CliOptions {
  url: string;
  token?: string;
  handshake: HandshakeMessage;
  wav?: string;
  texts: string[];
  textRole?: KnownRole;
  archive?: string;
  realTime: boolean;
  idleMs: number;
  timeoutMs: number;
  json: boolean;
}

/** A wrong command line; the message is one line for the user. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

const GENDERS = ['male', 'female'] as const satisfies readonly Gender[];
const AGES = ['child', 'adolescent', 'adult', 'senior'] as const satisfies readonly AgeCategory[];
const ROLES = ['medic', 'patient'] as const satisfies readonly KnownRole[];

function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  flag: string,
): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`${flag} must be one of ${allowed.join(', ')} (got "${value}")`);
  }
  return value as T;
}

function positive(value: string | undefined, fallback: number, flag: string): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) {
    throw new UsageError(`${flag} must be a positive number (got "${value}")`);
  }
  return number;
}

/** Parses the command line; `undefined` means --help was asked for. */
export function parseCliArgs(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): CliOptions | undefined {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        wav: { type: 'string' },
        medic: { type: 'string' },
        patient: { type: 'string' },
        url: { type: 'string', default: DEFAULT_URL },
        token: { type: 'string' },
        text: { type: 'string', multiple: true, default: [] },
        'text-role': { type: 'string' },
        dual: { type: 'boolean', default: false },
        speed: { type: 'string' },
        'patient-gender': { type: 'string' },
        'patient-age': { type: 'string' },
        archive: { type: 'string' },
        fast: { type: 'boolean', default: false },
        idle: { type: 'string' },
        timeout: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return undefined;
  if (!values.medic || !values.patient) {
    throw new UsageError('--medic and --patient are required');
  }
  if (!/^wss?:\/\//.test(values.url)) {
    throw new UsageError(`--url must start with ws:// or wss:// (got "${values.url}")`);
  }
  if (values.text.length === 0 && values['text-role']) {
    throw new UsageError('--text-role applies to --text sentences, and none was given');
  }
  const handshake: HandshakeMessage = {
    language_medic: values.medic,
    language_patient: values.patient,
    enable_dual_direction: values.dual,
  };
  if (values.speed !== undefined) handshake.speed = positive(values.speed, 1, '--speed');
  const gender = oneOf(values['patient-gender'], GENDERS, '--patient-gender');
  if (gender) handshake.patient_gender = gender;
  const age = oneOf(values['patient-age'], AGES, '--patient-age');
  if (age) handshake.patient_age_category = age;
  const texts = values.text.map((text) => text.trim());
  if (texts.some((text) => text === '')) throw new UsageError('--text must not be empty');
  return {
    url: values.url,
    token: values.token ?? (env.API_KEY || undefined),
    handshake,
    wav: values.wav,
    texts,
    textRole: oneOf(values['text-role'], ROLES, '--text-role'),
    archive: values.archive,
    realTime: !values.fast,
    idleMs: positive(values.idle, 5, '--idle') * 1000,
    timeoutMs: positive(values.timeout, 120, '--timeout') * 1000,
    json: values.json,
  };
}
