/**
 * The privacy check of a whole load run (issue 8): the server runs under `strace -f` from its
 * first instruction to its exit, its logs are kept whole, and everything said in the run (the
 * recordings' texts, the typed and HTTP texts, and every text the server sent back) is searched
 * for in them afterwards.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findSaidInLogs, type LogFinding, wordsOf } from '../../tools/privacy-audit/log-audit.js';
import {
  auditTrace,
  straceArguments,
  type TraceAudit,
} from '../../tools/privacy-audit/strace-audit.js';

export interface PrivacyReport {
  trace: TraceAudit;
  /** Bytes the server process caused to be written to storage (/proc/PID/io write_bytes). */
  writeBytes: number;
  textsSearched: number;
  wordsSearched: number;
  logBytes: number;
  found: LogFinding[];
}

export class PrivacyWatch {
  private readonly dir = mkdtempSync(join(tmpdir(), 'load-privacy-'));
  readonly traceFile = join(this.dir, 'trace.txt');
  private readonly said = new Set<string>();

  /** The command the server runs under: strace, writing to `traceFile`. */
  wrapper(): string[] {
    return ['strace', ...straceArguments(this.traceFile)];
  }

  /** A text the run said to the server, or that the server said back. */
  saw(text: unknown): void {
    if (typeof text === 'string' && text.trim() !== '') this.said.add(text);
  }

  /** The texts of the server's messages (recognized, translated, reformulated, back-translated). */
  sawMessages(messages: Iterable<{ message: Record<string, unknown> }>): void {
    for (const { message } of messages) this.saw(message.text);
  }

  /** Read once the server has exited, so that strace has written everything. */
  report(logs: string, writeBytes: number): PrivacyReport {
    const texts = [...this.said];
    const report = {
      trace: auditTrace(readFileSync(this.traceFile, 'utf8')),
      writeBytes,
      textsSearched: texts.length,
      wordsSearched: wordsOf(texts).length,
      logBytes: Buffer.byteLength(logs),
      found: findSaidInLogs(logs, texts),
    };
    rmSync(this.dir, { recursive: true, force: true });
    return report;
  }
}

/** Bytes the process caused to be written to storage so far; NaN when unreadable. */
export function writeBytes(pid: number): number {
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    return Number(/^write_bytes:\s*(\d+)/m.exec(io)?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}
