import { describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Piscina } from 'piscina';
import { acquirePool, releasePool } from './moonshine-pool.js';

/** A worker thread that answers its own thread id: which thread served a task. */
function workerFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'moonshine-pool-'));
  const file = join(dir, 'worker.mjs');
  writeFileSync(
    file,
    "import { threadId } from 'node:worker_threads';\nexport default () => threadId;\n",
  );
  return pathToFileURL(file).href;
}

const options = (worker: string, threads = 1) => ({
  worker,
  encoder: 'encoder.onnx',
  decoder: 'decoder.onnx',
  threads,
  maxQueue: 16,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the shared Moonshine pool', () => {
  it('gives engines of the same model and size one pool, warmed once', async () => {
    const worker = workerFile();
    const warm = jest.fn((pool: Piscina) => pool.run({}).then(() => undefined));
    const first = acquirePool(options(worker), warm);
    const second = acquirePool(options(worker), warm);
    const other = acquirePool(options(worker, 2), warm);
    await Promise.all([first.warm, second.warm, other.warm]);
    expect(second.pool).toBe(first.pool);
    expect(other.pool).not.toBe(first.pool);
    expect(warm).toHaveBeenCalledTimes(2);
    for (const pool of [first.pool, second.pool, other.pool]) releasePool(pool, 50);
    await sleep(200);
  });

  it('keeps it for the next engine until the linger ends, then destroys it', async () => {
    const worker = workerFile();
    const warm = jest.fn(async () => undefined);
    const { pool } = acquirePool(options(worker), warm);
    const thread = await pool.run({});
    releasePool(pool, 300);
    const again = acquirePool(options(worker), warm);
    expect(again.pool).toBe(pool); // within the linger: the same threads
    expect(await again.pool.run({})).toBe(thread);
    releasePool(again.pool, 50);
    await sleep(200);
    const later = acquirePool(options(worker), warm);
    expect(later.pool).not.toBe(pool); // after it: a new pool, warmed again
    await later.warm; // warmed once the caller holds it
    expect(warm).toHaveBeenCalledTimes(2);
    expect(pool.threads).toHaveLength(0); // the old one was destroyed
    releasePool(later.pool, 10);
    await sleep(100);
  });

  it('does not keep a pool whose warm-up failed', async () => {
    const worker = workerFile();
    const failing = acquirePool(options(worker), () => Promise.reject(new Error('no model')));
    await expect(failing.warm).rejects.toThrow('no model');
    const next = acquirePool(options(worker), async () => undefined);
    expect(next.pool).not.toBe(failing.pool);
    releasePool(failing.pool);
    releasePool(next.pool, 10);
    await sleep(100);
  });
});
