// Read-only views of a workspace's Verify sessions for the console: a keyset-paginated list
// (most recent activity first, optionally one risk band) and one session with its calls in order.
import 'server-only';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { SessionDetail, SessionListItem, SessionsPage } from '@/lib/contract/console/sessions';
import type { Executor } from '@/lib/db/client';
import { sessionCalls, sessions } from '@/lib/db/schema';
import type { MaskedSummary } from '@/lib/engine/mask';
import { type RiskBand, riskBand } from '@/lib/engine/risk';
import { isRuleOutcome } from '@/lib/engine/rules/rule-set';
import { buildTimeline, mergeMaskedSummaries, readMaskedSummary } from '@/lib/engine/session-timeline';
import type { WorkspaceContext } from './context';
import { isDecision } from './decisions/reasons';
import { monitoringHitsOf } from './monitoring/settings';

export const SESSIONS_PAGE_SIZE = 25;
/** A session page shows at most this many calls; longer sessions say how many were left out. */
export const TIMELINE_LIMIT = 100;
/** The list merges the inputs of at most this many first calls per session (the usual is 1–3). */
const LIST_INPUT_CALLS = 20;

interface Cursor {
  /** updated_at with microseconds, as PostgreSQL stores it (a JS Date would round it). */
  updatedAt: string;
  id: string;
}

const CURSOR_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.updatedAt}|${cursor.id}`, 'utf8').toString('base64url');
}

/** The cursor a page handed out, or null when the text is not one. */
export function decodeCursor(text: string): Cursor | null {
  const decoded = Buffer.from(text, 'base64url').toString('utf8');
  const [updatedAt = '', id = '', ...rest] = decoded.split('|');
  if (rest.length > 0 || !CURSOR_TIMESTAMP.test(updatedAt) || !/^ses_\w{1,60}$/.test(id)) return null;
  return { updatedAt, id };
}

/** The SQL condition of a risk band, the same bounds as riskBand() (0.5 is low, 0.75 medium). */
function bandCondition(band: RiskBand): SQL {
  if (band === 'high') return sql`${sessions.lastRisk} > 0.75`;
  if (band === 'medium') return sql`${sessions.lastRisk} > 0.5 and ${sessions.lastRisk} <= 0.75`;
  return sql`${sessions.lastRisk} <= 0.5`;
}

/** The columns both views read of a session. */
const SESSION_COLUMNS = {
  id: sessions.id,
  calls: sessions.calls,
  lastRisk: sessions.lastRisk,
  createdAt: sessions.createdAt,
  updatedAt: sessions.updatedAt,
  decision: sessions.decision,
  decidedAt: sessions.decidedAt,
  outcome: sessions.outcome,
};

function sessionSummary(
  row: {
    id: string;
    calls: number;
    lastRisk: number;
    createdAt: Date;
    updatedAt: Date;
    decision: string | null;
    decidedAt: Date | null;
    outcome: string | null;
  },
  inputs: MaskedSummary[],
): SessionListItem {
  return {
    decision:
      row.decision !== null && isDecision(row.decision) && row.decidedAt !== null
        ? { decision: row.decision, decidedAt: row.decidedAt.toISOString() }
        : null,
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    calls: row.calls,
    risk: row.lastRisk,
    band: riskBand(row.lastRisk),
    inputs: mergeMaskedSummaries(inputs),
    outcome: isRuleOutcome(row.outcome) ? row.outcome : null,
  };
}

export async function listSessions(
  db: Executor,
  ctx: WorkspaceContext,
  options: { cursor?: Cursor | null; band?: RiskBand | null; limit?: number } = {},
): Promise<SessionsPage> {
  const { workspaceId } = ctx;
  const limit = options.limit ?? SESSIONS_PAGE_SIZE;
  const conditions: SQL[] = [eq(sessions.workspaceId, workspaceId)];
  if (options.band) conditions.push(bandCondition(options.band));
  if (options.cursor) {
    const { updatedAt, id } = options.cursor;
    // The first term bounds the (workspace_id, updated_at) index scan; the pair breaks ties.
    conditions.push(
      sql`${sessions.updatedAt} <= ${updatedAt}::timestamptz`,
      sql`(${sessions.updatedAt}, ${sessions.id}) < (${updatedAt}::timestamptz, ${id})`,
    );
  }
  const rows = await db
    .select({
      ...SESSION_COLUMNS,
      updatedAtExact: sql<string>`to_char(${sessions.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(sessions)
    .where(and(...conditions))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const inputs = await firstCallInputs(
    db,
    workspaceId,
    page.map((r) => r.id),
  );
  const last = page.at(-1);
  return {
    sessions: page.map((row) => sessionSummary(row, inputs.get(row.id) ?? [])),
    nextCursor:
      rows.length > limit && last ? encodeCursor({ updatedAt: last.updatedAtExact, id: last.id }) : null,
  };
}

/** The workspace's sessions of these ids as the list shows them, newest activity first. */
export async function sessionItems(
  db: Executor,
  workspaceId: string,
  ids: string[],
): Promise<SessionListItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(SESSION_COLUMNS)
    .from(sessions)
    .where(and(eq(sessions.workspaceId, workspaceId), inArray(sessions.id, ids)))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id));
  const inputs = await firstCallInputs(
    db,
    workspaceId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => sessionSummary(row, inputs.get(row.id) ?? []));
}

/** The masked inputs of the first calls of each session, in call order (one indexed read each). */
async function firstCallInputs(
  db: Executor,
  workspaceId: string,
  sessionIds: string[],
): Promise<Map<string, MaskedSummary[]>> {
  const out = new Map<string, MaskedSummary[]>();
  if (sessionIds.length === 0) return out;
  const result = await db.execute<{ session_id: string; input_summary: unknown }>(sql`
    select s.id as session_id, c.input_summary
      from ${sessions} s
      cross join lateral (
        select ${sessionCalls.inputSummary} as input_summary
          from ${sessionCalls}
         where ${sessionCalls.sessionId} = s.id
         order by ${sessionCalls.createdAt}, ${sessionCalls.id}
         limit ${LIST_INPUT_CALLS}
      ) c
     where s.workspace_id = ${workspaceId} and ${inArray(sql`s.id`, sessionIds)}`);
  for (const row of result.rows) {
    const list = out.get(row.session_id) ?? [];
    list.push(readMaskedSummary(row.input_summary));
    out.set(row.session_id, list);
  }
  return out;
}

/** One session of the workspace with its calls in order; null when it is not this workspace's. */
export async function sessionDetail(
  db: Executor,
  ctx: WorkspaceContext,
  id: string,
): Promise<SessionDetail | null> {
  const { workspaceId } = ctx;
  const [session] = await db
    .select(SESSION_COLUMNS)
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.workspaceId, workspaceId)));
  if (!session) return null;
  const calls = await db
    .select({
      id: sessionCalls.id,
      status: sessionCalls.status,
      risk: sessionCalls.risk,
      inputSummary: sessionCalls.inputSummary,
      checks: sessionCalls.checks,
      requestId: sessionCalls.requestId,
      createdAt: sessionCalls.createdAt,
      policyVersion: sessionCalls.policyVersion,
      outcome: sessionCalls.outcome,
    })
    .from(sessionCalls)
    .where(eq(sessionCalls.sessionId, id))
    .orderBy(asc(sessionCalls.createdAt), asc(sessionCalls.id))
    .limit(TIMELINE_LIMIT + 1);
  const shown = calls.slice(0, TIMELINE_LIMIT);
  const timeline = buildTimeline(shown);
  const inputs = timeline.map((call) => call.inputs);
  const hits = await monitoringHitsOf(db, workspaceId, [id]);
  return {
    ...sessionSummary(session, inputs),
    timeline,
    monitoringHits: hits.get(id) ?? [],
    truncated: calls.length > TIMELINE_LIMIT,
  };
}

/** Whether the workspace has this session (the session page checks before rendering). */
export async function sessionExists(db: Executor, ctx: WorkspaceContext, id: string): Promise<boolean> {
  const { workspaceId } = ctx;
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.workspaceId, workspaceId)));
  return Boolean(row);
}
