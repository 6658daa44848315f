// Issue 36, item 5: the database's disk fills up under Verify and ingest load. Every refused write
// must answer 503 STORAGE_FULL with Retry-After (never a 500), /api/health must say so, the server
// must log it once rather than per request, nothing acknowledged may be lost, and writes must go
// through again soon after space is freed, with no restart.
//
// The embedded PostgreSQL's directory (DATA_DIR/pg) is a small tmpfs of its own, mounted by this
// test; a file on it then takes all but a little of the space. Mounting needs root (as the CI
// container runs), so elsewhere the file is skipped.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, statfs, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUser } from '@/lib/db/postgres-process';
import { freePort, type LauncherProcess, spawnLauncher } from '../../scripts/support/launch-server';
import { exitOf, killGroup, stored } from './reliability-support';

const run = promisify(execFile);
const root = process.getuid?.() === 0;

/** The tmpfs under the database: its initial cluster, migrations and demo data take about 70 MB. */
const TMPFS_MB = 160;
/** What the filler leaves free: a few hundred Verify calls' worth, used up within seconds. */
const LEAVE_FREE_BYTES = 3 * 1024 * 1024;

interface Answer {
  kind: 'verify' | 'events';
  status: number;
  code: string | null;
  retryAfter: string | null;
  /** What the call stored when it was acknowledged (the session id, or the event ids). */
  stored: string[];
}

describe.runIf(root)('a full disk under the database', () => {
  let dataDir = '';
  let mountPoint = '';
  let mounted = false;
  let launcher: LauncherProcess | undefined;
  let key = '';
  const filler = () => path.join(mountPoint, 'filler');

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'verity-full-'));
    mountPoint = path.join(dataDir, 'pg');
    await mkdir(mountPoint);
    const owner = (await postgresUser()) ?? { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
    await run('mount', [
      '-t',
      'tmpfs',
      '-o',
      `size=${TMPFS_MB}m,uid=${owner.uid},gid=${owner.gid},mode=0700`,
      'tmpfs',
      mountPoint,
    ]);
    mounted = true;
    launcher = spawnLauncher({ dataDir, port: await freePort() });
    await launcher.healthy(120_000);
    // A key whose rate limit the load stays under: the answers must be the storage's, not 429s.
    const { stdout } = await run(
      process.execPath,
      [
        'node_modules/tsx/dist/cli.mjs',
        'scripts/keys.ts',
        'create',
        '--workspace',
        'full-disk',
        '--scopes',
        'verify,ingest',
        '--rate-limit',
        '100000/s',
      ],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', MIGRATION_DATABASE_URL: '' } },
    );
    key = (JSON.parse(stdout) as { key: string }).key;
  }, 180_000);

  afterAll(async () => {
    if (launcher && launcher.child.exitCode === null && launcher.child.signalCode === null) {
      const exited = exitOf(launcher);
      process.kill(-(launcher.child.pid ?? 0), 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (launcher.child.exitCode === null) await killGroup(launcher);
    }
    if (mounted) await run('umount', ['-l', mountPoint]).catch(() => undefined);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  let sequence = 0;
  const LABEL = 'full-disk';

  async function call(kind: Answer['kind']): Promise<Answer> {
    sequence++;
    const email = `${LABEL}.${sequence}@example.com`;
    const ids = Array.from({ length: 20 }, (_, i) => `${LABEL}-${sequence}-${i}`);
    const body =
      kind === 'verify'
        ? { emails: [email], bio: 'x'.repeat(2000) }
        : ids.map((id) => ({ id, type: 'visitor', observedAt: Date.now() - 60_000, source: LABEL, email }));
    const response = await fetch(`${launcher?.baseUrl}/api/${kind}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    const answer = /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : null;
    const stored =
      kind === 'verify'
        ? response.status === 201 && answer?.sessionId
          ? [answer.sessionId as string]
          : []
        : response.status === 202 && answer?.accepted === ids.length
          ? ids
          : [];
    return {
      kind,
      status: response.status,
      code: answer?.code ?? null,
      retryAfter: response.headers.get('retry-after'),
      stored,
    };
  }

  async function health(): Promise<{ status: number; body: { status?: string; storage?: string } }> {
    const response = await fetch(`${launcher?.baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) });
    return { status: response.status, body: await response.json() };
  }

  it('refuses writes with 503 STORAGE_FULL, says so in health and the log once, and takes writes again when space is freed', async () => {
    expect((await health()).body.storage).toBe('ok');
    // All but a little of the space: a file of zeros (tmpfs pages are real memory).
    const free = await statfs(mountPoint);
    const fill = free.bavail * free.bsize - LEAVE_FREE_BYTES;
    await writeFile(filler(), Buffer.alloc(0));
    const chunk = Buffer.alloc(4 * 1024 * 1024);
    for (let written = 0; written < fill; written += chunk.length) {
      await writeFile(filler(), chunk.subarray(0, Math.min(chunk.length, fill - written)), { flag: 'a' });
    }

    // Load from 4 clients until refusals have been seen for a while (bounded).
    const answers: Answer[] = [];
    let healthDuringFull: Awaited<ReturnType<typeof health>> | null = null;
    const deadline = Date.now() + 90_000;
    const refusedSince = { at: 0 };
    await Promise.all(
      Array.from({ length: 4 }, async (_, client) => {
        while (Date.now() < deadline && (refusedSince.at === 0 || Date.now() - refusedSince.at < 3000)) {
          const answer = await call(client % 2 === 0 ? 'verify' : 'events').catch(() => null);
          if (!answer) continue;
          answers.push(answer);
          if (answer.code === 'STORAGE_FULL' && refusedSince.at === 0) {
            refusedSince.at = Date.now();
            healthDuringFull = await health();
          }
        }
      }),
    );
    const refused = answers.filter((a) => a.status >= 500);
    const summary = answers.reduce<Record<string, number>>((tally, a) => {
      const name = `${a.kind} ${a.status}${a.code ? ` ${a.code}` : ''}`;
      tally[name] = (tally[name] ?? 0) + 1;
      return tally;
    }, {});
    console.log(`[storage-full] answers while filling: ${JSON.stringify(summary)}`);

    expect(refused.some((a) => a.code === 'STORAGE_FULL')).toBe(true);
    // Never a 500: the refusals are 503s with Retry-After (STORAGE_FULL, or UNAVAILABLE while
    // PostgreSQL restarts if it stopped on a WAL write).
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(['STORAGE_FULL', 'UNAVAILABLE']).toContain(answer.code);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect(healthDuringFull).toMatchObject({ status: 503, body: { status: 'unavailable', storage: 'full' } });

    // Space comes back: writes go through again within seconds, with no restart.
    const freedAt = Date.now();
    await unlink(filler());
    let back: Answer | null = null;
    while (Date.now() - freedAt < 30_000) {
      back = await call('verify').catch(() => null);
      if (back?.status === 201) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(back?.status).toBe(201);
    if (back) answers.push(back);

    console.log(`[storage-full] first Verify 201 ${Date.now() - freedAt} ms after space was freed`);
    // Health says ok again at the first write stored 5 s after the last refusal (one write that
    // fits says nothing while others are refused).
    let after = await health();
    while (after.body.storage !== 'ok' && Date.now() - freedAt < 30_000) {
      const write = await call('verify').catch(() => null);
      if (write) answers.push(write);
      await new Promise((r) => setTimeout(r, 250));
      after = await health();
    }
    expect(after).toMatchObject({ status: 200, body: { status: 'ok', storage: 'ok' } });
    console.log(`[storage-full] health storage ok ${Date.now() - freedAt} ms after space was freed`);

    // Logged once per episode (per server process), not once per refused request.
    const log = await readFile(path.join(dataDir, 'server.log'), 'utf8');
    const lines = log.split('\n');
    const opened = lines.filter((l) => l.includes('storage full: writes refused until space is freed'));
    const closed = lines.filter((l) => l.includes('storage full: writes stored again'));
    const processes = Number(process.env.SERVER_PROCESSES ?? 1) || 1;
    expect(opened.length).toBeGreaterThanOrEqual(1);
    expect(opened.length).toBeLessThanOrEqual(processes);
    expect(closed.length).toBeGreaterThanOrEqual(1);
    expect(lines.filter((l) => /"msg":"unhandled error"/.test(l) && /No space left/.test(l))).toEqual([]);

    // Nothing acknowledged was lost.
    const acknowledged = {
      sessions: answers.filter((a) => a.kind === 'verify').flatMap((a) => a.stored),
      events: answers.filter((a) => a.kind === 'events').flatMap((a) => a.stored),
      failures: 0,
    };
    const rows = await stored(dataDir, acknowledged, LABEL);
    expect(rows.sessions).toBe(acknowledged.sessions.length);
    expect(rows.events).toBe(acknowledged.events.length);
    console.log(
      `[storage-full] acknowledged ${acknowledged.sessions.length} sessions and ${acknowledged.events.length} events, all stored`,
    );
  }, 240_000);
});
