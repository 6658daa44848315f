// The console's one search box over the workspace's sessions (issue 31): a session id, the request
// id a caller quotes from any answer, an email, phone, IP address or SSN, or a graph identifier's
// id (the pivot from a masked identifier), found through the
// velocity pairs (lib/db/schema/velocity-pairs.ts), which key each identifier the workspace's
// applicants used, with the session that first used it, by a keyed hash: no identifier is stored
// or scanned in the clear, and a shared phone lists its ring, newest first.
import 'server-only';
import { isIP } from 'node:net';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { serverSecret } from '@/lib/config/secret';
import { IDENTIFIER_ID_PATTERN, SHARED_COUNT_CAP } from '@/lib/contract/console/graph';
import type { SessionSearch } from '@/lib/contract/console/sessions';
import { SESSION_ID_PATTERN } from '@/lib/contract/ids';
import type { Executor } from '@/lib/db/client';
import { identifiers, sessionCalls, sessions, velocityPairs } from '@/lib/db/schema';
import { nameForms } from '@/lib/engine/graph/name-forms';
import { parseVerifyRequest } from '@/lib/engine/request';
import type { WorkspaceContext } from './context';
import { sessionItems } from './sessions-query';
import { hubHash, identityHash, isHubKind, keyedHubs } from './velocity';

/** Two or more words of letters (and the apostrophes, hyphens and dots names have). */
const NAME_TEXT = /^[\p{L}][\p{L}'’.-]*(\s+[\p{L}][\p{L}'’.-]*)+$/u;

/** Sessions listed per search, newest first. */
export const SEARCH_LIMIT = 50;

type Kind = SessionSearch['matched'];

/** The request bodies a search text could be: each kind of identifier it parses as. */
function identifierBodies(text: string): { kind: NonNullable<Kind>; body: Record<string, unknown> }[] {
  const bodies: { kind: NonNullable<Kind>; body: Record<string, unknown> }[] = [];
  if (text.includes('@')) bodies.push({ kind: 'email', body: { emails: [text] } });
  if (isIP(text) !== 0) bodies.push({ kind: 'ip', body: { ipAddress: text } });
  const digits = text.replace(/[\s().+-]/g, '');
  if (/^\d{3}-?\d{2}-?\d{4}$/.test(text)) bodies.push({ kind: 'ssn', body: { ssns: [text] } });
  if (/^\d{7,15}$/.test(digits) && isIP(text) === 0) bodies.push({ kind: 'phone', body: { phones: [text] } });
  return bodies;
}

/** The workspace's sessions that used a hub, newest pairing first. */
async function hubSessions(db: Executor, workspaceId: string, kind: string, hash: string) {
  // velocity_pairs_hub_latest_idx: the newest pairs of one hub, whatever its size.
  const rows = await db
    .select({ sessionId: velocityPairs.sessionId })
    .from(velocityPairs)
    .where(
      and(
        eq(velocityPairs.workspaceId, workspaceId),
        eq(velocityPairs.hubKind, kind),
        eq(velocityPairs.hubHash, hash),
      ),
    )
    .orderBy(desc(velocityPairs.firstAt))
    .limit(SEARCH_LIMIT);
  return [...new Set(rows.map((row) => row.sessionId))];
}

async function byIdentifier(db: Executor, workspaceId: string, text: string) {
  const secret = serverSecret();
  for (const { kind, body } of identifierBodies(text)) {
    const parsed = parseVerifyRequest(body);
    if (!parsed.ok) continue;
    const hubs = keyedHubs(parsed.value, secret).filter((hub) => hub.kind === kind);
    const [hub] = hubs;
    if (!hub) continue;
    const ids = await hubSessions(db, workspaceId, hub.kind, hub.hubHash);
    if (ids.length > 0) return { kind, ids };
  }
  return null;
}

/**
 * A graph identifier's id (idn_…, from the graph or a session's identifiers): the workspace's
 * sessions that used it. The pivot from a masked identifier: its value never reaches the browser.
 */
async function byIdentifierId(db: Executor, workspaceId: string, id: string) {
  const [row] = await db
    .select({ kind: identifiers.kind, value: identifiers.value })
    .from(identifiers)
    .where(eq(identifiers.id, id));
  if (!row || !isHubKind(row.kind)) return null;
  const ids = await hubSessions(db, workspaceId, row.kind, hubHash(serverSecret(), row.kind, row.value));
  return ids.length > 0 ? { kind: row.kind, ids } : null;
}

/**
 * A name ("Olga Berg", "Berg Olga", "Mary Ann Smith": the first and last words) as the identity
 * the velocity pairs key: the sessions of applicants who gave it with any hub (email, phone, ...).
 * velocity_pairs_identity_idx.
 */
async function byName(db: Executor, workspaceId: string, text: string) {
  const words = text.split(/\s+/);
  const [given, family] = [words[0], words[words.length - 1]];
  if (words.length < 2 || given === undefined || family === undefined) return null;
  const secret = serverSecret();
  const hashes = nameForms({ given, middle: null, family }).map((form) =>
    identityHash(secret, `name:${form}`),
  );
  const rows = await db
    .select({ sessionId: velocityPairs.sessionId })
    .from(velocityPairs)
    .where(and(eq(velocityPairs.workspaceId, workspaceId), inArray(velocityPairs.identityHash, hashes)))
    .orderBy(desc(velocityPairs.firstAt))
    .limit(SEARCH_LIMIT * 4);
  const ids = [...new Set(rows.map((row) => row.sessionId))].slice(0, SEARCH_LIMIT);
  return ids.length > 0 ? ids : null;
}

/**
 * An SSN's last four digits: the sessions whose masked inputs show them (`***-**-1234`), newest
 * first. A scan of the workspace's calls (no index: it would cost every Verify a write), bounded
 * by its limit; the full SSN is found by keyed hash instead.
 */
async function bySsnLastFour(db: Executor, workspaceId: string, lastFour: string) {
  const rows = await db
    .select({ sessionId: sessionCalls.sessionId })
    .from(sessionCalls)
    .where(
      and(
        eq(sessionCalls.workspaceId, workspaceId),
        sql`${sessionCalls.inputSummary}->>'ssn' = ${`***-**-${lastFour}`}`,
      ),
    )
    .orderBy(desc(sessionCalls.createdAt))
    .limit(SEARCH_LIMIT * 4);
  const ids = [...new Set(rows.map((row) => row.sessionId))].slice(0, SEARCH_LIMIT);
  return ids.length > 0 ? ids : null;
}

/**
 * How many of the workspace's sessions used each identifier (by graph value), for the pivot links
 * beside them; kinds that are no hub (names, profiles) are left out of the map.
 */
export async function sessionsSharing(
  db: Executor,
  workspaceId: string,
  nodes: readonly { id: string; kind: string; value: string }[],
): Promise<Map<string, number>> {
  const secret = serverSecret();
  const hubs = nodes.flatMap((node) =>
    isHubKind(node.kind)
      ? [{ id: node.id, kind: node.kind, hash: hubHash(secret, node.kind, node.value) }]
      : [],
  );
  if (hubs.length === 0) return new Map();
  // One index range per hub, capped, so a hub of a million pairs costs no more than a small one.
  const rows = await db.execute<{ id: string; n: number }>(sql`
    select h.id, (
      select count(distinct p.session_id) from (
        select session_id from velocity_pairs
        where workspace_id = ${workspaceId} and hub_kind = h.kind and hub_hash = h.hash
        limit ${SHARED_COUNT_CAP}
      ) p
    )::int as n
    from unnest(${sql.param(hubs.map((hub) => hub.id))}::text[], ${sql.param(hubs.map((hub) => hub.kind))}::text[],
      ${sql.param(hubs.map((hub) => hub.hash))}::text[]) as h(id, kind, hash)`);
  return new Map(rows.rows.map((row) => [row.id, row.n]));
}

/** The workspace's sessions the text names or shares an identifier with; none is an empty list. */
export async function searchSessions(
  db: Executor,
  ctx: WorkspaceContext,
  query: string,
): Promise<SessionSearch> {
  const { workspaceId } = ctx;
  const text = query.trim();
  const found = async (matched: Kind, ids: string[]): Promise<SessionSearch> => ({
    query: text,
    matched,
    sessions: await sessionItems(db, workspaceId, ids),
  });
  if (SESSION_ID_PATTERN.test(text)) {
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, text), eq(sessions.workspaceId, workspaceId)));
    if (row) return found('session', [row.id]);
  }
  if (!/\s/.test(text) && text.length <= 200) {
    // session_calls_workspace_request_idx.
    const rows = await db
      .selectDistinct({ sessionId: sessionCalls.sessionId })
      .from(sessionCalls)
      .where(and(eq(sessionCalls.workspaceId, workspaceId), eq(sessionCalls.requestId, text)))
      .limit(SEARCH_LIMIT);
    if (rows.length > 0)
      return found(
        'request',
        rows.map((row) => row.sessionId),
      );
  }
  if (IDENTIFIER_ID_PATTERN.test(text)) {
    const pivot = await byIdentifierId(db, workspaceId, text);
    return pivot ? found(pivot.kind, pivot.ids) : { query: text, matched: null, sessions: [] };
  }
  if (/^\d{4}$/.test(text)) {
    const ids = await bySsnLastFour(db, workspaceId, text);
    if (ids) return found('ssn-last-four', ids);
  }
  const shared = await byIdentifier(db, workspaceId, text);
  if (shared) return found(shared.kind, shared.ids);
  if (NAME_TEXT.test(text)) {
    const ids = await byName(db, workspaceId, text);
    if (ids) return found('name', ids);
  }
  return { query: text, matched: null, sessions: [] };
}
