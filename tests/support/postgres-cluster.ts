// A throwaway cluster of the machine's own PostgreSQL (Debian's `postgresql` package, or any
// initdb/pg_ctl on PATH), for tests that stop and start an external database under the server.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../scripts/support/launch-server';

/** Where initdb and pg_ctl are: TEST_POSTGRES_BIN_DIR, `pg_config --bindir`, or Debian's newest. */
export function postgresBinDir(): string | null {
  const candidates: string[] = [];
  if (process.env.TEST_POSTGRES_BIN_DIR) candidates.push(process.env.TEST_POSTGRES_BIN_DIR);
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: 'pipe' }).trim());
  } catch {}
  // Debian keeps the server binaries off PATH, one folder per major version.
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const majors = readdirSync(debian).filter((name) => /^\d+$/.test(name));
    for (const major of majors.sort((a, b) => Number(b) - Number(a)))
      candidates.push(path.join(debian, major, 'bin'));
  }
  return (
    candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) ??
    null
  );
}

export interface TestCluster {
  /** The application role's URL (no superuser, row rights only once the server granted them). */
  appUrl: string;
  /** The schema owner's URL (owns the database, no superuser). */
  ownerUrl: string;
  /** `pg_ctl stop` (fast: open connections are cut, as when a managed database restarts). */
  stop(): Promise<void>;
  /** `pg_ctl start` on the same data and port. */
  start(): Promise<void>;
  /** Stops the cluster and removes its files. */
  destroy(): Promise<void>;
}

/** The postgres user's ids: Postgres refuses to run as root, so as root the cluster is theirs. */
function postgresUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

export async function startCluster(binDir: string): Promise<TestCluster> {
  const owner = postgresUser();
  const dir = await mkdtemp(path.join(tmpdir(), 'verity-pg-'));
  const data = path.join(dir, 'data');
  if (owner) await chown(dir, owner.uid, owner.gid);
  await chmod(dir, 0o700);
  const run = (binary: string, args: string[]) => {
    const [command, argv] = owner
      ? ['runuser', ['-u', 'postgres', '--', path.join(binDir, binary), ...args]]
      : [path.join(binDir, binary), args];
    execFileSync(command, argv, { stdio: 'pipe', timeout: 60_000 });
  };
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '--encoding=UTF8', '--locale=C.UTF-8', '--auth=trust']);
  // The superuser on loopback sets the roles up; every other role logs in with a password.
  const hba = path.join(data, 'pg_hba.conf');
  await writeFile(hba, 'host all postgres 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 scram-sha-256\n');
  if (owner) await chown(hba, owner.uid, owner.gid);
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories='' -c fsync=off`;
  const start = async () =>
    run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
  const stop = async () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  await start();
  const passwords = { owner: `owner-${Date.now()}`, app: `app-${Date.now()}` };
  const admin = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  try {
    await admin.query(`create role verity_owner login nosuperuser password '${passwords.owner}'`);
    await admin.query(`create role verity_app login nosuperuser password '${passwords.app}'`);
    await admin.query('create database verity owner verity_owner');
  } finally {
    await admin.end();
  }
  return {
    appUrl: `postgresql://verity_app:${passwords.app}@127.0.0.1:${port}/verity`,
    ownerUrl: `postgresql://verity_owner:${passwords.owner}@127.0.0.1:${port}/verity`,
    stop,
    start,
    destroy: async () => {
      await stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
