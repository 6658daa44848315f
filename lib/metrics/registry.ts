// The operator's metrics (Prometheus text format, prom-client): one registry per server process,
// summed across the processes of one `npm start` by the cluster's primary when scraped
// (scripts/support/server-cluster.mjs). Held on globalThis: Next.js may bundle this module more
// than once in a process, and two registries would split the counts.
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: an API call is a few ms; a cold one or a slow database reaches seconds. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Where the scraped gauges read from: set once the process has its database (server start). */
export interface MetricSources {
  pool?: () => { total: number; idle: number; waiting: number } | undefined;
  /** Seconds since each list's import, by list name. */
  listAges?: () => Promise<Record<string, number>>;
  /** Deliveries due now and waiting for a retry. */
  webhookBacklog?: () => Promise<{ due: number; retrying: number }>;
}

function create() {
  const sources: MetricSources = {};
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'verity_' });
  const registers = [registry];
  return {
    registry,
    requests: new Counter({
      name: 'verity_http_requests_total',
      help: 'API requests answered, by operation (rate-limit bucket) and status.',
      labelNames: ['operation', 'status'] as const,
      registers,
    }),
    latency: new Histogram({
      name: 'verity_http_request_duration_seconds',
      help: 'Time to answer an API request, by operation and status class.',
      labelNames: ['operation', 'status_class'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    batchSize: new Histogram({
      name: 'verity_group_commit_batch_size',
      help: 'Calls written per group-commit transaction.',
      buckets: [1, 2, 4, 8, 16, 32, 64],
      registers,
    }),
    batchWait: new Histogram({
      name: 'verity_group_commit_wait_seconds',
      help: "Time a call's writes waited for their batch to start committing.",
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers,
    }),
    usageFlushes: new Counter({
      name: 'verity_usage_flushes_total',
      help: 'Flushes of the in-memory API usage counts to the database, by result.',
      labelNames: ['result'] as const,
      registers,
    }),
    usageFlushSeconds: new Histogram({
      name: 'verity_usage_flush_duration_seconds',
      help: 'Time one usage flush took.',
      buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
      registers,
    }),
    pool: new Gauge({
      name: 'verity_db_pool_connections',
      help: "The process's PostgreSQL pool: total, idle, and requests waiting for a connection.",
      labelNames: ['state'] as const,
      registers,
      collect() {
        const stats = sources.pool?.();
        if (stats === undefined) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    }),
    // Read from the database when scraped: the same value in every process, so not summed.
    listAge: new Gauge({
      name: 'verity_reference_list_age_seconds',
      help: 'Time since each reference list (sanctions, SSA, IP lists) was imported.',
      labelNames: ['list'] as const,
      aggregator: 'max',
      registers,
      async collect() {
        const ages = await sources.listAges?.().catch(() => undefined);
        if (ages === undefined) return;
        this.reset();
        for (const [list, seconds] of Object.entries(ages)) this.set({ list }, seconds);
      },
    }),
    webhookBacklog: new Gauge({
      name: 'verity_webhook_backlog',
      help: 'Webhook deliveries not yet made: due now, and waiting for a retry.',
      labelNames: ['state'] as const,
      aggregator: 'max',
      registers,
      async collect() {
        const backlog = await sources.webhookBacklog?.().catch(() => undefined);
        if (backlog === undefined) return;
        this.set({ state: 'due' }, backlog.due);
        this.set({ state: 'retrying' }, backlog.retrying);
      },
    }),
    sources,
  };
}

export type Metrics = ReturnType<typeof create>;

const KEY = Symbol.for('verity.metrics');

/** This process's metrics; in a cluster worker, also answers the primary's scrape requests. */
export function metrics(): Metrics {
  const holder = globalThis as { [KEY]?: Metrics };
  if (holder[KEY] === undefined) {
    const created = create();
    holder[KEY] = created;
    if (process.env.SERVER_PROCESS) {
      // prom-client's cluster protocol: a worker answers the primary's request with this registry.
      AggregatorRegistry.setRegistries([created.registry]);
      new AggregatorRegistry();
    }
  }
  return holder[KEY];
}
