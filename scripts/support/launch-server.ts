// Starts the real product (the `npm start` launcher) on a fresh DATA_DIR and a free port, for the
// contract tests and the benchmark, and stops it again.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface LaunchedServer {
  baseUrl: string;
  demoKey: string;
  /** The first console admin the launcher printed (ADMIN_PASSWORD when the caller set it). */
  adminEmail: string;
  adminPassword: string;
  dataDir: string;
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

export async function launchServer(
  options: { logLevel?: string; env?: Record<string, string> } = {},
): Promise<LaunchedServer> {
  if (!existsSync('.next/BUILD_ID')) {
    throw new Error('No production build: run `npm run build` first.');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'verity-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/start.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
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
  const log = createWriteStream(path.join(dataDir, 'server.log'));
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      if (output.length < 64 * 1024) output += chunk.toString();
      log.write(chunk);
    });
  }
  const stop = async () => {
    if (child.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become healthy in 90 s:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
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
  return { baseUrl, demoKey, adminEmail: admin.email, adminPassword, dataDir, startupOutput: output, stop };
}
