// `npm run bench`: engine micro-benchmark and HTTP throughput/latency against the real server
// (embedded PostgreSQL, production build). Prints tables; figures go to docs/performance.md.
import { existsSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runChecks } from '@/lib/engine/checks';
import { parseVerifyRequest } from '@/lib/engine/request';
import { scoreRisk } from '@/lib/engine/risk';
import { benchKey, runCli, shareWorkspace } from './support/bench-cli';
import { percentile, table } from './support/bench-report';
import { FULL_REQUEST, hubApplicant, letters, marketStreet, personRequest } from './support/bench-requests';
import { launchServer } from './support/launch-server';
import { type CpuTime, productCpu } from './support/process-cpu';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '16' },
    iterations: { type: 'string', default: '20000' },
    'heavy-email-observations': { type: 'string', default: '1000000' },
    /** The large workspace list Verify is timed against (0: skip the section). */
    'list-entries': { type: 'string', default: '100000' },
    /** Sharers of the hub rows' street address (0: skip the section); the largest also for a phone, IP and SSN. */
    'hub-sizes': { type: 'string', default: '100,10000,100000' },
    /** Only the HTTP rows whose name holds this text (health always runs: the ratios need it). */
    only: { type: 'string', default: '' },
  },
});
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const ITERATIONS = Number(values.iterations);
const CORES = availableParallelism();

function engineBench(): Record<string, string | number>[] {
  const now = new Date();
  const stages = {
    'parse + normalise': () => parseVerifyRequest(FULL_REQUEST),
    'parse + all checks + risk': () => {
      const parsed = parseVerifyRequest(FULL_REQUEST);
      if (!parsed.ok) throw new Error('bench request is invalid');
      scoreRisk(runChecks(parsed.value, { now, graph: null }));
    },
  };
  const rows: Record<string, string | number>[] = [];
  for (const [name, fn] of Object.entries(stages)) {
    for (let i = 0; i < 1000; i++) fn();
    const samples: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const start = process.hrtime.bigint();
      fn();
      samples.push(Number(process.hrtime.bigint() - start) / 1000);
    }
    samples.sort((a, b) => a - b);
    rows.push({
      stage: name,
      iterations: ITERATIONS,
      'p50 µs': percentile(samples, 50).toFixed(1),
      'p99 µs': percentile(samples, 99).toFixed(1),
    });
  }
  return rows;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function request(url: URL, method: string, key: string | null, body: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          ...(body ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } : {}),
          ...(key ? { Authorization: `Bearer ${key}` } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

/** The launched product (its process group and DATA_DIR), whose CPU each row reports. */
let product = { group: 0, dataDir: '/nonexistent' };
const cpuNow = () => productCpu(product.group, product.dataDir);
/** The product's CPU since `before`, in ms: the server processes' and the database's. */
function cpuSince(before: CpuTime): CpuTime {
  const now = cpuNow();
  return { server: now.server - before.server, database: now.database - before.database };
}

async function load(
  name: string,
  url: URL,
  method: string,
  key: string | null,
  body: () => string | null,
): Promise<Record<string, string | number>> {
  const cpuBefore = cpuNow();
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const end = Date.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const t0 = performance.now();
        const status = await request(url, method, key, body());
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuSince(cpuBefore);
  latencies.sort((a, b) => a - b);
  const perRequest = (ms: number) => (ms / latencies.length).toFixed(2);
  return {
    endpoint: name,
    requests: latencies.length,
    'req/s': Math.round(latencies.length / elapsed),
    'p50 ms': percentile(latencies, 50).toFixed(1),
    'p99 ms': percentile(latencies, 99).toFixed(1),
    'server CPU ms/req': perRequest(cpu.server),
    'db CPU ms/req': perRequest(cpu.database),
    statuses: [...statuses].map(([s, n]) => `${s}×${n}`).join(' '),
  };
}

const INGEST_BATCHES = 40;
const INGEST_BATCH_SIZE = 1000;

/** Events of 5,000 synthetic people (so links and clusters repeat, as real feeds do). */
function eventBatch(batch: number): string {
  const now = Date.now();
  const events = Array.from({ length: INGEST_BATCH_SIZE }, (_, i) => {
    const person = (batch * INGEST_BATCH_SIZE + i) % 5000;
    return {
      id: `bench-${batch}-${i}`,
      type: ['visitor', 'signup', 'click'][i % 3],
      observedAt: now - ((batch * INGEST_BATCH_SIZE + i) % (365 * 24)) * 3_600_000,
      source: `feed-${i % 4}`,
      emails: [`person${person}@example.com`],
      phones: [`+1415555${String(person % 10_000).padStart(4, '0')}`],
      ipAddress: `81.2.${person % 250}.${(i % 250) + 1}`,
    };
  });
  return JSON.stringify(events);
}

async function ingestBench(base: string, key: string): Promise<Record<string, string | number>> {
  const url = new URL('/api/events', base);
  const bodies = Array.from({ length: INGEST_BATCHES }, (_, b) => eventBatch(b));
  const latencies: number[] = [];
  let next = 0;
  const cpuBefore = cpuNow();
  const started = performance.now();
  await Promise.all(
    [0, 1].map(async () => {
      for (let b = next++; b < INGEST_BATCHES; b = next++) {
        const t0 = performance.now();
        const status = await request(url, 'POST', key, bodies[b] ?? '[]');
        if (status !== 202) throw new Error(`ingest answered ${status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSince(cpuBefore);
  latencies.sort((a, b) => a - b);
  const events = INGEST_BATCHES * INGEST_BATCH_SIZE;
  const serverUs = (cpu.server * 1000) / events;
  const databaseUs = (cpu.database * 1000) / events;
  return {
    requests: INGEST_BATCHES,
    events,
    'events/s': Math.round(events / seconds),
    'p50 ms/request': percentile(latencies, 50).toFixed(0),
    'p99 ms/request': percentile(latencies, 99).toFixed(0),
    'server CPU µs/event': serverUs.toFixed(0),
    'db CPU µs/event': databaseUs.toFixed(0),
    // Every core doing nothing but this work, the bench client and waits costing nothing.
    [`CPU-bound ceiling at ${CORES} cores, events/s`]: Math.round((CORES * 1e6) / (serverUs + databaseUs)),
  };
}

/** Seeds a heavy email into the running server's database, then times the reads over it. */
async function heavyEmailBench(
  cliEnv: Record<string, string>,
  base: string,
  key: string,
  observations: number,
): Promise<Record<string, string | number>[]> {
  const started = performance.now();
  const seeded = runCli(
    'seed.ts',
    ['--persons', '1000', '--workspace', 'bench-heavy', '--heavy-email-observations', String(observations)],
    cliEnv,
  );
  const email = seeded.stderr.match(/heavy email: (\S+)/)?.[1];
  if (!email) throw new Error(`seed printed no heavy email: ${seeded.stderr.slice(-2000)}`);
  await shareWorkspace(cliEnv, 'bench-heavy');
  const seedSeconds = ((performance.now() - started) / 1000).toFixed(1);
  const calls: [string, string, unknown][] = [
    ['POST /api/signals patternInterval=year', '/api/signals', { emails: [email], patternInterval: 'year' }],
    ['POST /api/signals patternInterval=hour', '/api/signals', { emails: [email], patternInterval: 'hour' }],
    ['POST /api/signals (person view)', '/api/signals', { emails: [email] }],
    ['POST /api/signals/patterns/summary (6 windows)', '/api/signals/patterns/summary', { email }],
    [
      'POST /api/signals/patterns/timeseries year',
      '/api/signals/patterns/timeseries',
      { email, interval: 'year' },
    ],
    [
      'POST /api/signals/patterns/timeseries hour',
      '/api/signals/patterns/timeseries',
      { email, interval: 'hour' },
    ],
  ];
  const rows: Record<string, string | number>[] = [];
  for (const [name, path, body] of calls) {
    const samples: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      // A fresh connection: the pooled keep-alive sockets went idle while the seed ran.
      const response = await fetch(new URL(path, base), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
        body: JSON.stringify(body),
      });
      await response.text();
      if (response.status !== 200) throw new Error(`${name} answered ${response.status}`);
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    rows.push({
      call: name,
      'p50 ms': percentile(samples, 50).toFixed(1),
      'p99 ms': percentile(samples, 99).toFixed(1),
    });
  }
  rows.push({
    call: `(seeding 1,000 people + the heavy email took ${seedSeconds} s)`,
    'p50 ms': '',
    'p99 ms': '',
  });
  return rows;
}

/**
 * A workspace list of `size` entries as the import reads it: e-mails, domains, phones, addresses
 * and CIDR ranges (a tenth), none of which the timed calls carry, so every call pays the lookup
 * and finds nothing, the common case.
 */
function listCsv(size: number, offset: number): string {
  const lines = ['list,kind,value,reason,expires_at'];
  for (let i = offset; i < offset + size; i++) {
    const octets = `${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const row =
      [
        ['block', 'email', `listed${i}@list-bench.example`],
        ['block', 'email_domain', `d${i}.list-bench.example`],
        ['allow', 'phone', `+1415${String(2_000_000 + i).padStart(7, '0')}`],
        ['block', 'ip', `10.${octets}`],
        ['block', 'email', `other${i}@list-bench.example`],
        ['block', 'email_domain', `e${i}.list-bench.example`],
        ['block', 'ip', `11.${octets}`],
        ['allow', 'email', `customer${i}@list-bench.example`],
        ['block', 'name', `Listed ${letters(i)}`],
        ['block', 'cidr', `100.${64 + ((i >> 14) & 63)}.${(i >> 6) & 255}.${(i & 63) * 4}/30`],
      ][i % 10] ?? [];
    lines.push(`${row.join(',')},bench,`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Verify's cost beside a workspace list of 10 entries, then of `size` (imported with the CLI):
 * the same calls (a new e-mail and IP address each), so the rows compare like for like.
 */
/** Closes the pooled keep-alive sockets: the server drops those left idle while a CLI ran. */
function dropIdleSockets(): void {
  for (const sockets of Object.values(agent.freeSockets))
    for (const socket of sockets ?? []) socket.destroy();
}

async function listBench(
  cliEnv: Record<string, string>,
  base: string,
  key: string,
  size: number,
): Promise<Record<string, string | number>[]> {
  const file = path.join(cliEnv.DATA_DIR ?? '.', 'bench-list.csv');
  const verifyUrl = new URL('/api/verify', base);
  let o = 0;
  const body = () => {
    o++;
    return JSON.stringify({ emails: [`lb${o}@gmail.com`], ipAddress: `198.51.${(o >> 8) & 255}.${o & 255}` });
  };
  const rows: Record<string, string | number>[] = [];
  writeFileSync(file, listCsv(10, 0));
  runCli('workspace-lists.ts', ['import', file, '--workspace', 'demo'], cliEnv);
  dropIdleSockets();
  rows.push(await load('POST /api/verify (email + IP), 10 list entries', verifyUrl, 'POST', key, body));
  writeFileSync(file, listCsv(size - 10, 10));
  const started = performance.now();
  const imported = runCli('workspace-lists.ts', ['import', file, '--workspace', 'demo'], cliEnv);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const { saved, rejected } = JSON.parse(imported.stdout) as { saved: number; rejected: unknown[] };
  const total = (saved + 10).toLocaleString('en');
  dropIdleSockets();
  rows.push(
    await load(
      `POST /api/verify (email + IP), ${total} list entries, just imported`,
      verifyUrl,
      'POST',
      key,
      body,
    ),
  );
  // Autovacuum analyzes the grown table within its naptime (a minute): until then the planner's
  // statistics are those of the small list.
  await new Promise((resolve) => setTimeout(resolve, 70_000));
  dropIdleSockets();
  rows.push(
    await load(
      `POST /api/verify (email + IP), ${total} list entries, a minute later`,
      verifyUrl,
      'POST',
      key,
      body,
    ),
  );
  // A note across the table: every other column blank.
  rows.push({
    ...Object.fromEntries(Object.keys(rows[0] ?? {}).map((column) => [column, ''])),
    endpoint: `(the CLI imported ${saved.toLocaleString('en')} entries in ${seconds} s, ${rejected.length} rejected)`,
  });
  return rows;
}

const HUB_KINDS = {
  address: marketStreet,
  phone: (n: number) => ({ phones: [`+1650${String(3_000_000 + n).padStart(7, '0')}`] }),
  ip: (n: number) => ({ ipAddress: `81.3.${n % 250}.${(n % 200) + 1}` }),
  ssn: (n: number) => ({
    ssns: [`${String(100 + (n % 500)).padStart(3, '0')}-44-${String(1000 + n).slice(-4)}`],
  }),
} as const;
type HubKind = keyof typeof HUB_KINDS;

/** Grows a hub from `from` to `to` sharers through POST /api/events (1,000 a request, 2 at once). */
async function growHub(base: string, key: string, shared: object, tag: string, from: number, to: number) {
  const url = new URL('/api/events', base);
  const starts: number[] = [];
  for (let start = from; start < to; start += INGEST_BATCH_SIZE) starts.push(start);
  const observedAt = Date.now() - 3_600_000;
  await Promise.all(
    [0, 1].map(async () => {
      for (let start = starts.shift(); start !== undefined; start = starts.shift()) {
        const events = Array.from({ length: Math.min(INGEST_BATCH_SIZE, to - start) }, (_, i) => ({
          type: 'signup',
          source: 'hub-bench',
          observedAt,
          ...hubApplicant(tag, start + i),
          ...shared,
        }));
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
          body: JSON.stringify(events),
        });
        const tally = (await response.json()) as { accepted?: number; rejected?: unknown[] };
        if (response.status !== 202 || tally.accepted !== events.length)
          throw new Error(`hub ingest answered ${response.status}: ${JSON.stringify(tally).slice(0, 500)}`);
      }
    }),
  );
}

/**
 * Verify by a new applicant each call at an identifier shared by 100, 10,000 and 100,000 people
 * (issue 35: a mail drop, a dorm, a ring's phone) against the same calls at identifiers of their
 * own: the reads over a hub are capped, so the rows should match within noise.
 */
async function hubBench(
  base: string,
  key: string,
  sizes: number[],
): Promise<Record<string, string | number>[]> {
  const verifyUrl = new URL('/api/verify', base);
  let u = 0;
  const rows: Record<string, string | number>[] = [];
  const unshared = await load('POST /api/verify (new applicant, own address)', verifyUrl, 'POST', key, () => {
    u++;
    return JSON.stringify({ ...hubApplicant('own', u), ...HUB_KINDS.address(100_000 + u) });
  });
  rows.push(unshared);
  const cpu = (row: Record<string, string | number>) =>
    Number(row['server CPU ms/req'] ?? 0) + Number(row['db CPU ms/req'] ?? 0);
  const versus = (row: Record<string, string | number>) => {
    const compared = {
      ...row,
      'req/s vs own': (Number(row['req/s']) / Number(unshared['req/s'])).toFixed(2),
      'CPU/req vs own': (cpu(row) / cpu(unshared)).toFixed(2),
    };
    // Progress while the larger hubs grow (the table comes at the end).
    process.stderr.write(`${JSON.stringify(compared)}\n`);
    return compared;
  };
  const largest = Math.max(...sizes);
  const plan: [HubKind, number[]][] = [
    ['address', sizes],
    ['phone', [largest]],
    ['ip', [largest]],
    ['ssn', [largest]],
  ];
  for (const [kind, kindSizes] of plan) {
    const shared = HUB_KINDS[kind](1);
    let held = 0;
    for (const size of kindSizes) {
      const started = performance.now();
      await growHub(base, key, shared, `${kind}hub`, held, size);
      held = size;
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      dropIdleSockets();
      let c = 0;
      rows.push(
        versus(
          await load(
            `POST /api/verify (new applicant, ${kind} of ${size.toLocaleString('en')} sharers; grown in ${seconds} s)`,
            verifyUrl,
            'POST',
            key,
            () => JSON.stringify({ ...hubApplicant(`${kind}new`, c++), ...shared }),
          ),
        ),
      );
    }
  }
  return [versus(unshared), ...rows.slice(1)];
}

/** GET on Verify's path: a 405 problem with no key and no database, the cheapest answer. */
const FLOOR = 'GET /api/verify (405 floor)';

async function main(): Promise<void> {
  console.log(
    `\nEngine (no database, no HTTP), ${ITERATIONS} iterations of a request with every identifier\n`,
  );
  table(engineBench());

  console.log(
    `\nHTTP against the production server on embedded PostgreSQL: ${CONCURRENCY} concurrent clients, ${SECONDS} s each, ${CORES} cores\n`,
  );
  // With the real reference lists loaded, as `npm start` does: Verify screens every name.
  const lists = path.resolve('reference-data');
  const server = await launchServer({
    logLevel: 'info',
    env: existsSync(lists) ? { REFERENCE_DATA_DIR: lists } : {},
  });
  product = { group: server.pid, dataDir: server.cliEnv.DATA_DIR ?? '/nonexistent' };
  try {
    const base = server.baseUrl;
    const key = benchKey(server.cliEnv);
    const full = JSON.stringify(FULL_REQUEST);
    const created = await fetch(`${base}/api/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: full,
    });
    const { sessionId } = (await created.json()) as { sessionId: string };
    let n = 0;
    let m = 0;
    let o = 0;
    const verifyUrl = new URL('/api/verify', base);
    const signalsUrl = new URL('/api/signals', base);
    const runs: [string, URL, string | null, () => string | null][] = [
      ['GET /api/health', new URL('/api/health', base), null, () => null],
      // The floor (issue 35): routing, headers and a problem body, no key and no database.
      [FLOOR, verifyUrl, null, () => null],
      // The "Verify with one email": a new applicant's email each call.
      [
        'POST /api/verify (one email)',
        verifyUrl,
        key,
        () => JSON.stringify({ emails: [`one${o++}@gmail.com`] }),
      ],
      ['POST /api/verify (same person)', verifyUrl, key, () => full],
      ['POST /api/verify (10k people)', verifyUrl, key, () => JSON.stringify(personRequest(n++ % 10_000))],
      [
        'POST /api/verify (join session)',
        verifyUrl,
        key,
        () => JSON.stringify({ sessionId, emails: [`join${n++ % 50}@example.com`] }),
      ],
      [
        'POST /api/signals (one hot email)',
        signalsUrl,
        key,
        () => JSON.stringify({ emails: ['jane.doe@gmail.com'], patternInterval: 'week' }),
      ],
      [
        'POST /api/signals (many people)',
        signalsUrl,
        key,
        () => JSON.stringify({ emails: [`bench.person${m++ % 200}@gmail.com`], patternInterval: 'week' }),
      ],
      ['POST /api/verify (400 invalid)', verifyUrl, key, () => JSON.stringify({ birthday: 'x' })],
    ];
    const rows: Record<string, string | number>[] = [];
    for (const [name, url, auth, body] of runs) {
      if (name !== 'GET /api/health' && name !== FLOOR && !name.includes(values.only)) continue;
      rows.push(await load(name, url, auth ? 'POST' : 'GET', auth, body));
    }
    // Issue 12's targets were ratios to the no-op route of the same server; issue 35 states them as
    // CPU per call (server + database) divided by the floor's, which no core count changes.
    const health = Number(rows[0]?.['req/s'] ?? 0);
    const cpu = (row: Record<string, string | number> | undefined) =>
      Number(row?.['server CPU ms/req'] ?? 0) + Number(row?.['db CPU ms/req'] ?? 0);
    const healthCpu = cpu(rows[0]);
    const floorCpu = cpu(rows.find((row) => row.endpoint === FLOOR));
    table(
      rows.map((row) => ({
        ...row,
        'ratio to health': health ? (Number(row['req/s']) / health).toFixed(3) : '',
        // The best ratio these CPU costs allow when the cores are the limit (the client's share aside).
        'CPU-bound ratio': cpu(row) > 0 ? (healthCpu / cpu(row)).toFixed(3) : '',
        'CPU vs floor': floorCpu > 0 ? (cpu(row) / floorCpu).toFixed(2) : '',
      })),
    );

    console.log(
      '\nIngestion: POST /api/events, 1,000 events per request (email + phone + IP each), 2 concurrent clients\n',
    );
    table([await ingestBench(base, key)]);

    const listSize = Number(values['list-entries']);
    if (listSize > 0) {
      console.log(
        `\nVerify beside a workspace list of 10 entries, then of ${listSize.toLocaleString('en')} (${CONCURRENCY} concurrent clients, ${SECONDS} s each)\n`,
      );
      table(await listBench(server.cliEnv, base, key, listSize));
    }

    const hubSizes = values['hub-sizes']
      .split(',')
      .map(Number)
      .filter((size) => size > 0);
    if (hubSizes.length > 0) {
      console.log(
        `\nVerify by a new applicant each call at an identifier shared by ${hubSizes.map((n) => n.toLocaleString('en')).join(', ')} (${CONCURRENCY} concurrent clients, ${SECONDS} s each)\n`,
      );
      table(await hubBench(base, key, hubSizes));
    }

    const heavy = Number(values['heavy-email-observations']);
    if (heavy > 0) {
      console.log(
        `\nOne email with ${heavy.toLocaleString('en')} observations over a year (seeded with COPY), sequential calls\n`,
      );
      table(await heavyEmailBench(server.cliEnv, base, key, heavy));
    }
    const memory = process.memoryUsage();
    console.log(`\nbench client RSS ${(memory.rss / 2 ** 20).toFixed(0)} MiB`);
  } finally {
    agent.destroy();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
