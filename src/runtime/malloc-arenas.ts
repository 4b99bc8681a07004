/**
 * glibc gives each thread that allocates its own malloc arena, and keeps what the arenas once
 * held. The service's threads (libuv's pool, V8's helpers, Moonshine's worker and onnxruntime)
 * left about 150 MiB of the idle server's memory in arenas (docs/deployment.md, "Memory").
 * One arena is enough for this process, whose allocations are mostly V8's and onnxruntime's own.
 */
export const MALLOC_ARENAS = '1';

/** What restarts the process in place: process.execve's shape (Node.js ≥ 23.11). */
type Execve = (file: string, args: readonly string[], env: NodeJS.ProcessEnv) => never;

/**
 * glibc reads MALLOC_ARENA_MAX only when a process starts, so when it is unset the process
 * replaces itself (same pid, same arguments) with it set; any value the operator set is kept,
 * which is also how to turn this off. Returns only when no restart was needed or possible.
 */
export function restartWithOneMallocArena(
  env: NodeJS.ProcessEnv = process.env,
  execve: Execve | null = (process as { execve?: Execve }).execve ?? null,
  platform: NodeJS.Platform = process.platform,
): void {
  if (env.MALLOC_ARENA_MAX !== undefined || platform !== 'linux' || !execve) return;
  execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...env,
    MALLOC_ARENA_MAX: MALLOC_ARENAS,
  });
}
