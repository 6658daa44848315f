// The stale-versus-live test of an embedded cluster's postmaster.pid, against real processes.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { awaitClusterRelease } from '@/lib/db/cluster-lock';

let dir: string;
const children: ChildProcess[] = [];

/** postmaster.pid as PostgreSQL 18 writes it: PID, data directory, start time, port, socket dir, address, shared memory key and id, status. */
async function lockFile(pid: number): Promise<void> {
  await writeFile(
    path.join(dir, 'postmaster.pid'),
    [pid, dir, '1764000000', '54321', '', '127.0.0.1', '  54321001         0', 'ready   ', ''].join('\n'),
  );
}

/** A live process, named postgres with this directory on its command line when `asPostgres`. */
function live(ms: number, asPostgres: boolean): ChildProcess {
  const child = spawn(
    process.execPath,
    ['-e', `setTimeout(() => {}, ${ms})`, asPostgres ? dir : '/elsewhere'],
    {
      argv0: asPostgres ? 'postgres' : 'node',
      stdio: 'ignore',
    },
  );
  children.push(child);
  return child;
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'verity-lock-'));
});

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

describe('awaitClusterRelease', () => {
  it('is free at once without postmaster.pid, or when its PID is gone', async () => {
    expect(await awaitClusterRelease(dir, 1000)).toEqual({ state: 'free' });
    const gone = live(0, true);
    await new Promise((resolve) => gone.once('exit', resolve));
    await lockFile(gone.pid ?? 0);
    const began = Date.now();
    expect(await awaitClusterRelease(dir, 5000)).toEqual({ state: 'free' });
    expect(Date.now() - began).toBeLessThan(1000);
  });

  it('drops the file of a postmaster that is a zombie (PostgreSQL itself would take it for alive)', async () => {
    // The shell's background child exits at once and the exec'd sleep never reaps it.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 5'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    children.push(parent);
    const zombie = Number(
      await new Promise<string>((resolve) =>
        parent.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString())),
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(() => process.kill(zombie, 0)).not.toThrow();
    await lockFile(zombie);
    expect(await awaitClusterRelease(dir, 5000)).toEqual({ state: 'free' });
    expect(existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);
  });

  it('drops the file when its PID now belongs to another program', async () => {
    const other = live(30_000, false);
    await lockFile(other.pid ?? 0);
    expect(await awaitClusterRelease(dir, 5000)).toEqual({ state: 'free' });
    expect(existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);
  });

  it('waits for a postmaster that is exiting, and names one that stays', async () => {
    const dying = live(800, true);
    await lockFile(dying.pid ?? 0);
    const began = Date.now();
    expect(await awaitClusterRelease(dir, 5000)).toEqual({ state: 'free' });
    expect(Date.now() - began).toBeGreaterThanOrEqual(700);

    const staying = live(30_000, true);
    await lockFile(staying.pid ?? 0);
    expect(await awaitClusterRelease(dir, 500)).toEqual({ state: 'live', pid: staying.pid, port: 54321 });
  });
});
