// A/B of the keyed request path (key check + rate limit + a 400 answer, no handler database work)
// between two production builds running side by side, requests alternated so that machine load
// weighs on both alike. Usage: tsx scripts/bench-auth-ab.ts OTHER_WORKTREE [--calls 2000] [--concurrency 1]
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type LaunchedServer, launchServer } from './support/launch-server';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { calls: { type: 'string', default: '2000' }, concurrency: { type: 'string', default: '1' } },
});
const CALLS = Number(values.calls);
const CONCURRENCY = Number(values.concurrency);
const here = process.cwd();
const other = path.resolve(positionals[0] ?? '');

async function start(dir: string): Promise<{ server: LaunchedServer; key: string }> {
  process.chdir(dir);
  try {
    const server = await launchServer({ logLevel: 'warn' });
    const out = execFileSync(
      process.execPath,
      [
        'node_modules/tsx/dist/cli.mjs',
        'scripts/keys.ts',
        'create',
        '--workspace',
        'ab',
        '--scopes',
        'verify',
        '--rate-limit',
        '100000/s',
      ],
      { env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' } },
    ).toString();
    return { server, key: (JSON.parse(out) as { key: string }).key };
  } finally {
    process.chdir(here);
  }
}

async function once(base: string, key: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/api/verify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: '{"birthday":"x"}',
  });
  await response.arrayBuffer();
  if (response.status !== 400) throw new Error(`status ${response.status}`);
  return performance.now() - started;
}

const a = await start(other);
const b = await start(here);
try {
  const samples: [number[], number[]] = [[], []];
  const targets = [a, b] as const;
  for (let i = 0; i < 200; i++) for (const t of targets) await once(t.server.baseUrl, t.key);
  let next = 0;
  const wall = [0, 0];
  // Alternating rounds: each round sends `CONCURRENCY` calls to one server, then to the other.
  while (next < CALLS) {
    next += CONCURRENCY;
    for (const [i, t] of targets.entries()) {
      const started = performance.now();
      const times = await Promise.all(
        Array.from({ length: CONCURRENCY }, () => once(t.server.baseUrl, t.key)),
      );
      wall[i] = (wall[i] ?? 0) + performance.now() - started;
      samples[i]?.push(...times);
    }
  }
  const pct = (xs: number[], p: number) =>
    [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) * p)] ?? 0;
  console.log(`| build | calls | concurrency | req/s | p50 ms | p99 ms |\n|---|---|---|---|---|---|`);
  for (const [i, name] of ['other (A)', 'this worktree (B)'].entries()) {
    const xs = samples[i] ?? [];
    console.log(
      `| ${name} | ${xs.length} | ${CONCURRENCY} | ${((xs.length / (wall[i] ?? 1)) * 1000).toFixed(0)} | ${pct(xs, 0.5).toFixed(2)} | ${pct(xs, 0.99).toFixed(2)} |`,
    );
  }
} finally {
  await a.server.stop();
  await b.server.stop();
}
