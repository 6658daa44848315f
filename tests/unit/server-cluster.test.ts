// Issue 12, item 4: the web server on every core (scripts/support/server-cluster.mjs), driven as
// the launcher drives it, with a small real HTTP server (tests/fixtures/cluster/worker.mjs) in
// place of `next start` so that each case takes a second, not a build.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/support/launch-server';
import { waitFor } from '../support/poll';

const CLUSTER = fileURLToPath(new URL('../../scripts/support/server-cluster.mjs', import.meta.url));
const WORKER = fileURLToPath(new URL('../fixtures/cluster/worker.mjs', import.meta.url));

interface Answer {
  pid: number;
  slot: string;
}

interface Cluster {
  child: ChildProcess;
  port: number;
  output(): string;
  exit: Promise<number | null>;
}

const started: ChildProcess[] = [];

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

async function startCluster(processes: number, ...extra: string[]): Promise<Cluster> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [CLUSTER, String(processes), WORKER, String(port), ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exit };
}

/** One request on a connection of its own (the primary hands out connections, not requests). */
function get(port: number, path = '/'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve(JSON.parse(body) as Answer));
    });
    request.on('error', reject);
    request.setTimeout(3000, () => request.destroy(new Error('no answer within 3 s')));
  });
}

/** Answers once `count` distinct processes have answered, or throws at the deadline. */
async function processesAnswering(port: number, count: number, deadlineMs = 10_000): Promise<Answer[]> {
  const seen = new Map<number, Answer>();
  const deadline = Date.now() + deadlineMs;
  while (seen.size < count) {
    if (Date.now() > deadline) throw new Error(`only ${seen.size} of ${count} processes answered`);
    try {
      const answer = await get(port);
      seen.set(answer.pid, answer);
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return [...seen.values()];
}

// Each case starts real processes; a loaded machine (CI) takes seconds to start a few.

describe('SERVER_PROCESSES copies of the web server behind one port', { timeout: 30_000 }, () => {
  it('connections are spread over every process, each told its slot', async () => {
    const cluster = await startCluster(3);
    const answers = await processesAnswering(cluster.port, 3);
    expect(answers.map((a) => a.slot).sort()).toEqual(['1', '2', '3']);
    expect(new Set(answers.map((a) => a.pid)).has(cluster.child.pid ?? -1)).toBe(false);
  });

  it('a process that dies while serving is replaced, and the port keeps answering', async () => {
    const cluster = await startCluster(2);
    const [victim] = await processesAnswering(cluster.port, 2);
    if (!victim) throw new Error('no process answered');
    process.kill(victim.pid, 'SIGKILL');
    const after = await processesAnswering(cluster.port, 2);
    expect(after.map((a) => a.pid)).not.toContain(victim.pid);
    expect(after.map((a) => a.slot).sort()).toEqual(['1', '2']);
    expect(cluster.output()).toContain(
      `web server process ${victim.slot} exited (SIGKILL): starting it again`,
    );
    expect(cluster.child.exitCode).toBeNull();
  });

  it('a process that cannot start stops the whole server with its exit code', async () => {
    const cluster = await startCluster(2, 'fail');
    expect(await cluster.exit).toBe(3);
    expect(cluster.output()).toMatch(/web server process \d failed to start \(code 3\): stopping/);
  });

  it('SIGTERM lets an in-flight request finish, then every process and the primary exit', async () => {
    const cluster = await startCluster(2);
    const answers = await processesAnswering(cluster.port, 2);
    const slow = get(cluster.port, '/slow');
    await waitFor(() => cluster.output().includes('slow request in flight'), 10_000);
    cluster.child.kill('SIGTERM');
    expect((await slow).pid).toBeGreaterThan(0);
    expect(await cluster.exit).toBe(0);
    for (const answer of answers) expect(() => process.kill(answer.pid, 0)).toThrow();
    await expect(get(cluster.port)).rejects.toThrow();
  });
});
