/**
 * Failures of a backend engine. The global filter answers them with 503 and a `detail` that names
 * the engine and, where it helps, the setting an operator should check.
 */
export class EngineError extends Error {
  constructor(
    /** Capability, e.g. `Translation`. */
    readonly service: string,
    /** Engine name, e.g. `libretranslate`. */
    readonly engine: string,
    message: string,
    /** What an operator can do about it, e.g. `Check LIBRETRANSLATE_URL (http://…) is reachable.` */
    readonly hint?: string,
    /**
     * The remote server's own error text. Shown to the client (it may quote the client's text),
     * never logged: a server can echo part of a conversation.
     */
    readonly remote?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** The client-facing sentence: no stack, no internal detail beyond the engine and the hint. */
  get detail(): string {
    const remote = this.remote && !/[.!?…]$/.test(this.remote) ? `${this.remote}.` : this.remote;
    const said = remote ? ` The server said: ${remote}` : '';
    return [`${this.service} engine '${this.engine}': ${this.message}${said}`, this.hint]
      .filter(Boolean)
      .join(' ');
  }
}

/** The engine did not answer in time. */
export class EngineTimeoutError extends EngineError {}

/** The engine is unreachable, misconfigured or answered with an error. */
export class EngineUnavailableError extends EngineError {}

/** The engine answered, but the answer cannot be used safely (e.g. it changed a dose). */
export class EngineOutputRejectedError extends EngineError {}
