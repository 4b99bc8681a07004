/**
 * The end of the privacy check: the server stopped with SIGTERM as in production (so that its
 * shutdown is traced too; strace exits with it), then its trace, its storage writes and its whole
 * log audited, the findings printed and judged.
 */
import type { BuiltServer } from '../../test/support/built-server.js';
import { printTable } from '../support/latency.js';
import { type PrivacyReport, type PrivacyWatch, writeBytes } from './privacy-watch.js';

/** Stops the server, prints the privacy table and findings; returns the verdict. */
export async function stopAndAuditPrivacy(
  server: BuiltServer,
  privacy: PrivacyWatch,
): Promise<string> {
  const written = writeBytes(server.pid);
  await server.stop();
  const report = privacy.report(server.stdout() + server.stderr(), written);
  printPrivacy(report);
  const clean =
    report.trace.fileChanges.length === 0 &&
    report.trace.outsideConnections.length === 0 &&
    report.found.length === 0 &&
    report.trace.calls > 0;
  return (
    `Privacy: ${clean ? 'PASS' : 'FAIL'}, ${report.trace.fileChanges.length} files created, written, moved or removed and ` +
    `${report.trace.outsideConnections.length} connections to other machines in ${report.trace.calls} traced calls (strace -f, start to exit); ` +
    `${report.writeBytes} bytes written to storage by the server (/proc/PID/io); ` +
    `${report.found.length} of ${report.textsSearched} texts and ${report.wordsSearched} words found in ${(report.logBytes / 1024).toFixed(0)} KiB of logs (LOG_LEVEL=info)`
  );
}

function printPrivacy(report: PrivacyReport): void {
  console.log(
    '\nPrivacy across the run (server under strace -f from start to exit, LOG_LEVEL=info):\n',
  );
  printTable(
    ['check', 'result'],
    [
      ['traced file and connect calls', report.trace.calls],
      ['files created, written, moved or removed', report.trace.fileChanges.length],
      ['connections to other machines', report.trace.outsideConnections.length],
      ['bytes written to storage (server, /proc/PID/io)', report.writeBytes],
      ['log captured', `${(report.logBytes / 1024).toFixed(0)} KiB`],
      ['texts said searched (whole)', report.textsSearched],
      ['their words of 7+ letters searched', report.wordsSearched],
      ['found in the logs', report.found.length],
    ],
  );
  for (const line of [...report.trace.fileChanges, ...report.trace.outsideConnections]) {
    console.log(`  ${line}`);
  }
  for (const finding of report.found) console.log(`  "${finding.said}" in: ${finding.context}`);
}
