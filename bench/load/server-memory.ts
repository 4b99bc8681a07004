/**
 * The server's memory as phase B reads it: VmRSS from /proc, and from `GET /metrics`
 * nodejs_heap_size_used_bytes, process_resident_memory_bytes and the sessions still open
 * (orchestrator_ws_connections_total − orchestrator_ws_disconnections_total).
 */
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { residentMiB } from '../support/process-usage.js';

const MiB = 1024 * 1024;

export interface ServerMemory {
  /** VmRSS of the node process; NaN without its pid. */
  rssMiB: number;
  heapUsedMiB: number;
  metricsRssMiB: number;
  /** Sessions still open. */
  open: number;
}

/** A full garbage collection of the server's V8 heap, through its inspector. */
async function collectGarbage(inspectorUrl: string): Promise<void> {
  const socket = new WebSocket(inspectorUrl);
  try {
    await once(socket, 'open');
    const answered = new Promise<void>((resolve, reject) => {
      socket.on('message', (data) => {
        const reply = JSON.parse(String(data)) as { id?: number; error?: { message: string } };
        if (reply.id !== 1) return;
        if (reply.error) reject(new Error(`collectGarbage: ${reply.error.message}`));
        else resolve();
      });
      socket.on('close', () => reject(new Error('the inspector closed before answering')));
    });
    socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
    await answered;
  } finally {
    socket.close();
  }
}

/** The samples of `GET /metrics`, each metric name summed over its label sets. */
async function scrapeMetrics(base: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    values.set(match[1], (values.get(match[1]) ?? 0) + Number(match[2]));
  }
  return values;
}

const openSessions = (metrics: Map<string, number>) =>
  (metrics.get('orchestrator_ws_connections_total') ?? NaN) -
  (metrics.get('orchestrator_ws_disconnections_total') ?? NaN);

/**
 * Reads the server's memory once no session is open (waiting up to 5 s: abruptly closed sessions
 * are released when the server sees the TCP close) and, with `inspectorUrl`, after a full
 * garbage collection, so that the heap figure is live memory, not live memory plus garbage.
 */
export async function readServerMemory(
  base: string,
  pid?: number,
  inspectorUrl?: string,
): Promise<ServerMemory> {
  let metrics = await scrapeMetrics(base);
  for (let i = 0; i < 50 && openSessions(metrics) > 0; i++) {
    await sleep(100);
    metrics = await scrapeMetrics(base);
  }
  if (inspectorUrl) {
    await collectGarbage(inspectorUrl);
    metrics = await scrapeMetrics(base);
  }
  return {
    rssMiB: pid ? residentMiB(pid) : NaN,
    heapUsedMiB: (metrics.get('nodejs_heap_size_used_bytes') ?? NaN) / MiB,
    metricsRssMiB: (metrics.get('process_resident_memory_bytes') ?? NaN) / MiB,
    open: openSessions(metrics),
  };
}
