import { spawn } from 'node:child_process';

/**
 * Runs a program with `input` on stdin and resolves with its stdout (stderr ignored); rejects
 * when it cannot start or exits with another code than 0. For tests and benchmarks that make
 * audio with sox, festival or flite.
 */
export function pipeThrough(
  command: string,
  args: readonly string[],
  input: Buffer | string,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${command}: ${code}`)),
    );
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}
