import { existsSync, readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Who holds an embedded cluster's data directory, read from its `postmaster.pid`. A server killed
 * with SIGKILL leaves the file behind, and for a moment its processes are still exiting and
 * attached to the old shared memory, which PostgreSQL refuses to start over. The launcher's first
 * start and the supervisor's restarts both wait here, for a bounded time, until the old one let go.
 */

export interface LockFile {
  pid: number;
  dataDir: string;
  port: number | null;
  /** The SysV interlock segment's id (PostgreSQL refuses to start while any process attaches it). */
  shmId: number | null;
}

export type ClusterHolder =
  | { state: 'free' }
  /** A running postmaster serving this data directory (not a dying one). */
  | { state: 'live'; pid: number; port: number | null };

export async function readLockFile(databaseDir: string): Promise<LockFile | null> {
  const file = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const lines = (await readFile(file, 'utf8').catch(() => '')).split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  const port = Number(lines[3]);
  const shmId = Number(lines[6]?.trim().split(/\s+/)[1]);
  return {
    pid,
    dataDir: lines[1] ?? '',
    port: Number.isInteger(port) && port > 0 ? port : null,
    shmId: Number.isInteger(shmId) ? shmId : null,
  };
}

/**
 * Gone, a zombie (exited, not yet reaped: a SIGKILLed process whose parent died too lingers so
 * until init reaps it) or running.
 */
export function processState(pid: number): 'gone' | 'zombie' | 'running' {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return 'gone';
  }
  const stat = readProc(`/proc/${pid}/stat`);
  if (stat === null) return 'running';
  // The state follows the command name in parentheses, which may itself contain ') '.
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state === 'Z' || state === 'X' ? 'zombie' : 'running';
}

export function isRunning(pid: number): boolean {
  return processState(pid) === 'running';
}

function readProc(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Whether the process is a postgres of this data directory (true where /proc cannot tell). */
function servesDirectory(pid: number, databaseDir: string): boolean {
  const cmdline = readProc(`/proc/${pid}/cmdline`);
  if (cmdline === null) return true;
  const args = cmdline.split('\0');
  return (
    args.some((arg) => path.basename(arg).startsWith('postgres')) &&
    args.some((arg) => path.resolve(arg) === path.resolve(databaseDir))
  );
}

/** Whether processes still attach the old interlock segment (false where /proc cannot tell). */
function sharedMemoryInUse(shmId: number | null): boolean {
  if (shmId === null) return false;
  const table = readProc('/proc/sysvipc/shm');
  if (table === null) return false;
  const header = table.split('\n')[0]?.trim().split(/\s+/) ?? [];
  const idColumn = header.indexOf('shmid');
  const attachedColumn = header.indexOf('nattch');
  if (idColumn < 0 || attachedColumn < 0) return false;
  return table
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .some((row) => Number(row[idColumn]) === shmId && Number(row[attachedColumn]) > 0);
}

/**
 * Waits up to `timeoutMs` for a stale or dying cluster to let go of DATA_DIR/pg: its postmaster
 * gone (or its PID reused by another program, in which case the stale file is removed) and its
 * shared memory detached. A postmaster still serving the directory at the deadline is `live`.
 */
export async function awaitClusterRelease(databaseDir: string, timeoutMs: number): Promise<ClusterHolder> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lock = await readLockFile(databaseDir);
    if (!lock) return { state: 'free' };
    const state = processState(lock.pid);
    if (state === 'running' && !servesDirectory(lock.pid, databaseDir)) {
      // The PID now belongs to another program: PostgreSQL would refuse the file, so drop it.
      await rm(path.join(databaseDir, 'postmaster.pid'), { force: true });
      return { state: 'free' };
    }
    if (state !== 'running' && !sharedMemoryInUse(lock.shmId)) {
      // PostgreSQL takes a zombie for a live postmaster (kill(pid, 0) succeeds): it holds
      // nothing any more, so its lock file goes.
      if (state === 'zombie') await rm(path.join(databaseDir, 'postmaster.pid'), { force: true });
      return { state: 'free' };
    }
    if (Date.now() >= deadline) {
      return state === 'running' ? { state: 'live', pid: lock.pid, port: lock.port } : { state: 'free' };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
