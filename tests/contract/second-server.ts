// A second server process on the contract server's database and DATA_DIR (its secret), as a
// second instance behind a load balancer would be: `next start` of the same build, as the
// application role, no migrations or demo data of its own.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { inject } from 'vitest';
import { freePort } from '../../scripts/support/launch-server';
import { appConnectionUrl } from './support';

const require = createRequire(import.meta.url);

export interface SecondServer {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startSecondServer(): Promise<SecondServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      new URL('../../scripts/support/peer-address.mjs', import.meta.url).href,
      '--import',
      new URL('../../scripts/support/request-guards.mjs', import.meta.url).href,
      require.resolve('next/dist/bin/next'),
      'start',
      '--port',
      String(port),
      '--hostname',
      '127.0.0.1',
    ],
    {
      env: {
        ...process.env,
        DATA_DIR: inject('dataDir'),
        DATABASE_URL: appConnectionUrl(),
        MIGRATION_DATABASE_URL: '',
        REFERENCE_DATA_DIR: 'off',
        DNS_SERVERS: 'off',
        LOG_LEVEL: 'warn',
        NEXT_TELEMETRY_DISABLED: '1',
        PGAPPNAME: 'verity-server-2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      if (output.length < 16 * 1024) output += chunk.toString();
    });
  }
  const stop = async () => {
    if (child.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`second server exited early:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`second server did not become healthy in 60 s:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).status === 200) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, stop };
}
