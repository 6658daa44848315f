// Starts the real product the way a person does (`npm start`'s launcher: embedded PostgreSQL,
// migrations, demo data, `next start` of the production build) on a fresh DATA_DIR and port.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    demoKey: string;
    dataDir: string;
    startupOutput: string;
  }
}

async function freePort(): Promise<number> {
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

let child: ChildProcess | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (!existsSync('.next/BUILD_ID')) {
    throw new Error(
      'Contract tests run against the production build: run `npm run build` first (npm test does).',
    );
  }
  dataDir = await mkdtemp(path.join(tmpdir(), 'verity-contract-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/start.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not become healthy in 90 s:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  const demoKey = output.match(/API key\s+(vty_\S+)/)?.[1];
  if (!demoKey) throw new Error(`the launcher printed no demo key:\n${output}`);
  project.provide('baseUrl', baseUrl);
  project.provide('demoKey', demoKey);
  project.provide('dataDir', dataDir);
  project.provide('startupOutput', output);
}

export async function teardown(): Promise<void> {
  const running = child;
  if (running?.pid && running.exitCode === null) {
    const exited = new Promise((resolve) => running.once('exit', resolve));
    process.kill(-running.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (running.exitCode === null) process.kill(-running.pid, 'SIGKILL');
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
