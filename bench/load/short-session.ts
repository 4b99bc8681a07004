/**
 * Phase B's short session: handshake, one `text_input`, its branch-B `tts_audio`, then
 * `conversation_exit` with the archive; or, when `abrupt`, cut with terminate() (no close frame,
 * no exit) as soon as its asr_result arrives, its pipeline still running.
 */
import { SessionConnection } from '../../tools/session-client/session-connection.js';
import { clientSocketOf } from './client-socket.js';
import type { PrivacyWatch } from './privacy-watch.js';

export interface ShortSessionResult {
  ok: boolean;
  abrupt: boolean;
  problem?: string;
}

/** The `index`th short session: every 5th is cut abruptly. */
export async function runShortSession(
  wsUrl: string,
  index: number,
  text: string,
  privacy?: PrivacyWatch,
): Promise<ShortSessionResult> {
  const abrupt = index % 5 === 4;
  const session = new SessionConnection();
  try {
    privacy?.saw(text);
    return await shortSession(wsUrl, session, text, abrupt);
  } finally {
    privacy?.sawMessages(session.received);
  }
}

async function shortSession(
  wsUrl: string,
  session: SessionConnection,
  text: string,
  abrupt: boolean,
): Promise<ShortSessionResult> {
  try {
    await session.connect(wsUrl, { language_medic: 'es', language_patient: 'en' });
    const since = session.received.length;
    session.sendJson({ type: 'text_input', text, role: 'patient' });
    if (abrupt) {
      await session.waitFor((message) => message.type === 'asr_result', 30_000, { since });
      clientSocketOf(session)?.terminate();
      return { ok: true, abrupt };
    }
    await session.waitFor(
      (message) =>
        (message.type === 'tts_audio' && message.branch === 'B') ||
        (message.type === 'error' &&
          typeof message.sentence_id === 'string' &&
          message.service !== 'Back-translation'),
      30_000,
      { since },
    );
    const exit = await session.exit({ archive: true, timeoutMs: 30_000 });
    const errors = session.received.filter(({ message }) => message.type === 'error');
    const problem =
      errors.length > 0
        ? `error ${errors.map(({ message }) => String(message.service)).join(', ')}`
        : !exit.archive
          ? 'no archive'
          : exit.closeCode !== 1000
            ? `close ${exit.closeCode}`
            : undefined;
    return { ok: !problem, abrupt, problem };
  } catch (error) {
    clientSocketOf(session)?.terminate();
    return { ok: false, abrupt, problem: error instanceof Error ? error.message : String(error) };
  }
}
