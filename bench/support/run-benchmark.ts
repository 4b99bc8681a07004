/**
 * Runs a benchmark's main and exits: 0 once it is done (open sockets or timers left by the
 * clients do not keep it waiting), 1 after printing what went wrong for a person to act on.
 */
export function runBenchmark(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
