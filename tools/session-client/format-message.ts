import { parseWav } from './wav-file.js';
import type { ServerMessage } from './session-connection.js';

const RED = '\u001b[1;31m';
const RESET = '\u001b[0m';

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const quote = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : '');
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Bytes encoded by a Base64 string, without decoding it. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** "2.31 s of audio, 73.9 kB wav" for a tts_audio payload (size only if it is not 16-bit PCM). */
export function describeWavBase64(base64: string): string {
  const bytes = base64Bytes(base64);
  try {
    const wav = parseWav(Buffer.from(base64, 'base64'));
    return `${(wav.samples.length / wav.sampleRate).toFixed(2)} s of audio, ${kB(bytes)} wav`;
  } catch {
    return `${kB(bytes)} (not a 16-bit PCM WAV)`;
  }
}

/** The message with its Base64 payloads replaced by their size (for --json and logs). */
export function elideBinary(message: ServerMessage): ServerMessage {
  const copy: ServerMessage = { ...message };
  for (const key of ['audio_base64', 'content_base64']) {
    const value = copy[key];
    if (typeof value === 'string') copy[key] = `<${base64Bytes(value)} bytes>`;
  }
  return copy;
}

/**
 * One human-readable line per server message: time since the start, sentence id, type, then
 * what matters for that type (texts quoted; audio and archives by size, never their Base64).
 */
export function formatMessage(
  message: ServerMessage,
  secondsSinceStart: number,
  options: { color?: boolean } = {},
): string {
  const time = `+${secondsSinceStart.toFixed(3).padStart(7)}s`;
  const sentence = (str(message.sentence_id) ?? '').padEnd(4);
  const head = `${time}  ${sentence}  ${message.type.padEnd(20)}`;
  const m = message;
  const parts: (string | undefined)[] = [];
  switch (m.type) {
    case 'HandshakeSuccess':
      parts.push(
        `session ${str(m.session_id)}`,
        `medic ${str(m.medic_lang)}, patient ${str(m.patient_lang)}`,
        `speed ${String(m.speed)}`,
        `dual ${String(m.enable_dual_direction)}`,
        `${String(m.sample_rate)} Hz ${str(m.audio_format) ?? ''}`.trim(),
        Array.isArray(m.warnings) && m.warnings.length > 0
          ? `warnings: ${m.warnings.map(String).join(' | ')}`
          : undefined,
      );
      break;
    case 'asr_partial':
      parts.push(quote(m.text), '[live caption]');
      break;
    case 'asr_result':
      parts.push(
        `${str(m.role)} ${str(m.language)}`,
        quote(m.text),
        m.source === 'text' ? '[typed]' : `[audio ${String(m.start_ms)}–${String(m.end_ms)} ms]`,
      );
      break;
    case 'translation_result':
      parts.push(
        `A ${str(m.source_language)}→${str(m.target_language)}`,
        quote(m.text),
        m.back_translation !== undefined ? `back: ${quote(m.back_translation)}` : undefined,
        typeof m.fidelity === 'number' ? `fidelity ${m.fidelity.toFixed(2)}` : undefined,
        `rev ${String(m.revision)}`,
      );
      break;
    case 'reformulation_result':
      parts.push(`B ${str(m.language)}`, quote(m.text), `rev ${String(m.revision)}`);
      break;
    case 'tts_audio':
      parts.push(
        `${str(m.branch)} ${str(m.language)}`,
        typeof m.audio_base64 === 'string' ? describeWavBase64(m.audio_base64) : 'no audio',
        `${String(m.sample_rate)} Hz`,
        `speed ${String(m.speed)}`,
        m.revision !== undefined ? `rev ${String(m.revision)}` : undefined,
      );
      break;
    case 'branch_c_result':
      parts.push(
        `C as ${str(m.assumed_role)} ${str(m.source_language)}→${str(m.target_language)}`,
        quote(m.text),
      );
      break;
    case 'branch_c_skipped':
      parts.push(`C skipped: ${str(m.reason)}`);
      break;
    case 'sentence_not_translated':
      parts.push(
        `not translated: ${str(m.reason)} (${str(m.language)})`,
        `rev ${String(m.revision)}`,
      );
      break;
    case 'conversation_archive':
      parts.push(`${str(m.filename)}, ${String(m.size_bytes)} bytes`);
      break;
    case 'error': {
      const reason = str(m.reason) ? ` (${str(m.reason)})` : '';
      const line = `ERROR [${str(m.service) ?? '?'}]${reason} ${str(m.message) ?? ''}`;
      parts.push(options.color ? `${RED}${line}${RESET}` : line);
      break;
    }
    default: {
      const rest: Record<string, unknown> = { ...elideBinary(m) };
      delete rest.type;
      delete rest.sentence_id;
      const json = JSON.stringify(rest);
      if (json !== '{}') parts.push(json.length > 200 ? `${json.slice(0, 199)}…` : json);
    }
  }
  return `${head}  ${parts.filter((part) => part).join('  ')}`.trimEnd();
}
