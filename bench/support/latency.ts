/** Runs `task` from `concurrency` workers until `total` calls are done; returns every latency in ms. */
export async function measure(
  total: number,
  concurrency: number,
  task: () => Promise<void>,
): Promise<{ latencies: number[]; seconds: number }> {
  const latencies: number[] = [];
  let started = 0;
  const begin = process.hrtime.bigint();
  const worker = async () => {
    while (started < total) {
      started++;
      const t0 = process.hrtime.bigint();
      await task();
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, seconds: Number(process.hrtime.bigint() - begin) / 1e9 };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Prints rows as a Markdown table, ready for docs/benchmarks.md. */
export function printTable(headers: string[], rows: (string | number)[][]): void {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  console.log([line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n'));
}

/** "p50 / p95" of latencies in whole ms, or "–" when there are none. */
export function formatP50P95(values: number[]): string {
  return values.length === 0
    ? '–'
    : `${percentile(values, 50).toFixed(0)} / ${percentile(values, 95).toFixed(0)}`;
}
