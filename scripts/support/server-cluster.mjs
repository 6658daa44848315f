// Run by scripts/start.ts when SERVER_PROCESSES > 1: node:cluster's primary binds the port once
// and hands each new connection to one of N copies of the server script (round-robin), so the
// web server uses every core. Usage: node server-cluster.mjs N SCRIPT [ARGS...]; the workers get
// this process's `--import` preloads (execArgv) and SERVER_PROCESS=1..N in their environment.
//
// A worker that exits before all N first listened is a failed start (a taken port): the whole
// server stops with its code, as a single process would. After that a worker that exits (a
// crash, out of memory; Next.js listens before it loads the build, so a broken build too) is
// replaced, at most RESTART_LIMIT times a minute; past that the server stops and the launcher
// stops the database. SIGTERM/SIGINT/SIGHUP: every worker drains (Next.js stops accepting and
// finishes in-flight requests), bounded by DRAIN_MS, then the primary exits. The primary also
// relays usage-flush requests between workers (cluster-flush-relay.mjs) and sums their metrics
// for a scrape (lib/metrics/serve.ts).
import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { flushRelay } from './cluster-flush-relay.mjs';

const DRAIN_MS = 5500;
const RESTART_LIMIT = 5;
const RESTART_WINDOW_MS = 60_000;

const [countText = '', script = '', ...args] = process.argv.slice(2);
const count = Number(countText);
if (!Number.isInteger(count) || count < 1 || !script) {
  process.stderr.write('usage: server-cluster.mjs PROCESSES SCRIPT [ARGS...]\n');
  process.exit(2);
}

const say = (line) => process.stdout.write(`[verity] ${line}\n`);

cluster.setupPrimary({ exec: script, args });

/** @type {Map<number, { slot: number, listened: boolean }>} worker id -> its slot and state */
const workers = new Map();
/** @type {number[]} when workers that had been serving died, for the restart limit */
const deaths = [];
let stopping = false;
/** Until every first worker has listened, any exit is a failed start; after, a death. */
let started = false;
const relay = flushRelay(cluster);
// GET /api/metrics in any worker: every worker's registry, summed (prom-client's cluster protocol).
const metricsAggregator = new AggregatorRegistry();

/** A worker asks for the whole server's metrics; it answers with its own if this fails. */
function sendMetrics(worker, id) {
  metricsAggregator
    .clusterMetrics()
    .then((text) => ({ type: 'verity:metrics-text', id, text }))
    .catch(() => ({ type: 'verity:metrics-text', id }))
    .then((reply) => {
      if (worker.isConnected()) worker.send(reply);
    });
}

function fork(slot) {
  const worker = cluster.fork({ SERVER_PROCESS: String(slot) });
  workers.set(worker.id, { slot, listened: false });
  // A handle sent to a worker in the instant it died fails (EPIPE); its exit follows and is handled.
  worker.on('error', (error) => say(`web server process ${slot}: ${error.message}`));
  worker.on('message', (message) => {
    if (message?.type === 'verity:metrics' && typeof message.id === 'string') sendMetrics(worker, message.id);
    else relay.onMessage(worker, message);
  });
  worker.once('listening', () => {
    const state = workers.get(worker.id);
    if (state) state.listened = true;
    if (!started && [...workers.values()].filter((w) => w.listened).length === count) started = true;
  });
}

function stop(code) {
  if (stopping) return;
  stopping = true;
  if (workers.size === 0) process.exit(code);
  for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  // Each worker drains on its own; one stuck on a kept-alive connection is killed at the bound.
  setTimeout(() => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
    process.exit(code);
  }, DRAIN_MS).unref();
  cluster.on('exit', () => {
    if (workers.size === 0) process.exit(code);
  });
}

cluster.on('exit', (worker, code, signal) => {
  const state = workers.get(worker.id);
  workers.delete(worker.id);
  relay.forget(worker.id);
  if (stopping || !state) return;
  const how = signal ?? `code ${code}`;
  if (!started) {
    say(`web server process ${state.slot} failed to start (${how}): stopping`);
    stop(code || 1);
    return;
  }
  const now = Date.now();
  deaths.push(now);
  while (deaths.length > 0 && (deaths[0] ?? now) < now - RESTART_WINDOW_MS) deaths.shift();
  if (deaths.length > RESTART_LIMIT) {
    say(`web server process ${state.slot} exited (${how}); ${deaths.length} exits within a minute: stopping`);
    stop(1);
    return;
  }
  say(`web server process ${state.slot} exited (${how}): starting it again`);
  fork(state.slot);
});

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => stop(0));

for (let slot = 1; slot <= count; slot++) fork(slot);
