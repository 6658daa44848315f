// `npm run bench:scale`: latency of Verify and Signals as the identity graph grows. Starts the
// production server (as `npm start` does), seeds the graph up to each size in turn with the
// documented seed CLI, and at each size drives calls at a steady rate (open loop: a request
// leaves every 1/rate seconds whether or not the last one answered), printing p50/p99 per call.
// Flat rows are the design goal (issue 12): every read is by index, and neighbourhoods are capped.
import http from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchKey, runCli, shareWorkspace } from './support/bench-cli';
import { percentile, table } from './support/bench-report';
import { FULL_REQUEST } from './support/bench-requests';
import { launchServer } from './support/launch-server';

const { values } = parseArgs({
  options: {
    /** Graph sizes in persons, ascending; each step seeds the difference. */
    sizes: { type: 'string', default: '10000,100000' },
    /** Steady call rate per second, or several (50,200), each measured at every size. */
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '5' },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const RATES = values.rate.split(',').map(Number);
const SECONDS = Number(values.seconds);
if (RATES.some((r) => !(r > 0))) throw new Error('--rate takes positive numbers, e.g. 50,200');
if (SIZES.some((n, i) => !Number.isSafeInteger(n) || n <= (SIZES[i - 1] ?? 0)))
  throw new Error('--sizes takes ascending whole numbers, e.g. 10000,100000,1000000');

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function post(url: URL, key: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Authorization: `Bearer ${key}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Calls at a steady rate for SECONDS; latencies of the answered ones, and any non-2xx count. */
async function steady(
  url: URL,
  key: string,
  body: () => string,
  rate: number,
): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const calls: Promise<void>[] = [];
  const started = performance.now();
  const total = Math.round(rate * SECONDS);
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t0 = performance.now();
    calls.push(
      post(url, key, body()).then((status) => {
        latencies.push(performance.now() - t0);
        if (status >= 300) errors++;
      }),
    );
  }
  await Promise.all(calls);
  latencies.sort((a, b) => a - b);
  return { latencies, errors };
}

function seed(cliEnv: Record<string, string>, persons: number, step: number): number {
  const started = performance.now();
  // Another seed per step: new people, not the last step's again.
  runCli(
    'seed.ts',
    ['--persons', String(persons), '--workspace', `scale-${step}`, '--seed', String(1000 + step)],
    cliEnv,
  );
  return (performance.now() - started) / 1000;
}

async function main(): Promise<void> {
  const server = await launchServer({ logLevel: 'warn' });
  try {
    const key = benchKey(server.cliEnv);
    const verifyUrl = new URL('/api/verify', server.baseUrl);
    const signalsUrl = new URL('/api/signals', server.baseUrl);
    const full = JSON.stringify(FULL_REQUEST);
    const signals = JSON.stringify({ emails: [FULL_REQUEST.emails[0]], patternInterval: 'year' });
    let fresh = 0;
    const newPerson = () =>
      JSON.stringify({
        ...FULL_REQUEST,
        emails: [`scale.${fresh}@example.org`],
        phones: [`+1212${String(5_000_000 + (fresh++ % 4_000_000)).padStart(7, '0')}`],
        location: { ...FULL_REQUEST.location, addressLine1: `${fresh} Elm St` },
        ssns: [],
      });
    const rows: Record<string, string | number>[] = [];
    let seeded = 0;
    for (const [step, size] of SIZES.entries()) {
      const seconds = seed(server.cliEnv, size - seeded, step);
      await shareWorkspace(server.cliEnv, `scale-${step}`);
      seeded = size;
      // Statistics as autovacuum would have them on a graph that grew over time, not mid-load.
      const owner = new pg.Client({ connectionString: server.ownerUrl });
      await owner.connect();
      await owner.query('analyze');
      await owner.end();
      const calls: [string, URL, () => string][] = [
        ['Verify, a new person (every identifier)', verifyUrl, newPerson],
        ['Verify, a person seen before (every identifier)', verifyUrl, () => full],
        ['Signals year, that person', signalsUrl, () => signals],
      ];
      for (const [rate, [name, url, body]] of RATES.flatMap((r) => calls.map((c) => [r, c] as const))) {
        await steady(url, key, body, rate); // warm: plans, caches
        const { latencies, errors } = await steady(url, key, body, rate);
        rows.push({
          persons: size.toLocaleString('en'),
          call: name,
          'rate/s': rate,
          calls: latencies.length,
          'p50 ms': percentile(latencies, 50).toFixed(1),
          'p99 ms': percentile(latencies, 99).toFixed(1),
          'non-2xx': errors,
          'seed s': seconds.toFixed(0),
        });
        process.stderr.write(`${size} persons: ${name} at ${rate}/s done\n`);
      }
    }
    console.log(
      `\nLatency against graph size: steady calls for ${SECONDS} s each (after as long a warm-up)\n`,
    );
    table(rows);
  } finally {
    await server.stop();
  }
}

await main();
process.exit(0);
