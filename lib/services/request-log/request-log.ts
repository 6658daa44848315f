import { sql } from 'drizzle-orm';
import type { StoredProblem } from '@/lib/contract/console/request-log';
import type { Database } from '@/lib/db/client';
import { onShutdown } from '@/lib/runtime/shutdown';
import { flushSiblings, onSiblingFlush } from '@/lib/runtime/sibling-flush';
import { pruneRequestLog } from './retention';

/** How often a process writes its buffered rows: the console reader flushes first, so no wait. */
export const REQUEST_LOG_FLUSH_MS = 1_000;
/**
 * Rows a process holds at most while the database does not take them (an outage): past it new
 * rows are dropped and counted, rather than the buffer growing with the traffic.
 */
export const MAX_BUFFERED_ROWS = 20_000;
/** Retention runs this often in every server process (idempotent, so several processes may). */
const PRUNE_EVERY_MS = 3_600_000;
/** The first pass runs this long after a process's first logged call, off its start-up. */
const FIRST_PRUNE_MS = 60_000;

/** One answer to a known key, as the request log keeps it. */
export interface LoggedRequest {
  workspaceId: string;
  keyId: string;
  /** The operationId (verify, signals, ...). */
  operation: string;
  method: string;
  status: number;
  latencyMs: number;
  requestId: string;
  /** When the request arrived (epoch ms). */
  at: number;
  /** The problem body of an error answer (already stripped of quoted input), else null. */
  problem: StoredProblem | null;
}

/**
 * The request log's buffer in this process: recording a call is an array push, no I/O. A timer
 * writes the rows in one multi-row INSERT (rows of workspaces deleted meanwhile are skipped); a
 * failed write keeps its rows for the next one, up to MAX_BUFFERED_ROWS. Pending rows are written
 * before a graceful exit (lib/runtime/shutdown.ts); a crash loses at most a second of them.
 */
export class RequestLog {
  private rows: LoggedRequest[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  /** Rows dropped because the buffer was full (an outage longer than the buffer). */
  dropped = 0;
  /** Rows PostgreSQL refused as data (none are expected; one must never block the rest). */
  refused = 0;

  constructor(
    private readonly db: Database,
    private readonly flushMs = REQUEST_LOG_FLUSH_MS,
  ) {}

  record(row: LoggedRequest): void {
    if (this.rows.length >= MAX_BUFFERED_ROWS) {
      this.dropped += 1;
      return;
    }
    this.rows.push(row);
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch(() => undefined);
    }, this.flushMs);
    this.timer.unref();
  }

  /** Rows not yet in Postgres (tests). */
  get pending(): number {
    return this.rows.length;
  }

  /** Writes every buffered row now (the console reader, shutdown); waits for a write under way. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.flushing) await this.flushing.catch(() => undefined);
    if (this.rows.length === 0) return;
    const rows = this.rows;
    this.rows = [];
    this.flushing = this.write(rows)
      .catch((error: unknown) => {
        // Back in front of the rows recorded since, within the bound; the next call retries.
        this.rows = [...rows, ...this.rows].slice(0, MAX_BUFFERED_ROWS);
        throw error;
      })
      .finally(() => {
        this.flushing = undefined;
      });
    await this.flushing;
  }

  /**
   * The batch in one statement. A row PostgreSQL refuses as data (SQLSTATE class 22: text jsonb
   * cannot hold) would otherwise fail every later flush it is retried in: the batch is then
   * written row by row and the refused rows alone are dropped. Other failures (the database
   * away) keep every row for the next flush.
   */
  private async write(rows: LoggedRequest[]): Promise<void> {
    try {
      await this.insert(rows);
    } catch (error) {
      if (!isDataError(error)) throw error;
      for (const row of rows) {
        await this.insert([row]).catch((rowError: unknown) => {
          if (!isDataError(rowError)) throw rowError;
          this.refused += 1;
        });
      }
    }
  }

  private async insert(rows: LoggedRequest[]): Promise<void> {
    const values = rows.map((r) => ({
      w: r.workspaceId,
      k: r.keyId,
      o: r.operation,
      m: r.method,
      s: r.status,
      l: r.latencyMs,
      r: r.requestId,
      t: new Date(r.at).toISOString(),
      c: r.problem?.code ?? null,
      p: r.problem,
    }));
    // One statement for the batch; the join skips rows of a workspace deleted since the call.
    await this.db.execute(sql`
      insert into api_requests
        (workspace_id, key_id, operation, method, status, latency_ms, request_id, created_at, problem_code, problem)
      select u.w, u.k, u.o, u.m, u.s, u.l, u.r, u.t, u.c, u.p
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        as u(w text, k text, o text, m text, s int, l int, r text, t timestamptz, c text, p jsonb)
      join workspaces w on w.id = u.w`);
  }
}

/** A data exception (SQLSTATE class 22), found on the error or the one it wraps. */
function isDataError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('22')) return true;
    current = current.cause;
  }
  return false;
}

const KEY = Symbol.for('verity.request-logs');

// On globalThis, as the shutdown registry: Next.js may bundle this module more than once.
function logs(): WeakMap<Database, RequestLog> {
  const holder = globalThis as { [KEY]?: WeakMap<Database, RequestLog> };
  holder[KEY] ??= new WeakMap();
  return holder[KEY];
}

/**
 * The process's request log for a database (one per pool; the server has one): written at exit
 * and when a sibling process's reader asks, and pruned to each workspace's retention every hour.
 */
export function requestLogFor(db: Database): RequestLog {
  let log = logs().get(db);
  if (!log) {
    const created = new RequestLog(db);
    logs().set(db, created);
    onShutdown(() => created.flush());
    onSiblingFlush(() => created.flush());
    const prune = () => void pruneRequestLog(db, new Date()).catch(() => undefined);
    setTimeout(prune, FIRST_PRUNE_MS).unref();
    setInterval(prune, PRUNE_EVERY_MS).unref();
    log = created;
  }
  return log;
}

/** Every buffered row in Postgres: this process's and, under `npm start`'s cluster, its siblings'. */
export async function flushAllRequestLogs(db: Database): Promise<void> {
  await Promise.all([
    requestLogFor(db)
      .flush()
      .catch(() => undefined),
    flushSiblings(),
  ]);
}
