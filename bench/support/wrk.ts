import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('./wrk-post.lua', import.meta.url));

export interface WrkResult {
  requests: number;
  seconds: number;
  p50Ms: number;
  p95Ms: number;
  failures: number;
}

/**
 * Load from wrk (Debian package, C): a native client keeps the load generator's own CPU cost
 * small, which matters on a 2-core machine where client, server and engine share the cores.
 * `connections` keep-alive connections, each a closed loop, i.e. that many concurrent clients.
 */
export async function wrkPost(
  url: string,
  body: string,
  connections: number,
  seconds: number,
): Promise<WrkResult> {
  const { stdout } = await run(
    'wrk',
    [
      '-t',
      String(Math.min(connections, 2)),
      '-c',
      String(connections),
      '-d',
      `${seconds}s`,
      '-s',
      SCRIPT,
      url,
    ],
    { env: { ...process.env, WRK_BODY: body } },
  );
  const json = stdout.split('\n').find((line) => line.startsWith('{"requests"'));
  if (!json) throw new Error(`wrk printed no summary:\n${stdout}`);
  const r = JSON.parse(json) as {
    requests: number;
    seconds: number;
    p50_us: number;
    p95_us: number;
    socket_errors: number;
    non2xx: number;
  };
  return {
    requests: r.requests,
    seconds: r.seconds,
    p50Ms: r.p50_us / 1000,
    p95Ms: r.p95_us / 1000,
    failures: r.socket_errors + r.non2xx,
  };
}
