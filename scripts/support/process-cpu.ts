// CPU time of the launched product by process (Linux /proc): where a request's cost goes, the
// server processes or the embedded PostgreSQL's, without a profiler.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks are USER_HZ, 100 a second on Linux. */
const TICK_MS = 10;

export interface CpuTime {
  /** Milliseconds of CPU used by the launcher and the server processes. */
  server: number;
  /** Milliseconds used by the PostgreSQL processes (the embedded cluster's). */
  database: number;
}

interface ProcessStat {
  pid: number;
  comm: string;
  ppid: number;
  group: number;
  ms: number;
  /** CPU of its children that ended and were waited for (a PostgreSQL backend that exited). */
  reapedMs: number;
}

function processes(): ProcessStat[] {
  const found: ProcessStat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended since the listing
    }
    // `pid (comm) state ppid pgrp ... utime stime`: comm may hold spaces, so split after its ')'.
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    found.push({
      pid: Number(entry),
      comm: stat.slice(stat.indexOf('(') + 1, close),
      ppid: Number(fields[1]),
      group: Number(fields[2]),
      ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      reapedMs: (Number(fields[13]) + Number(fields[14])) * TICK_MS,
    });
  }
  return found;
}

/** The live children of a process, with their command lines (the server's cluster workers). */
export function childProcesses(pid: number): { pid: number; command: string }[] {
  return processes()
    .filter((p) => p.ppid === pid)
    .map((p) => ({ pid: p.pid, command: commandLine(p.pid) }));
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/**
 * CPU used so far by the launched product: the processes of the launcher's process group, and
 * the PostgreSQL whose command line names a directory under `dataDir` with its backends.
 */
export function productCpu(processGroup: number, dataDir: string): CpuTime {
  const all = processes();
  const postmasters = new Set(
    all.filter((p) => p.comm === 'postgres' && commandLine(p.pid).includes(dataDir)).map((p) => p.pid),
  );
  const total: CpuTime = { server: 0, database: 0 };
  for (const p of all) {
    // A backend that exits (a pool connection closed, an autovacuum worker) leaves its CPU in
    // the postmaster's reaped total, so a window's difference never goes negative.
    if (postmasters.has(p.pid)) total.database += p.ms + p.reapedMs;
    else if (postmasters.has(p.ppid)) total.database += p.ms;
    else if (p.group === processGroup) total.server += p.ms + p.reapedMs;
  }
  return total;
}
