// Starts the real product (the `npm start` launcher) on a fresh DATA_DIR and a free port, for the
// contract tests and the benchmark, and stops it again.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface LaunchedServer {
  baseUrl: string;
  demoKey: string;
  /** The first console admin the launcher printed (ADMIN_PASSWORD when the caller set it). */
  adminEmail: string;
  adminPassword: string;
  dataDir: string;
  /** The launcher's process id (its tree holds the Next.js server and the embedded PostgreSQL). */
  pid: number;
  /** The schema owner's URL (the embedded superuser, or MIGRATION_DATABASE_URL): tests arrange and inspect. */
  ownerUrl: string;
  /** The URL the server connects with: the application role. */
  appUrl: string;
  /** What a CLI needs in its environment to reach this server's database. */
  cliEnv: Record<string, string>;
  /** What the launcher printed up to the first healthy answer (capped at 64 KiB). */
  startupOutput: string;
  stop(): Promise<void>;
}

/** The first console admin's e-mail and password from the launcher's banner, when printed. */
export function parseAdminCredentials(output: string): { email: string; password: string | null } | null {
  const start = output.indexOf('created the first console admin');
  if (start < 0) return null;
  const block = output.slice(start);
  const email = block.match(/^ {2}email {6}(\S+)$/m)?.[1];
  if (!email) return null;
  return { email, password: block.match(/^ {2}password {3}(\S+)$/m)?.[1] ?? null };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface LauncherProcess {
  /** The `npm start` process (tsx), leader of the process group that holds the whole server. */
  child: ChildProcess;
  baseUrl: string;
  dataDir: string;
  /** What it printed first (capped at 64 KiB). */
  output(): string;
  /** The launcher's and PostgreSQL's own lines (not the server's JSON logs), all of them. */
  notes(): string;
  /** Resolves once /api/health answers 200; throws if the launcher exits first or at the deadline. */
  healthy(timeoutMs: number): Promise<void>;
}

/**
 * Starts the launcher on a DATA_DIR and port, as `npm start` would, in a process group of its
 * own; its output is appended to DATA_DIR/server.log. A test may start one again on the same
 * DATA_DIR and port after killing it.
 */
export function spawnLauncher(options: {
  dataDir: string;
  port: number;
  logLevel?: string;
  env?: Record<string, string>;
}): LauncherProcess {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  let output = '';
  let notes = '';
  // `node --import tsx`, as `npm start` runs it: no tsx CLI in between, whose signal relay SIGKILLs
  // a child that does not confirm its SIGTERM handler within 30 ms (a loaded machine's shutdown).
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: options.logLevel ?? 'info',
      DATABASE_URL: '',
      // Tests start with no reference lists loaded and import the ones they need.
      REFERENCE_DATA_DIR: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // Everything the server prints is kept in DATA_DIR/server.log (the logging tests read it).
  const log = createWriteStream(path.join(options.dataDir, 'server.log'), { flags: 'a' });
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream?.on('data', (chunk: Buffer) => {
      if (output.length < 64 * 1024) output += chunk.toString();
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('[')) notes += `${line}\n`;
      log.write(chunk);
    });
  }
  child.once('exit', () => log.end());
  const healthy = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`server exited early (${child.signalCode ?? child.exitCode}):\n${output}`);
      }
      if (Date.now() > deadline)
        throw new Error(`server did not become healthy in ${timeoutMs / 1000} s:\n${output}`);
      try {
        const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
        if (response.status === 200) return;
      } catch {}
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, baseUrl, dataDir: options.dataDir, output: () => output, notes: () => notes, healthy };
}

export async function launchServer(
  options: {
    logLevel?: string;
    env?: Record<string, string>;
    /** The embedded PostgreSQL in DATA_DIR even when the suite runs against an external one. */
    embedded?: boolean;
  } = {},
): Promise<LaunchedServer> {
  if (!existsSync('.next/BUILD_ID')) {
    throw new Error('No production build: run `npm run build` first.');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'verity-'));
  // A fresh database too when the suite runs against an external PostgreSQL (DATABASE_URL),
  // unless the caller names the database itself.
  const given = options.env?.DATABASE_URL;
  const database: TestDatabase = options.embedded
    ? { env: { DATABASE_URL: '', MIGRATION_DATABASE_URL: '' }, drop: async () => undefined }
    : given
      ? {
          env: { DATABASE_URL: given, MIGRATION_DATABASE_URL: options.env?.MIGRATION_DATABASE_URL || given },
          drop: async () => undefined,
        }
      : await createTestDatabase();
  const port = await freePort();
  const launcher = spawnLauncher({
    dataDir,
    port,
    logLevel: options.logLevel,
    env: { ...options.env, ...database.env },
  });
  const { child, baseUrl } = launcher;
  const stop = async () => {
    if (child.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }
    await database.drop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await launcher.healthy(90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const output = launcher.output();
  const demoKey = output.match(/API key\s+(vty_\S+)/)?.[1];
  if (!demoKey) {
    await stop();
    throw new Error(`the launcher printed no demo key:\n${output}`);
  }
  const admin = parseAdminCredentials(output);
  const adminPassword = admin?.password ?? options.env?.ADMIN_PASSWORD;
  if (!admin || !adminPassword) {
    await stop();
    throw new Error(`the launcher printed no console admin:\n${output}`);
  }
  const urls = database.env.DATABASE_URL
    ? { appUrl: database.env.DATABASE_URL, ownerUrl: database.env.MIGRATION_DATABASE_URL ?? '' }
    : await embeddedUrls(dataDir);
  return {
    baseUrl,
    demoKey,
    adminEmail: admin.email,
    adminPassword,
    dataDir,
    pid: child.pid ?? 0,
    ...urls,
    cliEnv: { ...database.env, DATA_DIR: dataDir },
    startupOutput: output,
    stop,
  };
}

export interface StartedServer {
  baseUrl: string;
  dataDir: string;
  /** The launcher's process id: the Next.js server and the embedded PostgreSQL are its descendants. */
  pid: number;
  startupOutput: string;
  /** Stops the server; removes DATA_DIR too unless `keepDataDir`. */
  stop(options?: { keepDataDir?: boolean }): Promise<void>;
}

/** The launcher on a DATA_DIR that already holds data (a restored one, say), once healthy. */
export async function startServer(options: {
  dataDir: string;
  logLevel?: string;
  env?: Record<string, string>;
}): Promise<StartedServer> {
  if (!existsSync('.next/BUILD_ID')) {
    throw new Error('No production build: run `npm run build` first.');
  }
  // A DATA_DIR's own data is its embedded cluster, whatever database the suite was given.
  const launcher = spawnLauncher({
    ...options,
    env: { DATABASE_URL: '', MIGRATION_DATABASE_URL: '', ...options.env },
    port: await freePort(),
  });
  const { child } = launcher;
  const stop = async (stopOptions: { keepDataDir?: boolean } = {}) => {
    if (child.pid && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
    }
    if (!stopOptions.keepDataDir) await rm(options.dataDir, { recursive: true, force: true });
  };
  try {
    await launcher.healthy(90_000);
  } catch (error) {
    await stop({ keepDataDir: true });
    throw error;
  }
  return {
    baseUrl: launcher.baseUrl,
    dataDir: options.dataDir,
    pid: child.pid ?? 0,
    startupOutput: launcher.output(),
    stop,
  };
}

/** The URLs the launcher left in DATA_DIR/connection.json for the CLIs (lib/db/embedded.ts). */
async function embeddedUrls(dataDir: string): Promise<{ appUrl: string; ownerUrl: string }> {
  const file = JSON.parse(await readFile(path.join(dataDir, 'connection.json'), 'utf8')) as {
    url: string;
    ownerUrl: string;
  };
  return { appUrl: file.url, ownerUrl: file.ownerUrl };
}
