// The console's one search box over the workspace's sessions (issue 31): a session id, the request
// id a caller quotes from any answer, or an email, phone, IP address or SSN, found through the
// velocity pairs (lib/db/schema/velocity-pairs.ts), which key each identifier the workspace's
// applicants used, with the session that first used it, by a keyed hash: no identifier is stored
// or scanned in the clear, and a shared phone lists its ring, newest first.
import 'server-only';
import { isIP } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { serverSecret } from '@/lib/config/secret';
import type { SessionSearch } from '@/lib/contract/console/sessions';
import { SESSION_ID_PATTERN } from '@/lib/contract/ids';
import type { Executor } from '@/lib/db/client';
import { sessionCalls, sessions, velocityPairs } from '@/lib/db/schema';
import { parseVerifyRequest } from '@/lib/engine/request';
import type { WorkspaceContext } from './context';
import { sessionItems } from './sessions-query';
import { keyedHubs } from './velocity';

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

async function byIdentifier(db: Executor, workspaceId: string, text: string) {
  const secret = serverSecret();
  for (const { kind, body } of identifierBodies(text)) {
    const parsed = parseVerifyRequest(body);
    if (!parsed.ok) continue;
    const hubs = keyedHubs(parsed.value, secret).filter((hub) => hub.kind === kind);
    const [hub] = hubs;
    if (!hub) continue;
    // velocity_pairs_hub_latest_idx: the newest pairs of one hub, whatever its size.
    const rows = await db
      .select({ sessionId: velocityPairs.sessionId })
      .from(velocityPairs)
      .where(
        and(
          eq(velocityPairs.workspaceId, workspaceId),
          eq(velocityPairs.hubKind, hub.kind),
          eq(velocityPairs.hubHash, hub.hubHash),
        ),
      )
      .orderBy(desc(velocityPairs.firstAt))
      .limit(SEARCH_LIMIT);
    if (rows.length > 0) return { kind, ids: [...new Set(rows.map((row) => row.sessionId))] };
  }
  return null;
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
  const shared = await byIdentifier(db, workspaceId, text);
  if (shared) return found(shared.kind, shared.ids);
  return { query: text, matched: null, sessions: [] };
}
