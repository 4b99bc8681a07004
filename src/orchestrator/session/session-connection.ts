import { Logger } from '@nestjs/common';
import { describeFailure } from '../../common/errors/describe-failure.js';
import { finishesWithin } from '../../common/timeout/with-timeout.js';
import { failureMessage } from '../protocol/failure-message.js';
import { handshakeRejection, toServerMessage } from '../protocol/server-message-mapper.js';
import type { HandshakeRejectionReason, ServerMessage } from '../protocol/server-messages.js';
import type { Session } from './session.js';
import type { SessionFactory } from './session-factory.js';
import type { SessionHandshakeService } from './session-handshake.service.js';
import { CloseCode, type SessionTransport } from './session-transport.js';

/** The handshake's checks, as the connection uses them (SessionHandshakeService). */
export type HandshakeChecks = Pick<
  SessionHandshakeService,
  'timeoutMs' | 'parse' | 'resolve' | 'rejected'
>;

/** Opens a session from resolved settings (SessionFactory). */
export type SessionOpener = Pick<SessionFactory, 'open'>;

const logger = new Logger('SessionConnection');

/** Frames a client may send before its handshake is answered (e.g. audio right after it). */
const MAX_EARLY_FRAMES = 256;

/** Tells a client without a session that the server is stopping, and closes (1001). */
export function turnAway(transport: SessionTransport): void {
  transport.send(
    toServerMessage({
      kind: 'failure',
      service: 'Session',
      message: 'The server is shutting down; connect again in a moment.',
    }),
  );
  transport.close(CloseCode.GoingAway, 'server shutting down');
}

type Frame = { text: string } | { bytes: Uint8Array };

/**
 * One WebSocket connection: waits for the handshake (decisions §5.1) within HANDSHAKE_TIMEOUT_MS,
 * has it checked, opens the session with the result and answers, or rejects it (close 1008), then
 * hands every frame to its session. Frames that arrive
 * while the handshake is being checked are kept, in order, and given to the session.
 */
export class SessionConnection {
  private phase: 'handshake' | 'opening' | 'session' | 'closed' = 'handshake';
  private session?: Session;
  /** The handshake being checked, once the client has sent it. */
  private opening?: Promise<void>;
  private readonly early: Frame[] = [];
  private readonly timer: NodeJS.Timeout;
  private readonly closedPromise: Promise<void>;
  private resolveClosed!: () => void;

  constructor(
    private readonly handshakes: HandshakeChecks,
    private readonly sessions: SessionOpener,
    private readonly transport: SessionTransport,
    private readonly releaseSlot: () => void,
  ) {
    this.timer = setTimeout(
      () =>
        this.reject(
          'timeout',
          `No handshake within ${handshakes.timeoutMs} ms of connecting; send {"type":"handshake","language_medic":"…","language_patient":"…"} first.`,
        ),
      handshakes.timeoutMs,
    );
    this.closedPromise = new Promise((resolve) => (this.resolveClosed = resolve));
  }

  /** Resolves once the transport has closed. */
  get closed(): Promise<void> {
    return this.closedPromise;
  }

  onText(text: string): void {
    if (this.phase === 'session') return this.session!.handleText(text);
    if (this.phase === 'opening') return this.keep({ text });
    if (this.phase === 'handshake') this.opening = this.handshake(text);
  }

  onBinary(bytes: Uint8Array): void {
    if (this.phase === 'session') return this.session!.handleAudio(bytes);
    if (this.phase === 'opening') return this.keep({ bytes });
    if (this.phase === 'handshake') {
      this.transport.send(
        toServerMessage({
          kind: 'failure',
          service: 'Session',
          message:
            'Audio arrived before the handshake and was ignored. Send the handshake as the first text frame, wait for HandshakeSuccess, then stream audio.',
        }),
      );
    }
  }

  onClose(): void {
    const previous = this.phase;
    this.phase = 'closed';
    clearTimeout(this.timer);
    this.releaseSlot();
    if (previous === 'session') this.session!.transportClosed();
    this.resolveClosed();
  }

  /**
   * The server is shutting down. A handshake being checked is let finish first, until `deadline`
   * (epoch ms): the engines are still up, and its client may already have sent sentences. The
   * session is then ended by `end`; a connection that has none by then is turned away (1001).
   * Resolves once the session has ended.
   */
  async shutDown(end: (session: Session) => Promise<void>, deadline: number): Promise<void> {
    if (this.phase === 'opening') await finishesWithin(this.opening!, deadline - Date.now());
    if (this.phase === 'session') return end(this.session!);
    if (this.phase === 'closed') return;
    clearTimeout(this.timer);
    this.phase = 'closed';
    turnAway(this.transport);
    this.releaseSlot();
  }

  private async handshake(frame: string): Promise<void> {
    const parsed = this.handshakes.parse(frame);
    if (!parsed.ok) return this.reject(parsed.reason, parsed.message);
    // The client was in time; the server's own checks (the voice list, at the first session after
    // start) do not count against HANDSHAKE_TIMEOUT_MS.
    clearTimeout(this.timer);
    this.phase = 'opening';
    let opened:
      | { ok: true; session: Session; reply: ServerMessage }
      | { ok: false; reason: HandshakeRejectionReason; message: string };
    try {
      const resolved = await this.handshakes.resolve(parsed.handshake);
      opened = resolved.ok
        ? { ...resolved, session: this.sessions.open(resolved.settings, this.transport) }
        : resolved;
    } catch (error) {
      return this.failToOpen(error);
    }
    if (this.isClosed()) {
      if (opened.ok) opened.session.transportClosed();
      return;
    }
    if (!opened.ok) return this.reject(opened.reason, opened.message);
    clearTimeout(this.timer);
    if (!this.transport.send(opened.reply)) {
      this.handshakes.rejected('send_failed');
      opened.session.transportClosed();
      this.phase = 'closed';
      this.releaseSlot();
      this.transport.close(CloseCode.PolicyViolation, 'handshake reply could not be sent');
      return;
    }
    this.session = opened.session;
    this.phase = 'session';
    this.releaseSlot();
    for (const early of this.early.splice(0)) {
      if ('text' in early) this.session.handleText(early.text);
      else this.session.handleAudio(early.bytes);
    }
  }

  /**
   * An engine failed while the handshake was checked (e.g. espeak-ng's voice check): not the
   * client's fault, and not kept by the engine, so the client may try again (1013).
   */
  private failToOpen(error: unknown): void {
    logger.error({ msg: 'a session could not be opened', failure: describeFailure(error) });
    if (this.isClosed()) return;
    this.phase = 'closed';
    this.transport.send(
      toServerMessage({
        kind: 'failure',
        service: 'Session',
        message: failureMessage(
          error,
          'The session could not be opened because of a server failure; try again in a moment.',
        ),
      }),
    );
    this.transport.close(CloseCode.TryAgainLater, 'session could not be opened');
    this.releaseSlot();
  }

  /** Read through a method: the phase changes while a handshake is awaited. */
  private isClosed(): boolean {
    return this.phase === 'closed';
  }

  private keep(frame: Frame): void {
    if (this.early.length < MAX_EARLY_FRAMES) this.early.push(frame);
  }

  private reject(reason: HandshakeRejectionReason, message: string): void {
    if (this.phase === 'closed' || this.phase === 'session') return;
    clearTimeout(this.timer);
    this.phase = 'closed';
    this.handshakes.rejected(reason);
    this.transport.send(handshakeRejection(reason, message));
    this.transport.close(CloseCode.PolicyViolation, `handshake rejected: ${reason}`);
    this.releaseSlot();
  }
}
