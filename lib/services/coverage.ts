// The graph's coverage of a workspace's applicants (lib/engine/coverage.ts): summed from the
// workspace's sessions of the last 30 days, cached in the process for a minute so Verify pays no
// query per call. Sessions this process creates are added to the cached sum at once, so a
// workspace's own traffic moves its coverage without waiting for the next read.
import { sql } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import { COVERAGE_WINDOW_DAYS, type CoverageSample, type GraphCoverage } from '@/lib/engine/coverage';

const REFRESH_MS = 60_000;

interface Cached {
  coverage: GraphCoverage;
  readAt: number;
}

const cache = new Map<string, Cached>();

type CoverageRow = { sessions: number; asked: number; known_month: number; known_year: number };

async function readCoverage(db: Executor, workspaceId: string, nowMs: number): Promise<GraphCoverage> {
  const since = new Date(nowMs - COVERAGE_WINDOW_DAYS * 86_400_000).toISOString();
  // sessions_workspace_updated_idx serves it: a session created in the window was updated in it too.
  const result = await db.execute<CoverageRow>(sql`
    select count(*)::int as sessions, coalesce(sum(graph_asked), 0)::int as asked,
           coalesce(sum(graph_known_month), 0)::int as known_month,
           coalesce(sum(graph_known_year), 0)::int as known_year
    from sessions
    where workspace_id = ${workspaceId} and updated_at >= ${since} and created_at >= ${since}
      and graph_asked > 0`);
  const row = result.rows[0];
  return {
    sessions: row?.sessions ?? 0,
    asked: row?.asked ?? 0,
    knownMonth: row?.known_month ?? 0,
    knownYear: row?.known_year ?? 0,
  };
}

/** The workspace's coverage, read at most once a minute per process. */
export async function workspaceCoverage(
  db: Executor,
  workspaceId: string,
  now: Date = new Date(),
): Promise<GraphCoverage> {
  const nowMs = now.getTime();
  const cached = cache.get(workspaceId);
  if (cached && nowMs - cached.readAt < REFRESH_MS && nowMs >= cached.readAt) return cached.coverage;
  const coverage = await readCoverage(db, workspaceId, nowMs);
  cache.set(workspaceId, { coverage, readAt: nowMs });
  return coverage;
}

/** A session this process just committed: counted in the cached sum until the next read. */
export function countSession(workspaceId: string, sample: CoverageSample): void {
  const cached = cache.get(workspaceId);
  if (!cached || sample.asked === 0) return;
  const { coverage } = cached;
  cached.coverage = {
    sessions: coverage.sessions + 1,
    asked: coverage.asked + sample.asked,
    knownMonth: coverage.knownMonth + sample.knownMonth,
    knownYear: coverage.knownYear + sample.knownYear,
  };
}
