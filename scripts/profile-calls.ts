// Profiles the services in process, without HTTP, against an embedded PostgreSQL on a fresh
// DATA_DIR, with every SQL statement timed by its text (ms per call). MODE=join (Verify joining a
// session, the benchmark's "join session" row), new (Verify of a new person each call), same (one
// person again and again), signals (Signals with a pattern interval for one email) or ingest
// (POST /api/events batches of 1,000 events, as the benchmark sends them), hub (Verify by a new
// applicant each call at one street address that HUB_SIZE people, 5,000 by default, share, grown
// through the ingest path first), email (the benchmark's "one email" row) or own (the same applicants, each at an address of their own:
// the bench's "own address" row). JOIN_CALLS and
// JOIN_CONCURRENCY set the calls and how many run at once; EXPLAIN=1 (or =generic, a prepared
// statement's plan) prints the last facts query's plan (EXPLAIN_PREFIX: of the last statement whose
// text starts so instead); TABLE_STATS=1 prints each table's rows
// inserted and updated, and how many updates were HOT (no index write); PRELOAD=same:N,new:M
// makes N Verify calls of the benchmark's full request and M of new people before the timed calls.
// Run: MODE=new node --conditions=react-server --cpu-prof --import tsx scripts/profile-calls.ts
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { FULL_REQUEST, hubApplicant, marketStreet, personRequest } from './support/bench-requests';

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'verity-join-'));
process.env.DNS_SERVERS = 'off';
const CALLS = Number(process.env.JOIN_CALLS ?? 300);
const CONCURRENCY = Number(process.env.JOIN_CONCURRENCY ?? 1);
const MODE = process.env.MODE ?? 'join';

const captured: { facts: { text: string; values?: unknown[] } | null } = { facts: null };
const timings = new Map<string, { n: number; ms: number }>();
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function timed(this: pg.Client, ...args: unknown[]) {
  const first = args[0];
  const text = typeof first === 'string' ? first : ((first as { text?: string })?.text ?? '?');
  const label = text.replace(/\s+/g, ' ').slice(0, 110);
  if (label.startsWith(process.env.EXPLAIN_PREFIX ?? ' with identity as materialized'))
    captured.facts = {
      text,
      values: Array.isArray(args[1]) ? args[1] : (first as { values?: unknown[] }).values,
    };
  if (process.env.INLINE_EXPLAIN && label.startsWith(process.env.EXPLAIN_PREFIX ?? '\0')) {
    // The plan on the service's own connection, in its transaction (pg queues it before the query).
    const values = Array.isArray(args[1]) ? args[1] : (first as { values?: unknown[] }).values;
    void (query.call(this, `explain (analyze, buffers) ${text}`, values) as Promise<pg.QueryResult>).then(
      (plan) => console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n')),
    );
  }
  const started = performance.now();
  const record = () => {
    const t = timings.get(label) ?? { n: 0, ms: 0 };
    t.n++;
    t.ms += performance.now() - started;
    timings.set(label, t);
  };
  // The pool's own queries (outside a transaction) pass a callback.
  const last = args[args.length - 1];
  if (typeof last === 'function') {
    args[args.length - 1] = (...results: unknown[]) => {
      record();
      return (last as (...r: unknown[]) => unknown)(...results);
    };
  }
  const result = query.apply(this, args);
  if (result instanceof Promise) void result.finally(record).catch(() => undefined);
  return result;
} as typeof pg.Client.prototype.query;

const { openDatabase } = await import('@/lib/cli/database-url');
const { configureDatabase, db, closeDb } = await import('@/lib/db/client');
const { createKey } = await import('@/lib/services/keys/manage-keys');
const { verify } = await import('@/lib/services/verify');
const { parseVerifyRequest, parseSignalsRequest } = await import('@/lib/engine/request');
const { signals } = await import('@/lib/services/signals');
const { ingestEvents } = await import('@/lib/services/ingest');

const handle = await openDatabase();
configureDatabase(handle.url);
const issued = await createKey(db(), { workspace: 'prof', scopes: ['verify'], actor: 'profile' });
const caller = { workspaceId: issued.workspaceId, actor: 'cli', trialQuota: null };
const parse = (body: unknown) => {
  const parsed = parseVerifyRequest(body);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed));
  return parsed.value;
};
const full = parse(FULL_REQUEST);
const created = await verify(db(), caller, full, 'req_prof_0');
if (created.kind !== 'ok') throw new Error(created.kind);
const sessionId = created.body.sessionId;
// PRELOAD=same:800,new:400 grows the graph first, as the benchmark's earlier rows do before its join row.
for (const part of (process.env.PRELOAD ?? '').split(',').filter(Boolean)) {
  const [kind, count] = part.split(':');
  for (let i = 0; i < Number(count); i++) {
    const body = kind === 'new' ? personRequest(100_000 + i) : FULL_REQUEST;
    const out = await verify(db(), caller, parse(body), `req_preload_${kind}_${i}`);
    if (out.kind !== 'ok') throw new Error(out.kind);
  }
}
const HUB_SIZE = Number(process.env.HUB_SIZE ?? 5000);
if (MODE === 'hub') {
  for (let start = 0; start < HUB_SIZE; start += 1000) {
    const items = Array.from({ length: Math.min(1000, HUB_SIZE - start) }, (_, k) => ({
      type: 'signup',
      source: 'hub-bench',
      observedAt: Date.now() - 3_600_000,
      ...hubApplicant('hub', start + k),
      ...marketStreet(1),
    }));
    await ingestEvents(db(), caller, { ok: true, items, lineErrors: [] });
  }
}
timings.clear();
const perCall: number[] = [];
let next = 0;
const wallStarted = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < CALLS) {
      const i = next++;
      const started = performance.now();
      const body =
        MODE === 'join'
          ? { sessionId, emails: [`join${i % 50}@example.com`] }
          : MODE === 'new'
            ? personRequest(i) // the benchmark's "10k people" row: new email, phone and SSN
            : MODE === 'hub'
              ? { ...hubApplicant('hubnew', i), ...marketStreet(1) }
              : MODE === 'email'
                ? { emails: [`one${i}@gmail.com`] } // the benchmark's "one email" row
                : MODE === 'own'
                  ? { ...hubApplicant('own', i), ...marketStreet(100_000 + i) }
                  : FULL_REQUEST;
      if (MODE === 'ingest') {
        // The benchmark's feed: 1,000 events a call over 5,000 people (bench.ts eventBatch).
        const items = Array.from({ length: 1000 }, (_, k) => {
          const person = (i * 1000 + k) % 5000;
          return {
            id: `p-${i}-${k}`,
            type: ['visitor', 'signup', 'click'][k % 3],
            observedAt: Date.now() - ((i * 1000 + k) % 8760) * 3_600_000,
            source: `feed-${k % 4}`,
            emails: [`person${person}@example.com`],
            phones: [`+1415555${String(person % 10_000).padStart(4, '0')}`],
            ipAddress: `81.2.${person % 250}.${(k % 250) + 1}`,
          };
        });
        await ingestEvents(db(), caller, { ok: true, items, lineErrors: [] });
      } else if (MODE === 'signals') {
        const asked = parseSignalsRequest({ emails: [FULL_REQUEST.emails[0]], patternInterval: 'year' });
        if (!asked.ok) throw new Error('signals request invalid');
        await signals(db(), caller, asked.value);
      } else {
        const out = await verify(db(), caller, parse(body), `req_prof_${i + 1}`);
        if (out.kind !== 'ok') throw new Error(out.kind);
      }
      perCall.push(performance.now() - started);
    }
  }),
);
console.log(
  `concurrency ${CONCURRENCY}: ${(CALLS / ((performance.now() - wallStarted) / 1000)).toFixed(1)} calls/s`,
);
const avg = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1);
console.log(
  `calls: ${CALLS}; mean ms first 50: ${avg(perCall.slice(0, 50))}, last 100: ${avg(perCall.slice(-100))}`,
);
const rows = [...timings].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25);
for (const [label, t] of rows)
  console.log(`${(t.ms / CALLS).toFixed(2).padStart(7)} ms/call ${String(t.n).padStart(6)}× ${label}`);
const facts = captured.facts;
if (process.env.EXPLAIN && facts) {
  // The last facts query again, with its plan: which part of it the time goes to.
  const client = new pg.Client({ connectionString: handle.url });
  await client.connect();
  // EXPLAIN=generic: the plan a prepared statement keeps once Postgres settles on a generic one.
  const generic = process.env.EXPLAIN === 'generic';
  if (generic) {
    await client.query('set plan_cache_mode = force_generic_plan');
    await client.query(`prepare facts as ${facts.text}`);
  }
  // EXECUTE takes literals: each value as pg would send it, quoted.
  const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
    prepareValue: (v: unknown) => unknown;
  };
  const literal = (v: unknown) => {
    const prepared = prepareValue(v);
    return prepared === null ? 'null' : client.escapeLiteral(String(prepared));
  };
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await client.query(facts.text, facts.values);
    console.log(`plain run ${i}: ${(performance.now() - t0).toFixed(1)} ms`);
  }
  const plan = generic
    ? await client.query(
        `explain (analyze, buffers) execute facts(${(facts.values ?? []).map(literal).join(', ')})`,
      )
    : await client.query(`explain (analyze, buffers) ${facts.text}`, facts.values);
  for (const row of plan.rows as { 'QUERY PLAN': string }[]) console.log(row['QUERY PLAN']);
  await client.end();
}
await closeDb();
if (process.env.TABLE_STATS) {
  // The pool's backends report their counters as they exit (closeDb above), within a moment.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const client = new pg.Client({ connectionString: handle.url });
  await client.connect();
  const stats = await client.query<{ table: string; inserted: string; updated: string; hot: string }>(`
    select relname as table, n_tup_ins as inserted, n_tup_upd as updated, n_tup_hot_upd as hot
    from pg_stat_user_tables where n_tup_ins + n_tup_upd > 0 order by n_tup_upd desc, n_tup_ins desc`);
  console.table(stats.rows);
  await client.end();
}
await handle.stop();
