// The identity graph around a session for the console (GET /api/console/graph): the session's own
// identifiers and what the graph links to them, as the workspace's graph view sees it (a
// non-sharing workspace's contributions never appear), masked, one hop per request.
import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { serverSecret } from '@/lib/config/secret';
import {
  GRAPH_EXPAND_LIMIT,
  GRAPH_NODE_KINDS,
  type GraphEdge,
  type GraphNode,
  type GraphNodeKind,
  type GraphPayload,
  type GraphQuery,
} from '@/lib/contract/console/graph';
import { keyedHash, unseal } from '@/lib/crypto/seal';
import type { Executor } from '@/lib/db/client';
import { sessions } from '@/lib/db/schema';
import { linkConfidence } from '@/lib/engine/graph/confidence';
import { nodeLabel } from '@/lib/engine/graph/node-label';
import type { NormalizedRequest } from '@/lib/engine/types';
import type { WorkspaceContext } from '../context';
import { deletedForReading } from '../deletion/tombstones';
import { sessionsSharing } from '../sessions-search';
import { graphKeys } from './keys';
import { findIdentifiers, type IdentifierMatch, linkAsSeen, SELECT } from './person';
import { applyView, type GraphView, graphView, visibleIdentifier } from './view';

export type GraphOutcome =
  | { kind: 'ok'; graph: GraphPayload }
  | { kind: 'not_found' }
  | { kind: 'unknown_node' };

const param = (values: unknown[]) => sql.param(values);

/**
 * The token a node carries: only a node this session's graph showed can be expanded, so an
 * identifier id alone (guessed, or from another session) probes nothing.
 */
function nodeToken(secret: string, workspaceId: string, sessionId: string, identifierId: string): string {
  return keyedHash(secret, `graph-node:${workspaceId}:${sessionId}:${identifierId}`).slice(0, 32);
}

function sameToken(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Identifiers the view sees and the workspace has not deleted (nor an operator everywhere). */
async function shown(
  db: Executor,
  view: GraphView,
  rows: IdentifierMatch[],
  workspaceId: string,
): Promise<IdentifierMatch[]> {
  const visible = await applyView(db, view, rows);
  const gone = new Set((await deletedForReading(db, visible, workspaceId)).map((row) => row.id));
  return visible.filter((row) => !gone.has(row.id));
}

type Neighbour = {
  seed: string;
  other: string;
  sources: number;
  last_seen_at: Date;
  total: number;
};

/**
 * Up to GRAPH_EXPAND_LIMIT visible neighbours of each seed, the best supported and most recent
 * first, with how many the seed has in all.
 */
async function neighbours(db: Executor, view: GraphView, seeds: readonly string[]): Promise<Neighbour[]> {
  if (seeds.length === 0) return [];
  const result = await db.execute<Neighbour>(sql`
    select x.id as seed, n.other, n.sources, n.last_seen_at, n.total
    from unnest(${param([...seeds])}::text[]) as x(id)
    cross join lateral (
      select o.id as other, v.sources, v.last_seen_at, (count(*) over ())::int as total
      from identifier_links l ${linkAsSeen(view)}
      join identifiers o on o.id = case when l.a_id = x.id then l.b_id else l.a_id end
      where (l.a_id = x.id or l.b_id = x.id)${view.all ? sql`` : sql` and v.sources > 0`}${visibleIdentifier(view, 'o')}
      order by v.sources desc, v.last_seen_at desc, o.id
      limit ${GRAPH_EXPAND_LIMIT}) n`);
  return result.rows;
}

/** The last four digits of the session's full SSNs, by their graph key. */
function ssnLastFours(secret: string, input: NormalizedRequest): Map<string, string> {
  const all = [...(input.ssn ? [input.ssn] : []), ...(input.sessionValues?.ssns ?? [])];
  return new Map(
    all
      .filter((ssn) => ssn.kind === 'full')
      .map((ssn) => [keyedHash(secret, ssn.digits), ssn.digits.slice(-4)]),
  );
}

/** The workspace's own cleartexts of these emails (another workspace's never leave the server). */
async function ownCleartexts(
  db: Executor,
  secret: string,
  workspaceId: string,
  emailIds: string[],
): Promise<Map<string, string>> {
  if (emailIds.length === 0) return new Map();
  const sealed = await db.execute<{ identifier_id: string; sealed: string }>(sql`
    select identifier_id, sealed from email_cleartexts
    where workspace_id = ${workspaceId} and identifier_id = any(${param(emailIds)}::text[])`);
  return new Map(sealed.rows.map((row) => [row.identifier_id, unseal(secret, row.sealed)]));
}

const isNodeKind = (kind: string): kind is GraphNodeKind =>
  (GRAPH_NODE_KINDS as readonly string[]).includes(kind);

/**
 * The session's graph (its identifiers and their neighbours), or one node's neighbours
 * (`expand` with the token the graph gave it). Another workspace's session is not found.
 */
export async function sessionGraph(
  db: Executor,
  ctx: WorkspaceContext,
  query: GraphQuery,
  now: Date = new Date(),
): Promise<GraphOutcome> {
  const [session] = await db
    .select({ sealed: sessions.identifiersSealed })
    .from(sessions)
    .where(and(eq(sessions.id, query.session), eq(sessions.workspaceId, ctx.workspaceId)));
  if (!session) return { kind: 'not_found' };
  const secret = serverSecret();
  const tokenOf = (id: string) => nodeToken(secret, ctx.workspaceId, query.session, id);
  const input = JSON.parse(unseal(secret, session.sealed)) as NormalizedRequest;
  const view = await graphView(db, ctx.workspaceId);
  const roots = await shown(db, view, await findIdentifiers(db, graphKeys(input)), ctx.workspaceId);
  let seeds = roots;
  if (query.expand !== undefined) {
    const expand = query.expand;
    if (!query.token || !sameToken(query.token, tokenOf(expand))) return { kind: 'unknown_node' };
    const rows = (await db.execute<IdentifierMatch>(sql`${SELECT} where id = ${expand}`)).rows;
    seeds = await shown(db, view, rows, ctx.workspaceId);
    if (seeds.length === 0) return { kind: 'unknown_node' };
  }
  const found = await neighbours(
    db,
    view,
    seeds.map((row) => row.id),
  );
  const seedIds = new Set(seeds.map((row) => row.id));
  const otherIds = [...new Set(found.map((n) => n.other))].filter((id) => !seedIds.has(id));
  const others = otherIds.length
    ? await shown(
        db,
        view,
        (await db.execute<IdentifierMatch>(sql`${SELECT} where id = any(${param(otherIds)}::text[])`)).rows,
        ctx.workspaceId,
      )
    : [];
  const rows = [...seeds, ...others].filter((row) => isNodeKind(row.kind));
  const present = new Set(rows.map((row) => row.id));
  const rootIds = new Set(roots.map((row) => row.id));
  const cleartexts = await ownCleartexts(
    db,
    secret,
    ctx.workspaceId,
    rows.filter((row) => row.kind === 'email').map((row) => row.id),
  );
  const lastFours = ssnLastFours(secret, input);
  // How many of the workspace's sessions used each identifier: the pivot link's count.
  const sharing = await sessionsSharing(db, ctx.workspaceId, rows);
  const nodes: GraphNode[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind as GraphNodeKind,
    label: nodeLabel({
      kind: row.kind,
      value: row.value,
      cleartext: cleartexts.get(row.id) ?? null,
      ssnLastFour: lastFours.get(row.value) ?? null,
    }),
    root: rootIds.has(row.id),
    hub: row.is_hub,
    firstSeen: new Date(row.first_seen_at).toISOString(),
    lastSeen: new Date(row.last_seen_at).toISOString(),
    token: tokenOf(row.id),
    sessions: sharing.get(row.id) ?? null,
  }));
  const edges = new Map<string, GraphEdge>();
  for (const link of found) {
    if (!present.has(link.seed) || !present.has(link.other)) continue;
    const [a, b] = [link.seed, link.other].sort();
    if (a === undefined || b === undefined) continue;
    const lastSeen = new Date(link.last_seen_at);
    edges.set(`${a} ${b}`, {
      a,
      b,
      confidence: linkConfidence(link.sources, lastSeen.getTime(), now.getTime()),
      lastSeen: lastSeen.toISOString(),
    });
  }
  const shownOf = new Map<string, number>();
  const totalOf = new Map<string, number>();
  for (const link of found) {
    shownOf.set(link.seed, (shownOf.get(link.seed) ?? 0) + 1);
    totalOf.set(link.seed, link.total);
  }
  return {
    kind: 'ok',
    graph: {
      sessionId: query.session,
      nodes,
      edges: [...edges.values()],
      expanded: seeds.map((seed) => ({
        id: seed.id,
        more: Math.max(0, (totalOf.get(seed.id) ?? 0) - (shownOf.get(seed.id) ?? 0)),
      })),
    },
  };
}
