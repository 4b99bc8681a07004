/**
 * How glibc's malloc serves this process, measured on the idle server (docs/deployment.md,
 * "Memory"):
 * - MALLOC_ARENA_MAX: glibc gives each thread that allocates its own arena, and keeps what the
 *   arenas once held. The service's threads (libuv's pool, V8's helpers, Moonshine's worker and
 *   onnxruntime) left about 150 MiB in them; one arena is enough for this process, whose
 *   allocations are mostly V8's and onnxruntime's own.
 * - MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_: V8's parser took about 200 MiB of
 *   temporary memory to read the language identifier's n-gram table at start, and glibc kept
 *   most of it after it was freed (its default threshold grows after such frees). Blocks of
 *   32 KiB and more are mapped on their own and go back to the system when freed: about 80 MiB.
 */
export const MALLOC_SETTINGS: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '1',
  MALLOC_MMAP_THRESHOLD_: '32768',
  MALLOC_TRIM_THRESHOLD_: '65536',
};

/** What restarts the process in place: process.execve's shape (Node.js ≥ 23.11). */
type Execve = (file: string, args: readonly string[], env: NodeJS.ProcessEnv) => never;

/**
 * glibc reads these variables only when a process starts, so when none is set the process
 * replaces itself (same pid, same arguments) with them set. An operator who sets any of them
 * keeps their own environment as it is, which is also how to turn this off
 * (e.g. MALLOC_ARENA_MAX=8). Returns only when no restart was needed or possible.
 */
export function restartWithMallocSettings(
  env: NodeJS.ProcessEnv = process.env,
  execve: Execve | null = (process as { execve?: Execve }).execve ?? null,
  platform: NodeJS.Platform = process.platform,
): void {
  if (platform !== 'linux' || !execve) return;
  if (Object.keys(MALLOC_SETTINGS).some((name) => env[name] !== undefined)) return;
  execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...env,
    ...MALLOC_SETTINGS,
  });
}
