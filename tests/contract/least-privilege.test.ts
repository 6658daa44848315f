import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scripts/support/launch-server';
import { createTestDatabase, externalDatabase, type TestDatabase } from '../../scripts/support/test-database';
import { appConnectionUrl, call, query } from './support';

const run = promisify(execFile);

/** One of the project's scripts (the launcher or a CLI), as an operator would run it. */
async function script(
  file: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['node_modules/tsx/dist/cli.mjs', file, ...args], {
      env: { ...process.env, REFERENCE_DATA_DIR: 'off', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** A secret no start of this suite used (VERITY_SECRET takes 32 characters or more). */
const otherSecret = () => `another-secret-${Date.now()}-${'x'.repeat(32)}`;

describe('the server connects to Postgres without superuser rights', () => {
  it("the running server's own connections use a role that is not a superuser", async () => {
    // Health queries the database, and the pool keeps that connection open for a while.
    expect((await call('/api/health', { method: 'GET', key: null })).status).toBe(200);
    const roles = await query<{ usename: string; rolsuper: boolean; rolcreaterole: boolean }>(
      `select distinct a.usename, r.rolsuper, r.rolcreaterole
         from pg_stat_activity a join pg_roles r on r.rolname = a.usename
        where a.application_name = 'verity-server' and a.datname = current_database()`,
    );
    expect(roles.length).toBeGreaterThan(0);
    for (const role of roles) {
      expect(role.rolsuper).toBe(false);
      expect(role.rolcreaterole).toBe(false);
    }
    // The launcher says which role that is.
    expect(inject('startupOutput')).toContain(`the server connects as ${roles[0]?.usename}, not a superuser`);
  });

  it('the application role cannot create roles, change settings or the schema, or write the secret fingerprint', async () => {
    const client = new pg.Client({ connectionString: appConnectionUrl() });
    await client.connect();
    try {
      const me = await client.query<{ rolsuper: boolean; rolcreatedb: boolean; rolcreaterole: boolean }>(
        'select rolsuper, rolcreatedb, rolcreaterole from pg_roles where rolname = current_user',
      );
      expect(me.rows).toEqual([{ rolsuper: false, rolcreatedb: false, rolcreaterole: false }]);
      for (const statement of [
        'create role intruder',
        'alter system set log_statement = none',
        'create table intruder (a int)',
        'drop table workspaces',
        'truncate audit_log',
        "copy workspaces to '/tmp/verity-intruder.csv'",
        "update server_secret set fingerprint = 'x'",
      ]) {
        // PostgreSQL 15 words a refused COPY to a file "must be superuser or have privileges of …".
        await expect(client.query(statement), statement).rejects.toThrow(
          /permission denied|must be owner|must be superuser/,
        );
      }
      // What the service does need still works.
      const rows = await client.query('select count(*) from workspaces');
      expect(rows.rowCount).toBe(1);
    } finally {
      await client.end();
    }
  });

  it("keeps the application role's password in DATA_DIR and never prints it", () => {
    const password = decodeURIComponent(new URL(appConnectionUrl()).password);
    // The embedded role's password is generated into DATA_DIR; an external one is the operator's.
    if (!externalDatabase()) {
      expect(readFileSync(path.join(inject('dataDir'), 'pg-app-password'), 'utf8').trim()).toBe(password);
      expect(password.length).toBeGreaterThanOrEqual(32);
    }
    expect(password.length).toBeGreaterThanOrEqual(8);
    expect(inject('startupOutput')).not.toContain(password);
    expect(readFileSync(path.join(inject('dataDir'), 'server.log'), 'utf8')).not.toContain(password);
  });
});

describe('a start with another server secret', () => {
  const dirs: string[] = [];
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    for (const database of databases) await database.drop();
  });

  it('stops with a message naming what to do, on a database first used with another secret', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'verity-secret-'));
    dirs.push(dataDir);
    // A database of its own: embedded in the fresh DATA_DIR, or a fresh one on the external server.
    const database = await createTestDatabase();
    databases.push(database);
    const first = otherSecret();
    // A first use (here a CLI, which starts and stops the embedded database) records the secret.
    const created = await script('scripts/keys.ts', ['create', '--workspace', 'w', '--scopes', 'verify'], {
      ...database.env,
      DATA_DIR: dataDir,
      VERITY_SECRET: first,
    });
    expect(created.code, created.stderr).toBe(0);

    const started = await script('scripts/start.ts', [], {
      ...database.env,
      DATA_DIR: dataDir,
      VERITY_SECRET: `${first}-changed`,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
    });
    expect(started.code).not.toBe(0);
    expect(started.stderr).toContain('The server secret is not the one this database was set up with');
    expect(started.stderr).toContain('Restore the original secret');
    expect(started.stdout).not.toContain('console and API at');

    // The fingerprint was not overwritten: the original secret is still accepted.
    const again = await script('scripts/keys.ts', ['create', '--workspace', 'w', '--scopes', 'verify'], {
      ...database.env,
      DATA_DIR: dataDir,
      VERITY_SECRET: first,
    });
    expect(again.code, again.stderr).toBe(0);
  });

  it("refuses a CLI with another secret against the running server's database", async () => {
    const refused = await script('scripts/keys.ts', ['create', '--workspace', 'w', '--scopes', 'verify'], {
      ...inject('cliEnv'),
      VERITY_SECRET: otherSecret(),
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Restore the original secret');
  });

  it('keeps a fingerprint that is not the secret itself', async () => {
    const secret = readFileSync(path.join(inject('dataDir'), 'secret'), 'utf8').trim();
    const rows = await query<{ fingerprint: string }>('select fingerprint from server_secret');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.fingerprint).toMatch(/^[\w-]{43}$/);
    expect(rows[0]?.fingerprint).not.toContain(secret);
  });
});
