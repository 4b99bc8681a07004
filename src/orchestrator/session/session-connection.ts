import type { HandshakeDto } from '../protocol/dto/handshake.dto.js';
import type { HandshakeRejectionReason, ServerMessage } from '../protocol/server-messages.js';
import type { Session } from './session.js';
import { CloseCode, type SessionTransport } from './session-transport.js';

/** What a connection needs to turn a handshake into a session. */
export interface SessionOpener {
  readonly handshakeTimeoutMs: number;
  parseHandshake(
    frame: string,
  ):
    | { ok: true; handshake: HandshakeDto }
    | { ok: false; reason: HandshakeRejectionReason; message: string };
  /** A session, or why the handshake's values cannot make one. */
  open(
    handshake: HandshakeDto,
    transport: SessionTransport,
  ): Promise<
    | { ok: true; session: Session; success: ServerMessage }
    | { ok: false; reason: HandshakeRejectionReason; message: string }
  >;
  rejected(reason: HandshakeRejectionReason | 'send_failed'): void;
}

/** Frames a client may send before its handshake is answered (e.g. audio right after it). */
const MAX_EARLY_FRAMES = 256;

type Frame = { text: string } | { bytes: Uint8Array };

/**
 * One WebSocket connection: waits for the handshake (decisions §5.1) within HANDSHAKE_TIMEOUT_MS,
 * answers or rejects it (close 1008), then hands every frame to its session. Frames that arrive
 * while the handshake is being checked are kept, in order, and given to the session.
 */
export class SessionConnection {
  private phase: 'handshake' | 'opening' | 'session' | 'closed' = 'handshake';
  private session?: Session;
  private readonly early: Frame[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly opener: SessionOpener,
    private readonly transport: SessionTransport,
    private readonly releaseSlot: () => void,
  ) {
    this.timer = setTimeout(
      () =>
        this.reject(
          'timeout',
          `No handshake within ${opener.handshakeTimeoutMs} ms of connecting; send {"type":"handshake","language_medic":"…","language_patient":"…"} first.`,
        ),
      opener.handshakeTimeoutMs,
    );
  }

  onText(text: string): void {
    if (this.phase === 'session') return this.session!.handleText(text);
    if (this.phase === 'opening') return this.keep({ text });
    if (this.phase === 'handshake') void this.handshake(text);
  }

  onBinary(bytes: Uint8Array): void {
    if (this.phase === 'session') return this.session!.handleAudio(bytes);
    if (this.phase === 'opening') return this.keep({ bytes });
    if (this.phase === 'handshake') {
      this.transport.send({
        type: 'error',
        service: 'Session',
        message:
          'Audio arrived before the handshake and was ignored. Send the handshake as the first text frame, wait for HandshakeSuccess, then stream audio.',
      });
    }
  }

  onClose(): void {
    const previous = this.phase;
    this.phase = 'closed';
    clearTimeout(this.timer);
    this.releaseSlot();
    if (previous === 'session') this.session!.transportClosed();
  }

  private async handshake(frame: string): Promise<void> {
    const parsed = this.opener.parseHandshake(frame);
    if (!parsed.ok) return this.reject(parsed.reason, parsed.message);
    // The client was in time; the server's own checks (the voice list, at the first session after
    // start) do not count against HANDSHAKE_TIMEOUT_MS.
    clearTimeout(this.timer);
    this.phase = 'opening';
    const opened = await this.opener.open(parsed.handshake, this.transport);
    if (this.isClosed()) {
      if (opened.ok) opened.session.transportClosed();
      return;
    }
    if (!opened.ok) return this.reject(opened.reason, opened.message);
    clearTimeout(this.timer);
    if (!this.transport.send(opened.success)) {
      this.opener.rejected('send_failed');
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
    this.opener.rejected(reason);
    this.transport.send({ type: 'error', service: 'Handshake', reason, message });
    this.transport.close(CloseCode.PolicyViolation, `handshake rejected: ${reason}`);
    this.releaseSlot();
  }
}
