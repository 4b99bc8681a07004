/**
 * Checks an strace log of the service for files written and connections to other machines.
 *
 *   strace -f -qq --seccomp-bpf -e trace=open,openat,…,connect -o trace.txt node dist/main.js
 *   npx tsx tools/privacy-audit/cli.ts trace.txt
 *
 * (the exact strace options are printed by `npx tsx tools/privacy-audit/cli.ts --strace-options`).
 * Exits 1 when it finds either, 2 when the trace cannot be read.
 */
import { readFileSync } from 'node:fs';
import { auditTrace, straceArguments } from './strace-audit.js';

const [argument] = process.argv.slice(2);
if (argument === '--strace-options') {
  console.log(['strace', ...straceArguments('trace.txt')].join(' '));
  process.exit(0);
}
if (!argument || argument.startsWith('-')) {
  console.error('Usage: npx tsx tools/privacy-audit/cli.ts TRACE_FILE | --strace-options');
  process.exit(2);
}
let trace: string;
try {
  trace = readFileSync(argument, 'utf8');
} catch (error) {
  console.error(`Cannot read the trace ${argument}: ${(error as Error).message}`);
  process.exit(2);
}
const audit = auditTrace(trace);
console.log(`${audit.calls} traced calls in ${argument}.`);
console.log(`Files created, written, moved or removed: ${audit.fileChanges.length}`);
for (const line of audit.fileChanges) console.log(`  ${line}`);
console.log(`Connections to other machines: ${audit.outsideConnections.length}`);
for (const line of audit.outsideConnections) console.log(`  ${line}`);
if (audit.calls === 0) {
  console.error('The trace is empty: was strace attached to the service?');
  process.exit(2);
}
process.exit(audit.fileChanges.length + audit.outsideConnections.length > 0 ? 1 : 0);
