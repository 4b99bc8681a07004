/**
 * What phase A costs the machine: the server's RSS and that of its whole process tree
 * (pocketsphinx decoders, Apertium, espeak-ng) every 5 s, the tree's CPU and the client's own
 * CPU as shares of all cores, and the 1-minute load average.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { printTable } from '../support/latency.js';
import { processTreeUsage, residentMiB } from '../support/process-usage.js';

const SAMPLE_EVERY_MS = 5000;

export class PhaseResources {
  private readonly rss: number[] = [];
  private readonly treeRss: number[] = [];
  private readonly loads: number[] = [loadavg()[0]];
  private readonly cpuBefore: number;
  private readonly clientCpuBefore = process.cpuUsage();
  private readonly started = performance.now();
  private readonly sampler: NodeJS.Timeout;
  private cpuShare = NaN;
  private clientShare = NaN;

  /** Starts sampling; without `pid` (a server not started here) only the client and the load. */
  constructor(private readonly pid?: number) {
    this.cpuBefore = pid ? processTreeUsage(pid).cpuSeconds : NaN;
    this.sample();
    this.sampler = setInterval(() => this.sample(), SAMPLE_EVERY_MS);
  }

  /** Stops sampling; returns the phase's wall time in seconds. */
  stop(): number {
    clearInterval(this.sampler);
    this.sample();
    const wall = (performance.now() - this.started) / 1000;
    if (this.pid) {
      this.cpuShare =
        (processTreeUsage(this.pid).cpuSeconds - this.cpuBefore) / wall / cpus().length;
    }
    const clientCpu = process.cpuUsage(this.clientCpuBefore);
    this.clientShare = (clientCpu.user + clientCpu.system) / 1e6 / wall / cpus().length;
    return wall;
  }

  print(): void {
    const { loads } = this;
    const stats = (series: number[]) =>
      series.length === 0
        ? '–'
        : `${Math.min(...series).toFixed(0)} / ${Math.max(...series).toFixed(0)} / ${series[series.length - 1].toFixed(0)}`;
    console.log('\nResources during phase A:\n');
    printTable(
      [
        'server RSS MiB min / max / end',
        'server + workers RSS MiB min / max / end',
        'server CPU (with workers), % of all cores',
        'bench client CPU, % of all cores',
        '1-min load average start / max / end',
      ],
      [
        [
          stats(this.rss),
          stats(this.treeRss),
          this.pid ? `${(this.cpuShare * 100).toFixed(0)} %` : '–',
          `${(this.clientShare * 100).toFixed(0)} %`,
          `${loads[0].toFixed(1)} / ${Math.max(...loads).toFixed(1)} / ${loads[loads.length - 1].toFixed(1)}`,
        ],
      ],
    );
    if (this.pid) {
      console.log(`\nServer RSS every 5 s (MiB): ${this.rss.map((v) => v.toFixed(0)).join(' ')}`);
    }
  }

  private sample(): void {
    this.loads.push(loadavg()[0]);
    if (!this.pid) return;
    this.rss.push(residentMiB(this.pid));
    this.treeRss.push(processTreeUsage(this.pid).rssMiB);
  }
}
