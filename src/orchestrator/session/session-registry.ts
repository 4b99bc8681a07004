import { Injectable } from '@nestjs/common';
import type { Session } from './session.js';

/** The live sessions: the only state the orchestrator shares between connections. */
@Injectable()
export class SessionRegistry {
  private readonly sessions = new Map<string, Session>();
  /** Connections that are still in their handshake, counted against the limit too. */
  private pending = 0;

  get size(): number {
    return this.sessions.size;
  }

  /** Live sessions plus connections in their handshake. */
  get occupancy(): number {
    return this.sessions.size + this.pending;
  }

  reserve(): () => void {
    this.pending++;
    let released = false;
    return () => {
      if (!released) this.pending--;
      released = true;
    };
  }

  add(session: Session): void {
    this.sessions.set(session.id, session);
    void session.closed.then(() => this.sessions.delete(session.id));
  }
}
