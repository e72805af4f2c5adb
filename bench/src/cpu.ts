import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime (clock ticks) and process group of a process, from /proc/<pid>/stat. */
function readStat(pid: number): { ticks: number; systemTicks: number; pgrp: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: split after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): pgrp is field 5, utime 14, stime 15.
    return { pgrp: Number(fields[2]), ticks: Number(fields[11]) + Number(fields[12]), systemTicks: Number(fields[12]) };
  } catch {
    return undefined; // exited
  }
}

/**
 * Write system calls a process has made (`syscw` of /proc/<pid>/io): every statement sent to
 * PostgreSQL, message to RabbitMQ and HTTP request or reply is at least one, so writes per lead count
 * the round trips a lead costs, whatever else the machine is doing.
 */
function readWrites(pid: number): number | undefined {
  try {
    return Number(readFileSync(`/proc/${pid}/io`, 'utf8').match(/^syscw: (\d+)$/m)?.[1] ?? NaN);
  } catch {
    return undefined;
  }
}

/** Every process in process group `pgrp` (the stack runner starts its children in its own group). */
export function processGroup(pgrp: number): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (Number.isInteger(pid) && readStat(pid)?.pgrp === pgrp) pids.push(pid);
  }
  return pids;
}

/**
 * CPU time of a changing set of processes over a window: sampled twice a second, so a process
 * that starts during the window counts from zero and one that exits loses at most one interval.
 */
export class CpuMeter {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private readonly firstSystem = new Map<number, number>();
  private readonly lastSystem = new Map<number, number>();
  private readonly kinds = new Map<number, string>();
  private readonly firstWrites = new Map<number, number>();
  private readonly lastWrites = new Map<number, number>();
  private timer?: NodeJS.Timeout;
  private started = false;

  /** `pids` lists the processes to count now, each with a label (e.g. "node", "postgres"). */
  constructor(private readonly pids: () => Promise<Array<{ pid: number; kind: string }>>) {}

  private async sample(): Promise<void> {
    for (const { pid, kind } of await this.pids()) {
      const stat = readStat(pid);
      if (!stat) continue;
      if (!this.first.has(pid)) this.first.set(pid, this.started ? 0 : stat.ticks);
      this.last.set(pid, stat.ticks);
      if (!this.firstSystem.has(pid)) this.firstSystem.set(pid, this.started ? 0 : stat.systemTicks);
      this.lastSystem.set(pid, stat.systemTicks);
      this.kinds.set(pid, kind);
      const writes = readWrites(pid);
      if (writes === undefined || Number.isNaN(writes)) continue;
      if (!this.firstWrites.has(pid)) this.firstWrites.set(pid, this.started ? 0 : writes);
      this.lastWrites.set(pid, writes);
    }
  }

  async start(): Promise<void> {
    await this.sample();
    this.started = true;
    this.timer = setInterval(() => void this.sample().catch(() => {}), 500);
  }

  /**
   * CPU milliseconds per kind of process since start, and their total; of it, the time in the kernel
   * (stime: system calls, the loopback network, page faults) per kind; write system calls per kind.
   */
  async stop(): Promise<{
    totalMs: number;
    byKind: Record<string, number>;
    systemByKind: Record<string, number>;
    writesByKind: Record<string, number>;
  }> {
    clearInterval(this.timer);
    await this.sample();
    const byKind: Record<string, number> = {};
    let totalMs = 0;
    for (const [pid, last] of this.last) {
      const ms = ((last - (this.first.get(pid) ?? 0)) * 1000) / TICKS_PER_SECOND;
      const kind = this.kinds.get(pid) ?? 'other';
      byKind[kind] = (byKind[kind] ?? 0) + ms;
      totalMs += ms;
    }
    const systemByKind: Record<string, number> = {};
    for (const [pid, last] of this.lastSystem) {
      const kind = this.kinds.get(pid) ?? 'other';
      systemByKind[kind] =
        (systemByKind[kind] ?? 0) + ((last - (this.firstSystem.get(pid) ?? 0)) * 1000) / TICKS_PER_SECOND;
    }
    const writesByKind: Record<string, number> = {};
    for (const [pid, last] of this.lastWrites) {
      const kind = this.kinds.get(pid) ?? 'other';
      writesByKind[kind] = (writesByKind[kind] ?? 0) + last - (this.firstWrites.get(pid) ?? 0);
    }
    return { totalMs, byKind, systemByKind, writesByKind };
  }
}
