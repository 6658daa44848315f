// `npm run backup` and `npm run restore`, end to end: a populated server of its own is backed up
// while it serves a steady load, the folder is restored into a fresh DATA_DIR, and a server
// started there finds every session, key, console user and graph row, under the same secret.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type LaunchedServer,
  launchServer,
  type StartedServer,
  startServer,
} from '../../scripts/support/launch-server';

const run = promisify(execFile);

/** A CLI of the project against a chosen DATA_DIR: exit code, stdout and stderr. */
async function cliOn(
  dataDir: string,
  script: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['node_modules/tsx/dist/cli.mjs', script, ...args],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', VERITY_SECRET: '' },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

async function api(baseUrl: string, pathname: string, key: string, body: unknown) {
  const response = await fetch(`${baseUrl}${pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { sessionId?: string },
  };
}

/** The embedded database of a running server's DATA_DIR, as its owner. */
async function sql<T extends pg.QueryResultRow>(dataDir: string, text: string): Promise<T[]> {
  const { ownerUrl } = JSON.parse(await readFile(path.join(dataDir, 'connection.json'), 'utf8')) as {
    ownerUrl: string;
  };
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Row counts of every table of the public schema, read from the catalog by the test itself; a
 * partitioned table counts the rows of all its partitions, which are not counted again.
 */
async function tableCounts(dataDir: string): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>(
    dataDir,
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await sql<{ n: number }>(dataDir, `select count(*)::int as n from public."${name}"`);
    counts[name] = row?.n ?? -1;
  }
  return counts;
}

/** Row counts once two reads 2.5 s apart agree: the server's buffered writes have landed. */
async function settledCounts(dataDir: string): Promise<Record<string, number>> {
  let last = await tableCounts(dataDir);
  for (let attempt = 0; attempt < 8; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const now = await tableCounts(dataDir);
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  throw new Error('the row counts did not settle within 20 s');
}

/** Rows of any foreign key whose parent row is missing (a backup of several instants would have some). */
async function orphans(dataDir: string): Promise<string[]> {
  const keys = await sql<{ name: string; check: string }>(
    dataDir,
    `select k.conname as name,
            format('select count(*)::int as n from %s c where %s and not exists (select 1 from %s p where %s)',
              k.conrelid::regclass, string_agg(format('c.%I is not null', a.attname), ' and '),
              k.confrelid::regclass, string_agg(format('p.%I = c.%I', b.attname, a.attname), ' and ')) as check
       from pg_constraint k
       cross join lateral unnest(k.conkey, k.confkey) as u(child, parent)
       join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.child
       join pg_attribute b on b.attrelid = k.confrelid and b.attnum = u.parent
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace
      group by k.conname, k.conrelid, k.confrelid`,
  );
  expect(keys.length).toBeGreaterThan(5);
  const found: string[] = [];
  for (const key of keys) {
    const [row] = await sql<{ n: number }>(dataDir, key.check);
    if ((row?.n ?? 0) > 0) found.push(`${key.name}: ${row?.n}`);
  }
  return found;
}

/** Signs in to the console of a server with the credentials form, as a browser would. */
async function consoleSignIn(baseUrl: string, email: string, password: string) {
  const jar = new Map<string, string>();
  const send = async (pathname: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('Cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(`${baseUrl}${pathname}`, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  };
  const { csrfToken } = (await (await send('/api/auth/csrf')).json()) as { csrfToken: string };
  const signIn = await send('/api/auth/callback/credentials', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: '/' }).toString(),
  });
  return {
    signIn,
    signedIn: jar.has('authjs.session-token'),
    json: async (pathname: string) => {
      const response = await send(pathname);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
  };
}

const servers: (LaunchedServer | StartedServer)[] = [];
const folders: string[] = [];

afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('npm run backup / npm run restore', () => {
  it('a backup taken under load restores into a fresh DATA_DIR with every session, key, user and graph row', async () => {
    // The round trip of the issue: DATA_DIR to a fresh DATA_DIR, so the embedded database in any run.
    const source = await launchServer({ embedded: true });
    servers.push(source);
    const workspace = `backup-${Date.now()}`;
    const created = await cliOn(source.dataDir, 'scripts/keys.ts', [
      'create',
      '--workspace',
      workspace,
      '--scopes',
      'verify,signals,ingest',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const { key } = JSON.parse(created.stdout) as { key: string };
    const email = `restore.${Date.now()}@example.com`;
    const password = `pw-restore-${Date.now()}`;
    const user = await cliOn(source.dataDir, 'scripts/users.ts', [
      'create',
      '--workspace',
      workspace,
      '--email',
      email,
      '--role',
      'admin',
      '--password',
      password,
    ]);
    expect(user.code, user.stderr).toBe(0);

    // Before the backup: sessions of Verify calls, events ingested, a Signals read of them.
    const sessionIds: string[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await api(source.baseUrl, '/api/verify', key, {
        emails: [`person${i}.${Date.now()}@example.com`],
        phones: [`+1415555${String(1000 + i)}`],
        name: { given: 'Ada', family: `Backup${i}` },
      });
      expect(answer.status).toBe(201);
      sessionIds.push(String(answer.body.sessionId));
    }
    const fedEmail = `fed.${Date.now()}@example.com`;
    const at = Date.now() - 3_600_000;
    const fed = await api(
      source.baseUrl,
      '/api/events',
      key,
      Array.from({ length: 40 }, (_, i) => ({
        id: `bk-${i}`,
        type: 'visitor',
        observedAt: at + i,
        source: 'bk',
        email: fedEmail,
      })),
    );
    expect(fed.status).toBe(202);
    const seenBefore = await api(source.baseUrl, '/api/signals', key, { emails: [fedEmail] });
    expect(seenBefore.status).toBe(200);
    const sourceConsole = await consoleSignIn(source.baseUrl, email, password);
    expect(sourceConsole.signedIn).toBe(true);
    const sourceDetails = await Promise.all(
      sessionIds.map((id) => sourceConsole.json(`/api/console/sessions/${id}`)),
    );
    const before = await tableCounts(source.dataDir);

    // The backup runs while another workspace keeps Verify and ingestion going.
    const load = await cliOn(source.dataDir, 'scripts/keys.ts', [
      'create',
      '--workspace',
      `${workspace}-load`,
      '--scopes',
      'verify,ingest',
    ]);
    const loadKey = (JSON.parse(load.stdout) as { key: string }).key;
    let loading = true;
    let served = 0;
    const loader = (async () => {
      for (let i = 0; loading; i++) {
        const [v, e] = await Promise.all([
          api(source.baseUrl, '/api/verify', loadKey, { emails: [`load${i}.${Date.now()}@example.com`] }),
          api(source.baseUrl, '/api/events', loadKey, [
            { type: 'visitor', observedAt: Date.now(), source: 'load', email: `load${i}@example.com` },
          ]),
        ]);
        if (v.status === 201 && e.status === 202) served += 1;
      }
    })();
    const backupParent = await mkdtemp(path.join(tmpdir(), 'verity-backups-'));
    folders.push(backupParent);
    await new Promise((r) => setTimeout(r, 1000));
    const backup = await cliOn(source.dataDir, 'scripts/backup.ts', ['--dir', backupParent]);
    await new Promise((r) => setTimeout(r, 500));
    loading = false;
    await loader;
    expect(backup.code, backup.stderr).toBe(0);
    expect(served).toBeGreaterThan(2);
    const made = JSON.parse(backup.stdout) as { backup: string; tables: number; secret: { copied: boolean } };
    expect(path.basename(made.backup)).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    expect(made.secret.copied).toBe(true);
    const manifest = JSON.parse(await readFile(path.join(made.backup, 'manifest.json'), 'utf8')) as {
      tables: { name: string; rows: number }[];
      migrations: { tag: string | null }[];
    };
    // Every table of the schema, found by the backup itself, not a list the test shares with it.
    expect(manifest.tables.map((t) => t.name).sort()).toEqual(Object.keys(before).sort());
    const journal = JSON.parse(await readFile('drizzle/meta/_journal.json', 'utf8')) as {
      entries: { tag: string }[];
    };
    expect(manifest.migrations.map((m) => m.tag)).toEqual(journal.entries.map((e) => e.tag));

    // Restore into a fresh DATA_DIR, then start a server there.
    const target = await mkdtemp(path.join(tmpdir(), 'verity-restored-'));
    folders.push(target);
    const restored = await cliOn(target, 'scripts/restore.ts', [made.backup]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({
      tables: manifest.tables.length,
      secret: 'copied',
      replaced: false,
    });
    const again = await startServer({ dataDir: target });
    servers.push(again);

    // Counted by the test: the manifest's snapshot exactly, and never less than before the backup.
    const after = await tableCounts(target);
    for (const table of manifest.tables) {
      expect(after[table.name], table.name).toBe(table.rows);
      expect(after[table.name], table.name).toBeGreaterThanOrEqual(before[table.name] ?? 0);
    }
    expect(after.observations).toBeGreaterThan(before.observations ?? 0);
    // One instant of the database: no row refers to a parent the snapshot does not hold.
    expect(await orphans(target)).toEqual([]);

    // The old key authenticates; the graph answers as before (keyed hashes under the same secret).
    const seenAfter = await api(again.baseUrl, '/api/signals', key, { emails: [fedEmail] });
    expect(seenAfter.status).toBe(200);
    // The Signals read before the backup was itself observed: one more sighting, the rest unchanged.
    const [was] = seenBefore.body.emails as { observations: number; lastSeenMs: number }[];
    expect(seenAfter.body.emails).toEqual([
      { ...was, observations: (was?.observations ?? 0) + 1, lastSeenMs: expect.any(Number) },
    ]);
    // The console user signs in and finds every session, unsealed the same way.
    const restoredConsole = await consoleSignIn(again.baseUrl, email, password);
    expect(restoredConsole.signIn.status).toBe(302);
    expect(restoredConsole.signedIn).toBe(true);
    for (const [index, id] of sessionIds.entries()) {
      const detail = await restoredConsole.json(`/api/console/sessions/${id}`);
      expect(detail.status, id).toBe(200);
      expect(detail.body).toEqual(sourceDetails[index]?.body);
    }
    // New rows get new keys: the sequences were moved past the restored ones.
    const more = await api(again.baseUrl, '/api/events', key, [
      { id: 'bk-after', type: 'visitor', observedAt: Date.now(), source: 'bk', email: fedEmail },
    ]);
    expect(more.status).toBe(202);
    const joined = await api(again.baseUrl, '/api/verify', key, {
      sessionId: sessionIds[0],
      phones: ['+14155550199'],
    });
    expect(joined.status).toBe(200);
    expect(joined.body.sessionId).toBe(sessionIds[0]);

    // Into a database with rows: refused without --force, and nothing changed. The server writes
    // its request log and usage counts a second or two after the calls: counted once they settled.
    const live = await settledCounts(target);
    const refused = await cliOn(target, 'scripts/restore.ts', [made.backup]);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stderr)).toMatchObject({ error: 'NOT_EMPTY' });
    expect(await tableCounts(target)).toEqual(live);
    expect(live.ingested_events).toBe((after.ingested_events ?? 0) + 1);

    // --force replaces them: with the server stopped, the rows made since the restore are gone.
    await again.stop({ keepDataDir: true });
    const forced = await cliOn(target, 'scripts/restore.ts', [made.backup, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    const total = manifest.tables.reduce((n, t) => n + t.rows, 0);
    expect(JSON.parse(forced.stdout)).toMatchObject({ replaced: true, rows: total, secret: 'matched-file' });

    // A backup of a schema this code does not have: refused before any database is created.
    const newer = path.join(backupParent, 'newer');
    await cp(made.backup, newer, { recursive: true });
    const edited = JSON.parse(await readFile(path.join(newer, 'manifest.json'), 'utf8')) as {
      migrations: { hash: string; createdAt: number; tag: string | null }[];
    };
    edited.migrations.push({ hash: 'f'.repeat(64), createdAt: 4_102_444_800_000, tag: null });
    await writeFile(path.join(newer, 'manifest.json'), JSON.stringify(edited));
    const fresh = await mkdtemp(path.join(tmpdir(), 'verity-restored-'));
    folders.push(fresh);
    const wrong = await cliOn(fresh, 'scripts/restore.ts', [newer]);
    expect(wrong.code).toBe(1);
    expect(JSON.parse(wrong.stderr)).toMatchObject({
      error: 'WRONG_VERSION',
      message: expect.stringContaining('does not have'),
    });
    const missing = await cliOn(fresh, 'scripts/restore.ts', [path.join(backupParent, 'no-such-backup')]);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stderr)).toMatchObject({ error: 'NOT_FOUND' });
    const noDatabase = await cliOn(path.join(fresh, 'empty'), 'scripts/backup.ts', []);
    expect(noDatabase.code).toBe(1);
    expect(JSON.parse(noDatabase.stderr)).toMatchObject({ error: 'NO_DATABASE' });
  }, 300_000);
});
