// Helpers for the crash and restart tests: a server of their own on a DATA_DIR they keep, a
// write load that records what was acknowledged, and direct SQL on that server's database.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type LauncherProcess, spawnLauncher } from '../../scripts/support/launch-server';

/** A launcher of the server under test, started on the same DATA_DIR and port each time. */
export interface Site {
  dataDir: string;
  port: number;
  env: Record<string, string>;
  current: LauncherProcess;
}

export function start(site: Omit<Site, 'current'>): LauncherProcess {
  return spawnLauncher({ dataDir: site.dataDir, port: site.port, logLevel: 'warn', env: site.env });
}

/** Resolves with the exit code when the launcher exits (at once if it has). */
export function exitOf(launcher: LauncherProcess): Promise<number | null> {
  const { child } = launcher;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** SIGKILL to the whole process group of `npm start`: launcher, web server and PostgreSQL. */
export async function killGroup(launcher: LauncherProcess): Promise<void> {
  const pid = launcher.child.pid;
  if (pid === undefined) throw new Error('the launcher has no PID');
  const exited = exitOf(launcher);
  process.kill(-pid, 'SIGKILL');
  await exited;
}

export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

export async function sql<T extends pg.QueryResultRow>(
  dataDir: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const { ownerUrl } = JSON.parse(readFileSync(path.join(dataDir, 'connection.json'), 'utf8')) as {
    ownerUrl: string;
  };
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** What the server answered 2xx to: the sessions Verify created and the events it stored. */
export interface Acknowledged {
  sessions: string[];
  events: string[];
  failures: number;
}

/**
 * Writers in a loop until stopped: each one alternates a Verify (a new session) and a batch of
 * ten events with ids (their source and id prefix are the label), and records only what was answered 201 / 202 with every event accepted.
 */
export function writeLoad(
  baseUrl: string,
  key: string,
  options: { label: string; writers: number },
): { acknowledged: Acknowledged; stop(): Promise<Acknowledged> } {
  const acknowledged: Acknowledged = { sessions: [], events: [], failures: 0 };
  let running = true;
  const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
  const writer = async (w: number) => {
    for (let n = 0; running; n++) {
      try {
        const email = `${options.label}.${w}.${n}@example.com`;
        const verify = await fetch(`${baseUrl}/api/verify`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ emails: [email] }),
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await verify.json()) as { sessionId?: string };
        if (verify.status === 201 && body.sessionId) acknowledged.sessions.push(body.sessionId);
        const ids = Array.from({ length: 10 }, (_, i) => `${options.label}-${w}-${n}-${i}`);
        const events = await fetch(`${baseUrl}/api/events`, {
          method: 'POST',
          headers,
          body: JSON.stringify(
            ids.map((id) => ({
              id,
              type: 'visitor',
              observedAt: Date.now() - 60_000,
              source: options.label,
              email,
            })),
          ),
          signal: AbortSignal.timeout(10_000),
        });
        const tally = (await events.json()) as { accepted?: number };
        if (events.status === 202 && tally.accepted === ids.length) acknowledged.events.push(...ids);
        // 503 while the database is away: back off a little, as a client would.
        if (verify.status >= 500 || events.status >= 500) await new Promise((r) => setTimeout(r, 50));
      } catch {
        // The server is being killed: nothing of this request was acknowledged.
        acknowledged.failures += 1;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  const writers = Array.from({ length: options.writers }, (_, w) => writer(w));
  return {
    acknowledged,
    stop: async () => {
      running = false;
      await Promise.all(writers);
      return acknowledged;
    },
  };
}

/** How many of the acknowledged writes the database holds, and the events' observation count. */
export async function stored(
  dataDir: string,
  acknowledged: Acknowledged,
  label: string,
): Promise<{ sessions: number; events: number; observations: number; eventRows: number }> {
  const [sessions] = await sql<{ n: number }>(
    dataDir,
    'select count(*)::int as n from sessions where id = any($1)',
    [acknowledged.sessions],
  );
  const [events] = await sql<{ n: number }>(
    dataDir,
    'select count(*)::int as n from ingested_events where event_id = any($1)',
    [acknowledged.events],
  );
  // Every stored event of this source, acknowledged or not, is one observation: no duplicates.
  const [observations] = await sql<{ n: number }>(
    dataDir,
    // Event sources are stored namespaced by workspace (`ws_…:label`).
    'select count(*)::int as n from observations where source like $1',
    [`%:${label}`],
  );
  const [eventRows] = await sql<{ n: number }>(
    dataDir,
    'select count(*)::int as n from ingested_events where event_id like $1',
    [`${label}-%`],
  );
  return {
    sessions: sessions?.n ?? 0,
    events: events?.n ?? 0,
    observations: observations?.n ?? 0,
    eventRows: eventRows?.n ?? 0,
  };
}
