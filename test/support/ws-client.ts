import type { NestExpressApplication } from '@nestjs/platform-express';
import WebSocket from 'ws';
import { startTestApp } from './test-app.js';

/** A server message as the test sees it. */
export type Message = Record<string, unknown> & { type: string };

/** The application listening on a free loopback port, with its WebSocket URL. */
export async function startSessionServer(
  env: Record<string, string> = {},
): Promise<{ app: NestExpressApplication; url: string; baseUrl: string }> {
  const app = await startTestApp(env);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    url: `ws://127.0.0.1:${address.port}/ws`,
    baseUrl: `http://127.0.0.1:${address.port}`,
  };
}

/**
 * A test client: records every message and the close, and waits for what a test expects.
 * Binary messages from the server are not expected and fail the wait.
 */
export class TestClient {
  readonly messages: Message[] = [];
  closeCode?: number;
  closeReason?: string;
  private waiters: (() => void)[] = [];
  readonly closed: Promise<number>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data, isBinary) => {
      if (isBinary) throw new Error('server sent a binary frame');
      this.messages.push(JSON.parse(data.toString()) as Message);
      this.notify();
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        this.closeCode = code;
        this.closeReason = reason.toString();
        this.notify();
        resolve(code);
      });
    });
  }

  static async connect(url: string, headers: Record<string, string> = {}): Promise<TestClient> {
    const socket = new WebSocket(url, { headers });
    const client = new TestClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  /** Connects and completes a handshake; fails unless it is accepted. */
  static async open(url: string, handshake: Record<string, unknown>): Promise<TestClient> {
    const client = await TestClient.connect(url);
    client.json({ type: 'handshake', ...handshake });
    const success = await client.next((m) => m.type === 'HandshakeSuccess' || m.type === 'error');
    if (success.type !== 'HandshakeSuccess') {
      throw new Error(`handshake refused: ${JSON.stringify(success)}`);
    }
    return client;
  }

  json(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  /** The first message (already received or to come) that matches, after `from`. */
  async next(match: (message: Message) => boolean, timeoutMs = 20_000, from = 0): Promise<Message> {
    const found = await this.until(() => this.messages.slice(from).find(match), timeoutMs);
    return found;
  }

  /** Waits until `count` messages match. */
  async count(
    match: (message: Message) => boolean,
    count: number,
    timeoutMs = 20_000,
  ): Promise<Message[]> {
    return this.until(() => {
      const found = this.messages.filter(match);
      return found.length >= count ? found : undefined;
    }, timeoutMs);
  }

  ofType(type: string, sentenceId?: string): Message[] {
    return this.messages.filter(
      (m) => m.type === type && (sentenceId === undefined || m.sentence_id === sentenceId),
    );
  }

  close(): void {
    this.socket.close();
  }

  private until<T>(check: () => T | undefined, timeoutMs: number): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        done();
        reject(
          new Error(
            `timed out after ${timeoutMs} ms; messages: ${JSON.stringify(this.summary())}; close ${this.closeCode}`,
          ),
        );
      }, timeoutMs);
      const attempt = () => {
        const value = check();
        if (value !== undefined) {
          done();
          resolve(value);
          return true;
        }
        if (this.closeCode !== undefined) {
          done();
          reject(
            new Error(
              `closed (${this.closeCode}) before; messages: ${JSON.stringify(this.summary())}`,
            ),
          );
          return true;
        }
        return false;
      };
      const waiter = () => void attempt();
      const done = () => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== waiter);
      };
      if (!attempt()) this.waiters.push(waiter);
    });
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** Messages without their audio, for failure output. */
  summary(): unknown[] {
    return this.messages.map((m) =>
      Object.fromEntries(
        Object.entries(m).filter(([key]) => key !== 'audio_base64' && key !== 'content_base64'),
      ),
    );
  }
}
