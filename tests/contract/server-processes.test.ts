// Issue 12, item 4: `npm start` with SERVER_PROCESSES=2 runs two web server processes behind one
// port (node:cluster). Both serve; a key change reaches both; a process that dies is started
// again while the other serves; a stop ends them all.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRunning } from '../../lib/db/cluster-lock';
import { type LaunchedServer, launchServer } from '../../scripts/support/launch-server';
import { childProcesses } from '../../scripts/support/process-cpu';
import { waitFor } from '../support/poll';
import { type ApiResponse, readResponse, unique } from './support';

const run = promisify(execFile);

let server: LaunchedServer | undefined;

beforeAll(async () => {
  server = await launchServer({ env: { SERVER_PROCESSES: '2' } });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

function launched(): LaunchedServer {
  if (!server) throw new Error('the server did not start');
  return server;
}

/** A Verify call on a connection of its own: the cluster hands out connections, not requests. */
async function verifyOnce(key: string, email: string): Promise<ApiResponse> {
  const response = await fetch(`${launched().baseUrl}/api/verify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}`, Connection: 'close' },
    body: JSON.stringify({ emails: [email] }),
    signal: AbortSignal.timeout(10_000),
  });
  return readResponse(response);
}

/** The request log lines of these request ids: which process served each. */
function servedBy(requestIds: string[]): Set<number> {
  const wanted = new Set(requestIds);
  const processes = new Set<number>();
  for (const line of readFileSync(path.join(launched().dataDir, 'server.log'), 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { requestId?: string; process?: number };
    if (entry.requestId && wanted.has(entry.requestId) && entry.process) processes.add(entry.process);
  }
  return processes;
}

async function keysCli(args: string[]): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'scripts/keys.ts', ...args],
    {
      env: { ...process.env, ...launched().cliEnv },
    },
  );
  return stdout;
}

/** The cluster's primary (a child of the launcher) and its workers. */
function clusterProcesses(): { primary: number; workers: number[] } {
  const primary = childProcesses(launched().pid).find((p) => p.command.includes('server-cluster.mjs'));
  if (!primary) throw new Error('no server-cluster.mjs process under the launcher');
  return { primary: primary.pid, workers: childProcesses(primary.pid).map((p) => p.pid) };
}

describe('SERVER_PROCESSES=2', () => {
  it('starts two web server processes behind one port, and both serve', async () => {
    expect(launched().startupOutput).toContain('2 web server processes');
    expect(clusterProcesses().workers).toHaveLength(2);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await verifyOnce(launched().demoKey, `${unique('cluster')}@example.com`);
      expect(response.status).toBe(201);
      ids.push(response.headers.get('x-request-id') ?? '');
    }
    await waitFor(() => servedBy(ids).size === 2, 3000);
    expect([...servedBy(ids)].sort()).toEqual([1, 2]);
  });

  it('a key revoked with the CLI is refused by every process within a second', async () => {
    const created = JSON.parse(
      await keysCli(['create', '--workspace', unique('ws'), '--scopes', 'verify']),
    ) as { id: string; key: string };
    // Both processes hold the key in their caches.
    for (let i = 0; i < 6; i++)
      expect((await verifyOnce(created.key, `${unique('warm')}@example.com`)).status).toBe(201);
    await keysCli(['revoke', created.id]);
    const revokedAt = Date.now();
    // The documented bound (docs/api/keys-and-auth.md): a second after the CLI returned, no
    // process accepts the key; the connections alternate between them.
    await new Promise((r) => setTimeout(r, Math.max(0, revokedAt + 1000 - Date.now())));
    for (let i = 0; i < 8; i++)
      expect((await verifyOnce(created.key, `${unique('after')}@example.com`)).status).toBe(401);
  });

  it('a web server process that dies is started again while the other keeps serving', async () => {
    const before = clusterProcesses();
    const [victim] = before.workers;
    if (!victim) throw new Error('no worker');
    process.kill(victim, 'SIGKILL');
    // A connection handed to the victim in the instant it died may be lost (node:cluster); the
    // calls after it are served by the survivor, then by both.
    let served = 0;
    for (let i = 0; i < 6; i++) {
      const status = await verifyOnce(launched().demoKey, `${unique('survive')}@example.com`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 201) served++;
    }
    expect(served).toBeGreaterThanOrEqual(5);
    await waitFor(() => {
      const workers = clusterProcesses().workers;
      return workers.length === 2 && !workers.includes(victim);
    }, 30_000);
    expect(clusterProcesses().primary).toBe(before.primary);
    const log = readFileSync(path.join(launched().dataDir, 'server.log'), 'utf8');
    expect(log).toMatch(/\[verity\] web server process [12] exited \(SIGKILL\): starting it again/);
    await waitFor(
      async () => (await verifyOnce(launched().demoKey, `${unique('back')}@example.com`)).status === 201,
      10_000,
    );
  }, 60_000);

  it('a stop ends the launcher, the primary and every web server process', async () => {
    const { primary, workers } = clusterProcesses();
    await launched().stop();
    for (const pid of [primary, ...workers, launched().pid]) expect(isRunning(pid)).toBe(false);
    server = undefined;
  }, 30_000);
});
