// `npm run soak -- --minutes 10 --rate 20`: a steady mix of Verify, Signals and ingestion on
// loopback against the production server (started here on a fresh DATA_DIR, or a running one with
// --url and --key), sampling every few seconds the server's memory (its process tree, from /proc),
// its event-loop delay (GET /api/health?runtime=1) and the calls' latency and errors. Prints a
// table and a verdict: no errors, and the server's memory growth after warm-up within --max-growth.
// With --json, one JSON line on stdout instead (the contract test reads it). Exit 1 on a failed verdict.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { treeMemory } from '@/lib/soak/process-tree';
import { soakRequest } from '@/lib/soak/traffic';
import { type SoakSample, soakVerdict } from '@/lib/soak/verdict';
import { percentile, table } from './support/bench-report';
import { launchServer } from './support/launch-server';

const USAGE = `usage: soak [--minutes 10 | --seconds N] [--rate 20] [--sample 5] [--warm-up SECONDS]
            [--max-growth 64] [--url http://127.0.0.1:3000 --key vty_... [--pid PID | --data-dir DIR]] [--json]`;

function fail(message: string): never {
  process.stderr.write(`${JSON.stringify({ error: 'USAGE', message: `${message}\n${USAGE}` })}\n`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    minutes: { type: 'string' },
    seconds: { type: 'string' },
    rate: { type: 'string', default: '20' },
    sample: { type: 'string', default: '5' },
    'warm-up': { type: 'string' },
    'max-growth': { type: 'string', default: '64' },
    url: { type: 'string' },
    key: { type: 'string' },
    pid: { type: 'string' },
    'data-dir': { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});

const positive = (text: string | undefined, name: string): number => {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) fail(`--${name} takes a number above 0`);
  return value;
};
const SECONDS = values.seconds
  ? positive(values.seconds, 'seconds')
  : positive(values.minutes ?? '10', 'minutes') * 60;
const RATE = positive(values.rate, 'rate');
const SAMPLE_SECONDS = positive(values.sample, 'sample');
// A fifth of the run, at least two samples: Next.js loads each route's module on its first call.
const WARM_UP = values['warm-up']
  ? positive(values['warm-up'], 'warm-up')
  : Math.max(SECONDS / 5, 2 * SAMPLE_SECONDS);
const MAX_GROWTH_MB = positive(values['max-growth'], 'max-growth');
/** Calls in flight beyond this are not sent: the server is not keeping up, and each counts as an error. */
const MAX_IN_FLIGHT = 256;
const JSON_ONLY = values.json;

const say = (line: string) => {
  if (!JSON_ONLY) console.log(line);
};

/** The launcher's pid of a running server: --pid, else the one DATA_DIR/connection.json names. */
function runningPid(): number | null {
  if (values.pid) return positive(values.pid, 'pid');
  if (!values['data-dir']) return null;
  const file = path.join(values['data-dir'], 'connection.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { pid: number }).pid;
}

async function main(): Promise<void> {
  let base: string;
  let key: string;
  let pid: number | null;
  let stop: () => Promise<void> = async () => undefined;
  if (values.url) {
    if (!values.key) fail('--url needs --key (a key with the verify, signals and ingest scopes)');
    base = values.url.replace(/\/$/, '');
    key = values.key;
    pid = runningPid();
  } else {
    say('starting the production server on a fresh DATA_DIR (embedded PostgreSQL)…');
    const server = await launchServer({ logLevel: 'warn' });
    base = server.baseUrl;
    key = server.demoKey;
    pid = server.pid;
    stop = () => server.stop();
  }
  if (pid === null)
    say('no server pid (--pid or --data-dir): memory is not sampled, and the verdict cannot pass');

  const samples: SoakSample[] = [];
  let interval = { requests: 0, errors: 0, latencies: [] as number[] };
  const errorKinds = new Map<string, number>();
  let inFlight = 0;
  let sent = 0;
  const started = Date.now();

  const send = async (n: number) => {
    const request = soakRequest(n, Date.now());
    const t0 = performance.now();
    let failure: string | null = null;
    try {
      const response = await fetch(`${base}${request.path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
        body: JSON.stringify(request.body),
      });
      await response.arrayBuffer();
      if (!request.expect.includes(response.status)) failure = `${request.operation} ${response.status}`;
    } catch (error) {
      failure = `${request.operation} ${error instanceof Error ? error.message : String(error)}`;
    }
    interval.latencies.push(performance.now() - t0);
    interval.requests += 1;
    if (failure) {
      interval.errors += 1;
      errorKinds.set(failure, (errorKinds.get(failure) ?? 0) + 1);
    }
  };

  const runtime = async () => {
    try {
      const response = await fetch(`${base}/api/health?runtime=1`);
      const body = (await response.json()) as {
        runtime?: { eventLoopDelayMs: { p99: number; max: number } };
      };
      return body.runtime?.eventLoopDelayMs ?? null;
    } catch {
      return null;
    }
  };
  await runtime(); // resets the server's histogram: the first interval starts now

  // Open loop: call n leaves at started + n / RATE whatever the answers' pace, as real clients do.
  const end = started + SECONDS * 1000;
  let nextSample = started + SAMPLE_SECONDS * 1000;
  const rows: Record<string, string | number>[] = [];
  let previousSampleAt = started;
  /** Closes the interval: its calls' latency and errors, the server's loop delay and memory. */
  const takeSample = async (now: number) => {
    const current = interval;
    const lastSampleAt = previousSampleAt;
    previousSampleAt = now;
    interval = { requests: 0, errors: 0, latencies: [] };
    const loop = await runtime();
    const memory = pid === null ? null : treeMemory(pid);
    const sorted = current.latencies.sort((a, b) => a - b);
    const sample: SoakSample = {
      at: Math.round((now - started) / 1000),
      requests: current.requests,
      errors: current.errors + (loop ? 0 : 1),
      p50Ms: Math.round(percentile(sorted, 50) * 10) / 10,
      p99Ms: Math.round(percentile(sorted, 99) * 10) / 10,
      loopP99Ms: loop?.p99 ?? 0,
      loopMaxMs: loop?.max ?? 0,
      nodeMb: memory ? Math.round(memory.nodeBytes / 1e5) / 10 : 0,
      totalMb: memory ? Math.round(memory.totalBytes / 1e5) / 10 : 0,
    };
    if (!loop)
      errorKinds.set('health runtime unreadable', (errorKinds.get('health runtime unreadable') ?? 0) + 1);
    samples.push(sample);
    const row = {
      s: sample.at,
      'req/s': Math.round((sample.requests / Math.max(0.001, (now - lastSampleAt) / 1000)) * 10) / 10,
      errors: sample.errors,
      'p50 ms': sample.p50Ms,
      'p99 ms': sample.p99Ms,
      'loop p99 ms': sample.loopP99Ms,
      'loop max ms': sample.loopMaxMs,
      'node MB': sample.nodeMb,
      'tree MB': sample.totalMb,
    };
    rows.push(row);
    if (!JSON_ONLY) console.log(Object.values(row).join('\t'));
  };

  while (Date.now() < end) {
    const due = started + (sent * 1000) / RATE;
    const now = Date.now();
    if (now >= nextSample) {
      nextSample += SAMPLE_SECONDS * 1000;
      await takeSample(now);
      continue;
    }
    if (now < due) {
      await new Promise((r) => setTimeout(r, Math.min(due - now, nextSample - now, 50)));
      continue;
    }
    if (inFlight >= MAX_IN_FLIGHT) {
      interval.errors += 1;
      interval.requests += 1;
      errorKinds.set(
        'not sent: too many calls in flight',
        (errorKinds.get('not sent: too many calls in flight') ?? 0) + 1,
      );
    } else {
      inFlight += 1;
      void send(sent).finally(() => {
        inFlight -= 1;
      });
    }
    sent += 1;
  }
  while (inFlight > 0) await new Promise((r) => setTimeout(r, 20));
  // The calls since the last sample (and those that were still in flight) count too.
  if (interval.requests > 0) await takeSample(Date.now());
  await stop();

  const verdict = soakVerdict(samples, { warmUpSeconds: WARM_UP, maxGrowthMb: MAX_GROWTH_MB });
  if (pid === null) verdict.reasons.push('memory was not sampled');
  verdict.ok = verdict.reasons.length === 0;
  const summary = {
    ...verdict,
    seconds: SECONDS,
    rate: RATE,
    warmUpSeconds: WARM_UP,
    maxGrowthMb: MAX_GROWTH_MB,
    errorKinds: Object.fromEntries(errorKinds),
    samples,
  };
  if (JSON_ONLY) {
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } else {
    table(
      rows,
      `\nSoak: ${SECONDS} s at ${RATE} calls/s (Verify 50 %, Signals 30 %, events ×10 20 %), sampled every ${SAMPLE_SECONDS} s`,
    );
    console.log(
      `\n${verdict.requests} calls, ${verdict.errors} errors; worst p99 ${verdict.worstP99Ms} ms; worst event-loop p99 ${verdict.worstLoopP99Ms} ms; ` +
        `server (Node.js) memory ${verdict.baselineMb} MB after warm-up (${WARM_UP} s) → ${verdict.finalMb} MB at the end ` +
        `(growth ${verdict.growthMb} MB, bound ${MAX_GROWTH_MB} MB); whole tree with PostgreSQL peaked at ${verdict.peakTotalMb} MB`,
    );
    for (const [kind, count] of errorKinds) console.log(`  error: ${kind} ×${count}`);
    console.log(verdict.ok ? 'verdict: PASS' : `verdict: FAIL (${verdict.reasons.join('; ')})`);
  }
  process.exit(verdict.ok ? 0 : 1);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${JSON.stringify({ error: 'FAILED', message: error instanceof Error ? error.message : String(error) })}\n`,
  );
  process.exit(1);
});
