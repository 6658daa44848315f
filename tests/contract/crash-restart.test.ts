// Issue 18 and issue 13 (items 1, 3 and 4): a server of this file's own, killed and stopped the
// ways an operator's machine does it, with real processes and its embedded PostgreSQL.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal } from '../../lib/crypto/seal';
import { createPool } from '../../lib/db/client';
import { isRunning } from '../../lib/db/cluster-lock';
import { postgresUser } from '../../lib/db/postgres-process';
import * as schema from '../../lib/db/schema';
import { newId } from '../../lib/ids/ids';
import { createKey } from '../../lib/services/keys/manage-keys';
import { LEASE_MS } from '../../lib/services/webhooks/dispatcher';
import { ENDPOINTS_CACHE_MS } from '../../lib/services/webhooks/outbox';
import { freePort } from '../../scripts/support/launch-server';
import { startDnsServer, type TestDnsServer } from '../support/dns-server';
import { MAIL_ZONE } from '../support/mail-zone';
import { startWebhookReceiver } from '../support/webhook-receiver';
import {
  exitOf,
  killGroup,
  postmasterPid,
  type Site,
  sql,
  start,
  stored,
  writeLoad,
} from './reliability-support';

/** A start right after a SIGKILL of the whole server is healthy within this (measured: about 6 s). */
const RESTART_BOUND_MS = 30_000;
/** After PostgreSQL alone is killed, /api/health is 200 again within this (measured: under 1 s). */
const RECOVERY_BOUND_MS = 10_000;
/** SIGTERM to `npm start` until it has exited, in-flight requests answered (issue 13, item 4). */
const SHUTDOWN_BOUND_MS = 10_000;

let site: Site;
let key: string;
let dns: TestDnsServer;

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const baseUrl = () => site.current.baseUrl;

async function verifyStatus(email: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/verify`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ emails: [email] }),
    signal: AbortSignal.timeout(5000),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Starts the server again on the same DATA_DIR and port; resolves with the time to healthy. */
async function restart(): Promise<number> {
  const began = Date.now();
  site.current = start(site);
  await site.current.healthy(RESTART_BOUND_MS);
  return Date.now() - began;
}

beforeAll(async () => {
  dns = await startDnsServer(MAIL_ZONE);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'verity-crash-'));
  // Usage counts flushed only by a graceful stop (or a reader) here, not by the timer: the SIGTERM
  // test below then shows that the stop flushes them.
  const config = {
    dataDir,
    port: await freePort(),
    env: { DNS_SERVERS: dns.address, USAGE_FLUSH_MS: '60000', WEBHOOK_ALLOW_NETWORKS: '127.0.0.0/8' },
  };
  const first = start(config);
  site = { ...config, current: first };
  await first.healthy(120_000);
  key = first.output().match(/API key\s+(vty_\S+)/)?.[1] ?? '';
  expect(key).not.toBe('');
}, 150_000);

afterAll(async () => {
  const pid = site?.current.child.pid;
  if (pid && site.current.child.exitCode === null && site.current.child.signalCode === null) {
    const exited = exitOf(site.current);
    process.kill(-pid, 'SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (site.current.child.exitCode === null) process.kill(-pid, 'SIGKILL');
  }
  await dns?.close();
  if (site) await rm(site.dataDir, { recursive: true, force: true });
});

describe.sequential('crashes, restarts and shutdown', () => {
  it('PostgreSQL killed under a running server comes back by itself: health 200 and Verify 201 again, nothing acknowledged lost', async () => {
    const label = `pgkill${Date.now()}`;
    const load = writeLoad(baseUrl(), key, { label, writers: 4 });
    const recoveries: number[] = [];
    for (let round = 0; round < 3; round++) {
      await until(
        async () => (load.acknowledged.sessions.length > (round + 1) * 10 ? true : undefined),
        20_000,
      );
      const killed = postmasterPid(site.dataDir);
      process.kill(killed, 'SIGKILL');
      const began = Date.now();
      // Nobody touches the server: the same process answers again once its supervisor restarted PostgreSQL.
      await until(async () => {
        const health = await fetch(`${baseUrl()}/api/health`, { signal: AbortSignal.timeout(3000) });
        return health.status === 200 && postmasterPid(site.dataDir) !== killed ? true : undefined;
      }, RECOVERY_BOUND_MS);
      expect(await verifyStatus(`${label}.after.${round}@example.com`)).toBe(201);
      recoveries.push(Date.now() - began);
    }
    const acknowledged = await load.stop();
    expect(site.current.child.exitCode).toBeNull();
    const output = site.current.notes();
    expect(output).toContain('exited unexpectedly (killed by SIGKILL); restarting it');
    // Repeated crashes back off: the third restart waits longer than the first.
    expect(output).toContain('restart attempt 3 of 5 in 1000 ms');
    expect(output.match(/PostgreSQL is back/g)).toHaveLength(3);
    const rows = await stored(site.dataDir, acknowledged, label);
    expect(rows.sessions).toBe(acknowledged.sessions.length);
    expect(rows.events).toBe(acknowledged.events.length);
    expect(rows.observations).toBe(rows.eventRows);
    console.info(
      `[reliability] postgres SIGKILL x3 under load: health 200 after ${recoveries.join(', ')} ms; ` +
        `${acknowledged.sessions.length} sessions and ${acknowledged.events.length} events acknowledged, all stored`,
    );
  }, 90_000);

  it('SIGKILL of the whole `npm start` process group, started again at once, is healthy each time with every acknowledged write', async () => {
    const label = `groupkill${Date.now()}`;
    const times: number[] = [];
    const totals = { sessions: 0, events: 0 };
    for (let round = 0; round < 3; round++) {
      const load = writeLoad(baseUrl(), key, { label: `${label}r${round}`, writers: 4 });
      await until(async () => (load.acknowledged.sessions.length >= 20 ? true : undefined), 20_000);
      await killGroup(site.current);
      const acknowledged = await load.stop();
      // At once, as a service manager with Restart=always does, while the old processes still exit.
      times.push(await restart());
      const rows = await stored(site.dataDir, acknowledged, `${label}r${round}`);
      expect(rows.sessions).toBe(acknowledged.sessions.length);
      expect(rows.events).toBe(acknowledged.events.length);
      expect(rows.observations).toBe(rows.eventRows);
      totals.sessions += acknowledged.sessions.length;
      totals.events += acknowledged.events.length;
      expect(await verifyStatus(`${label}.after.${round}@example.com`)).toBe(201);
    }
    for (const ms of times) expect(ms).toBeLessThan(RESTART_BOUND_MS);
    console.info(
      `[reliability] process group SIGKILL x3, restarted at once: healthy after ${times.join(', ')} ms; ` +
        `${totals.sessions} sessions and ${totals.events} events acknowledged, all stored`,
    );
  }, 150_000);

  it('an event committed before a SIGKILL of the whole server is delivered after the restart (issue 34)', async () => {
    // The receiver is down when the event is made: the first attempt cannot have delivered it.
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/hooks`;
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const serverSecret = readFileSync(path.join(site.dataDir, 'secret'), 'utf8').trim();
    const [workspace] = await sql<{ workspace_id: string }>(
      site.dataDir,
      `select workspace_id from api_keys where starts_with($1, start) and revoked_at is null`,
      [key],
    );
    expect(workspace).toBeDefined();
    await sql(
      site.dataDir,
      `insert into webhook_endpoints (id, workspace_id, url, event_types, secret_sealed, created_by)
       values ($1, $2, $3, '{session.created}', $4, 'cli')`,
      [newId('whe'), workspace?.workspace_id, url, seal(serverSecret, secret)],
    );
    // The server caches which endpoints take session.created for a few seconds.
    await new Promise((r) => setTimeout(r, ENDPOINTS_CACHE_MS + 500));
    const response = await fetch(`${baseUrl()}/api/verify`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ emails: [`webhook.crash.${Date.now()}@example.com`] }),
    });
    expect(response.status).toBe(201);
    const { sessionId } = (await response.json()) as { sessionId: string };
    await killGroup(site.current);
    const receiver = await startWebhookReceiver(port);
    try {
      await restart();
      // A delivery in flight at the kill is claimed again once its lease lapses, then retried.
      const [delivery] = await receiver.waitFor(1, LEASE_MS + 30_000);
      const event = new Webhook(secret).verify(
        delivery?.body ?? '',
        (delivery?.headers ?? {}) as Record<string, string>,
      );
      expect(event).toMatchObject({ type: 'session.created', data: { sessionId } });
    } finally {
      await receiver.close();
    }
  }, 90_000);

  it('a start while the killed postmaster is still exiting waits for it; one that stays is refused with its PID', async () => {
    await killGroup(site.current);
    const lockFile = path.join(site.dataDir, 'pg', 'postmaster.pid');
    const lock = readFileSync(lockFile, 'utf8').split('\n');
    // A stand-in for the old postmaster that is still exiting: a live process named postgres,
    // with this data directory on its command line, holding the PID in postmaster.pid, and run
    // as the user PostgreSQL runs as (so PostgreSQL itself sees it alive).
    const runAs = await postgresUser();
    const holder = (ms: number) => {
      const child = spawn(
        process.execPath,
        ['-e', `setTimeout(() => {}, ${ms})`, path.join(site.dataDir, 'pg')],
        { argv0: 'postgres', stdio: 'ignore', ...runAs },
      );
      writeFileSync(lockFile, [String(child.pid), ...lock.slice(1)].join('\n'));
      return child;
    };
    const dying = holder(3000);
    const began = Date.now();
    await restart();
    expect(dying.exitCode).toBe(0);
    expect(Date.now() - began).toBeGreaterThanOrEqual(3000);
    expect(site.current.notes()).toContain(
      'database system was not properly shut down; automatic recovery in progress',
    );
    expect(await verifyStatus(`after.dying.${Date.now()}@example.com`)).toBe(201);

    await killGroup(site.current);
    const live = holder(60_000);
    const refused = start(site);
    expect(await exitOf(refused)).toBe(1);
    expect(refused.notes()).toContain(`PostgreSQL (PID ${live.pid}`);
    expect(refused.notes()).toContain(`kill -INT ${live.pid}`);
    expect(refused.notes()).not.toContain('undefined');
    live.kill('SIGKILL');
    await new Promise((resolve) => live.once('exit', resolve));
    await restart();
  }, 90_000);

  it('SIGKILL of the launcher alone: its web server stops by itself and the next start takes over the orphaned PostgreSQL', async () => {
    const launcherPid = JSON.parse(readFileSync(path.join(site.dataDir, 'connection.json'), 'utf8'))
      .pid as number;
    const orphan = postmasterPid(site.dataDir);
    const exited = exitOf(site.current);
    process.kill(launcherPid, 'SIGKILL');
    await exited;
    // The web server notices its launcher is gone and frees the port.
    await until(
      async () =>
        fetch(`${baseUrl()}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
          () => undefined,
          () => true,
        ),
      10_000,
    );
    expect(isRunning(orphan)).toBe(true);
    await restart();
    expect(postmasterPid(site.dataDir)).not.toBe(orphan);
    // Gone (or a zombie its new parent has not reaped yet).
    expect(isRunning(orphan)).toBe(false);
    expect(await verifyStatus(`after.orphan.${Date.now()}@example.com`)).toBe(201);
  }, 60_000);

  it('refuses a second server on a DATA_DIR in use, naming the process to stop', async () => {
    const second = start({ ...site, port: await freePort() });
    const code = await exitOf(second);
    expect(code).toBe(1);
    const pid = JSON.parse(readFileSync(path.join(site.dataDir, 'connection.json'), 'utf8')).pid as number;
    expect(second.output()).toContain(`in use by another Verity process (PID ${pid})`);
    expect(second.output()).toContain(`kill ${pid}`);
    // The running server was not disturbed.
    expect(await verifyStatus(`second.${Date.now()}@example.com`)).toBe(201);
  }, 60_000);

  it('SIGKILL in the middle of `npm run ingest` of a large file: the re-run completes, every event stored once', async () => {
    const label = `ingestkill${Date.now()}`;
    const lines = 20_000;
    const dir = await mkdtemp(path.join(tmpdir(), 'verity-ingest-crash-'));
    const file = path.join(dir, 'feed.ndjson');
    const at = Date.now() - 3_600_000;
    writeFileSync(
      file,
      Array.from({ length: lines }, (_, i) =>
        JSON.stringify({
          id: `${label}-${i}`,
          type: 'visitor',
          observedAt: at + i,
          source: label,
          email: `ingest${i % 997}@example.com`,
        }),
      ).join('\n'),
    );
    const ingest = () => {
      const child = spawn(
        process.execPath,
        [
          'node_modules/tsx/dist/cli.mjs',
          'scripts/ingest.ts',
          file,
          '--workspace',
          'demo',
          '--batch',
          '1000',
        ],
        {
          env: { ...process.env, DATA_DIR: site.dataDir, DATABASE_URL: '' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      // The progress bar goes to stderr: drained so a full pipe never stalls the CLI.
      child.stderr.resume();
      return child;
    };
    const checkpoint = (): { line: number; accepted: number; done?: boolean } | undefined => {
      const folder = path.join(site.dataDir, 'ingest');
      if (!existsSync(folder)) return undefined;
      for (const name of readdirSync(folder).filter((n) => n.endsWith('.json'))) {
        const saved = JSON.parse(readFileSync(path.join(folder, name), 'utf8'));
        if (saved.file === file) return saved;
      }
      return undefined;
    };
    const first = ingest();
    first.stdout.resume();
    const firstExit = new Promise<number | null>((resolve) => first.on('exit', (code) => resolve(code)));
    // Killed once a few batches are committed and acknowledged by the checkpoint, well before the end.
    const before = await until(async () => {
      const saved = checkpoint();
      return saved && saved.line >= 3000 ? saved : undefined;
    }, 60_000);
    await killGroup(site.current);
    expect(before.line).toBeLessThan(lines);
    expect(await firstExit).not.toBe(0);
    const acknowledgedLines = checkpoint()?.line ?? 0;
    await restart();
    const [committed] = await sql<{ n: number }>(
      site.dataDir,
      'select count(*)::int as n from ingested_events where event_id like $1',
      [`${label}-%`],
    );
    // Everything the checkpoint acknowledged survived the kill.
    expect(committed?.n ?? 0).toBeGreaterThanOrEqual(acknowledgedLines);

    const rerun = ingest();
    let stdout = '';
    rerun.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    expect(await new Promise((resolve) => rerun.on('exit', resolve))).toBe(0);
    const summary = JSON.parse(stdout.trim());
    expect(summary.resumedFromLine).toBe(acknowledgedLines);
    expect(summary.lines).toBe(lines);
    const [events] = await sql<{ n: number; distinct: number }>(
      site.dataDir,
      'select count(*)::int as n, count(distinct event_id)::int as distinct from ingested_events where event_id like $1',
      [`${label}-%`],
    );
    const [observations] = await sql<{ n: number }>(
      site.dataDir,
      'select count(*)::int as n from observations where source like $1',
      [`%:${label}`],
    );
    expect(events).toEqual({ n: lines, distinct: lines });
    expect(observations?.n).toBe(lines);
    console.info(
      `[reliability] ingest of ${lines} events killed at checkpoint line ${acknowledgedLines} (${committed?.n} committed); ` +
        `re-run resumed and stored ${lines} events, ${observations?.n} observations, no duplicates`,
    );
    await rm(dir, { recursive: true, force: true });
  }, 150_000);

  it('a start that PostgreSQL refuses says why in its own words; a database that cannot come back makes the server exit non-zero', async () => {
    const versionFile = path.join(site.dataDir, 'pg', 'PG_VERSION');
    const version = readFileSync(versionFile, 'utf8');
    writeFileSync(versionFile, '7\n');
    process.kill(postmasterPid(site.dataDir), 'SIGKILL');
    const began = Date.now();
    expect(await exitOf(site.current)).toBe(1);
    const gaveUpAfter = Date.now() - began;
    const output = site.current.notes();
    for (let attempt = 1; attempt <= 5; attempt++)
      expect(output).toContain(`restart attempt ${attempt} of 5`);
    expect(output).toContain('the database is gone for good');
    expect(output).toContain('database files are incompatible with server');

    const refused = start(site);
    expect(await exitOf(refused)).toBe(1);
    expect(refused.notes()).toContain('[verity] start failed: Could not start the embedded PostgreSQL');
    expect(refused.notes()).toContain('database files are incompatible with server');
    expect(refused.notes()).not.toContain('undefined');

    writeFileSync(versionFile, version);
    await restart();
    expect(await verifyStatus(`back.${Date.now()}@example.com`)).toBe(201);
    console.info(
      `[reliability] unrecoverable database: the server exited 1 after ${gaveUpAfter} ms and 5 attempts`,
    );
  }, 90_000);

  it('SIGTERM answers the in-flight requests, stops PostgreSQL cleanly and exits within 10 s', async () => {
    const label = `sigterm${Date.now()}`;
    // A key of its own, so its usage counts are exactly this test's requests (issue 14).
    const { ownerUrl } = JSON.parse(readFileSync(path.join(site.dataDir, 'connection.json'), 'utf8')) as {
      ownerUrl: string;
    };
    const pool = createPool(ownerUrl, 1);
    const issued = await createKey(drizzle({ client: pool, schema }), {
      workspace: label,
      scopes: ['verify'],
      actor: 'cli',
    }).finally(() => pool.end());
    const send = (i: number) =>
      fetch(`${baseUrl()}/api/verify`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${issued.key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ emails: [`${label}.${i}@example.com`], phones: ['+14155550142'] }),
      }).then(async (response) => ({
        status: response.status,
        sessionId: ((await response.json()) as { sessionId?: string }).sessionId,
      }));
    // Open the connections first, so the requests below are on sockets the server has accepted.
    await Promise.all(Array.from({ length: 12 }, (_, i) => send(-1 - i)));
    const inFlight = Array.from({ length: 12 }, (_, i) => send(i));
    await new Promise((r) => setTimeout(r, 40));
    const pid = site.current.child.pid ?? 0;
    const exited = exitOf(site.current);
    const began = Date.now();
    // To `npm start` itself, as a service manager's stop does.
    process.kill(pid, 'SIGTERM');
    const answers = await Promise.all(inFlight);
    const code = await exited;
    const took = Date.now() - began;
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expect(code).toBe(0);
    expect(took).toBeLessThan(SHUTDOWN_BOUND_MS);
    // A clean shutdown removes postmaster.pid; the next start needs no crash recovery.
    expect(existsSync(path.join(site.dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    await restart();
    expect(site.current.output()).not.toContain('not properly shut down');
    const ids = answers.map((a) => a.sessionId ?? '');
    const [rows] = await sql<{ n: number }>(
      site.dataDir,
      'select count(*)::int as n from sessions where id = any($1)',
      [ids],
    );
    expect(rows?.n).toBe(ids.length);
    // Usage is counted in memory and flushed every few seconds: the stop flushed what was pending.
    const [usage] = await sql<{ n: number; used: Date | null }>(
      site.dataDir,
      `select (select coalesce(sum(requests), 0)::int from key_usage_hourly where key_id = $1 and status_class = '2xx') as n,
              (select last_used_at from api_keys where id = $1) as used`,
      [issued.id],
    );
    expect(usage).toMatchObject({ n: 24, used: expect.any(Date) });
    console.info(
      `[reliability] SIGTERM with ${inFlight.length} requests in flight: all answered 201, exit 0 after ${took} ms`,
    );
  }, 60_000);
});
