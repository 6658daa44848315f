// Issue 13, item 2: with an external DATABASE_URL, the database stops under load and comes back.
// While it is away every call answers 503 UNAVAILABLE at once; when it returns the same server
// process answers 200 and Verify 201 again, with no restart. The test runs its own cluster of
// the machine's PostgreSQL; CI (.ci/run) sets REQUIRE_SYSTEM_POSTGRES=1, so there a missing
// server fails the test instead of skipping it.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LaunchedServer, launchServer } from '../../scripts/support/launch-server';
import { postgresBinDir, startCluster, type TestCluster } from '../support/postgres-cluster';

const run = promisify(execFile);
const binDir = postgresBinDir();
const required = process.env.REQUIRE_SYSTEM_POSTGRES === '1';

interface Answer {
  status: number;
  code: string | null;
  ms: number;
  at: number;
}

/** Figures for docs/reliability.md, printed once at the end. */
const figures: Record<string, number> = {};

describe.runIf(binDir !== null || required)(
  'an external database that stops and starts again under load',
  () => {
    let cluster: TestCluster | undefined;
    let server: LaunchedServer | undefined;
    let key = '';

    beforeAll(async () => {
      if (!binDir) {
        throw new Error(
          'REQUIRE_SYSTEM_POSTGRES=1 but no PostgreSQL server binaries were found (initdb, pg_ctl): ' +
            "install Debian's `postgresql` package or set TEST_POSTGRES_BIN_DIR",
        );
      }
      cluster = await startCluster(binDir);
      server = await launchServer({
        env: { DATABASE_URL: cluster.appUrl, MIGRATION_DATABASE_URL: cluster.ownerUrl },
      });
      // A key whose rate limit the load stays under: the demo key's default answered 429 on Node 24.
      const { stdout } = await run(
        process.execPath,
        [
          'node_modules/tsx/dist/cli.mjs',
          'scripts/keys.ts',
          'create',
          '--workspace',
          'faults',
          '--scopes',
          'verify',
          '--rate-limit',
          '100000/s',
        ],
        { env: { ...process.env, ...server.cliEnv } },
      );
      key = (JSON.parse(stdout) as { key: string }).key;
    });

    afterAll(async () => {
      await server?.stop();
      await cluster?.destroy();
      if (Object.keys(figures).length > 0)
        console.log(`external database faults: ${JSON.stringify(figures)}`);
    });

    /** One call and how it ended; a refused or timed-out socket counts as status 0. */
    async function ask(pathname: string, body?: unknown): Promise<Answer> {
      const started = Date.now();
      try {
        const response = await fetch(`${server?.baseUrl}${pathname}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(20_000),
        });
        const text = await response.text();
        const code = /json/.test(response.headers.get('content-type') ?? '')
          ? ((JSON.parse(text) as { code?: string }).code ?? null)
          : null;
        return { status: response.status, code, ms: Date.now() - started, at: Date.now() };
      } catch {
        return { status: 0, code: null, ms: Date.now() - started, at: Date.now() };
      }
    }

    /** The server's log lines of 500s, to name what was not recognised as an outage. */
    const unhandled = () =>
      readFileSync(path.join(server?.dataDir ?? '', 'server.log'), 'utf8')
        .split('\n')
        .filter((line) => line.includes('unhandled error'))
        .join('\n');

    const verifyBody = (n: number) => ({ emails: [`fault-${n}@example.com`], phones: ['+14155550142'] });

    it('answers 503 UNAVAILABLE quickly while the database is away, and recovers without a restart', async () => {
      if (!cluster || !server) throw new Error('setup failed');
      expect((await ask('/api/health')).status).toBe(200);
      expect((await ask('/api/verify', verifyBody(0))).status).toBe(201);

      // Steady load: four clients calling Verify back to back for the whole test.
      const answers: Answer[] = [];
      let loading = true;
      let n = 1;
      const workers = Array.from({ length: 4 }, async () => {
        while (loading) answers.push(await ask('/api/verify', verifyBody(n++)));
      });
      await new Promise((r) => setTimeout(r, 2_000));
      const beforeStop = answers.length;

      const stoppedAt = Date.now();
      await cluster.stop();
      figures.stopMs = Date.now() - stoppedAt;
      // While it is away: health 503 at once, and Verify 503 UNAVAILABLE, not 500, not a hang.
      const away: Answer[] = [];
      for (let i = 0; i < 10; i++) {
        away.push(await ask('/api/health'));
        away.push(await ask('/api/verify', verifyBody(n++)));
        await new Promise((r) => setTimeout(r, 300));
      }
      const healthAway = away.filter((_, i) => i % 2 === 0);
      const verifyAway = away.filter((_, i) => i % 2 === 1);
      expect(healthAway.map((a) => a.status)).toEqual(healthAway.map(() => 503));
      expect(verifyAway.map((a) => `${a.status} ${a.code}`)).toEqual(verifyAway.map(() => '503 UNAVAILABLE'));
      figures.awayMaxMs = Math.max(...away.map((a) => a.ms));
      expect(figures.awayMaxMs).toBeLessThan(2_000);
      // Under load, no call outlived the outage by hanging, and none was a 500.
      const duringLoad = answers.slice(beforeStop);
      expect(
        duringLoad.filter((a) => a.status === 500 || a.status === 0),
        unhandled(),
      ).toEqual([]);

      const restartedAt = Date.now();
      await cluster.start();
      figures.startMs = Date.now() - restartedAt;
      const deadline = Date.now() + 30_000;
      let health = await ask('/api/health');
      while (health.status !== 200 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        health = await ask('/api/health');
      }
      figures.recoveryMs = health.at - restartedAt;
      expect(health.status).toBe(200);
      expect((await ask('/api/verify', verifyBody(n++))).status).toBe(201);
      // The load goes on a while against the recovered database.
      await new Promise((r) => setTimeout(r, 3_000));
      loading = false;
      await Promise.all(workers);

      // Every load call after the first healthy answer succeeded: the pool holds no dead client.
      const after = answers.filter((a) => a.at > health.at + 1_000);
      expect(after.length).toBeGreaterThan(0);
      expect(after.filter((a) => a.status !== 201)).toEqual([]);
      figures.loadCalls = answers.length;
      figures.load503 = answers.filter((a) => a.status === 503).length;
      figures.load201 = answers.filter((a) => a.status === 201).length;
    });
  },
);
