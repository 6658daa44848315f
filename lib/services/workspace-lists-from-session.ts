// Issue 33, "add from a session in one click": the values of a session that a workspace list could
// hold (its e-mails and their domains, phones, IP addresses, SSN and full name), shown masked as
// the session page shows its identifiers, each with the entries it is already on; and adding one
// of them to a list by its reference, so the full value never leaves the server.
import { and, eq } from 'drizzle-orm';
import type { ListCandidateBody, ListName } from '@/lib/contract/console/workspace-lists';
import { keyedHash, unseal } from '@/lib/crypto/seal';
import type { Database } from '@/lib/db/client';
import { sessions } from '@/lib/db/schema';
import { type ListProbe, maskedProbe, requestProbes } from '@/lib/engine/lists/workspace-entry';
import type { NormalizedRequest } from '@/lib/engine/types';
import type { WorkspaceContext } from './context';
import { type AddEntriesResult, addListEntries, entriesWithKeys, matchKey } from './workspace-lists';

export type ListCandidate = ListCandidateBody;

/** A reference that says nothing of the value outside this workspace's session. */
const candidateRef = (secret: string, workspaceId: string, sessionId: string, probe: ListProbe) =>
  keyedHash(secret, `list-candidate:${workspaceId}:${sessionId}:${probe.kind}:${probe.canonical}`).slice(
    0,
    32,
  );

async function sessionProbes(
  db: Database,
  secret: string,
  ctx: WorkspaceContext,
  sessionId: string,
): Promise<ListProbe[] | null> {
  const [session] = await db
    .select({ sealed: sessions.identifiersSealed })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.workspaceId, ctx.workspaceId)));
  if (!session) return null;
  return requestProbes(JSON.parse(unseal(secret, session.sealed)) as NormalizedRequest);
}

/** A session's listable values, masked, with what they are already on; null: no such session here. */
export async function sessionListCandidates(
  db: Database,
  secret: string,
  ctx: WorkspaceContext,
  sessionId: string,
  now: Date = new Date(),
): Promise<ListCandidate[] | null> {
  const probes = await sessionProbes(db, secret, ctx, sessionId);
  if (!probes) return null;
  const keys = probes.map((probe) => matchKey(secret, probe.kind, probe.canonical));
  const onLists = await entriesWithKeys(db, secret, ctx.workspaceId, keys, now);
  return probes.map((probe, index) => ({
    ref: candidateRef(secret, ctx.workspaceId, sessionId, probe),
    kind: probe.kind,
    shown: maskedProbe(probe),
    entries: onLists
      .filter((entry) => entry.matchKey === keys[index] && entry.kind === probe.kind)
      .map(({ id, list, reason, expiresAt, expired }) => ({ id, list, reason, expiresAt, expired })),
  }));
}

export type AddFromSessionResult =
  | { ok: true; result: AddEntriesResult }
  | { ok: false; reason: 'session_not_found' | 'unknown_ref' };

/**
 * Adds one of a session's values to a list, named by its reference; audited as `list.add` with
 * the session as its source. The value is read from the session's sealed identifiers.
 */
export async function addListEntryFromSession(
  db: Database,
  secret: string,
  ctx: WorkspaceContext,
  sessionId: string,
  input: { ref: string; list: ListName; reason: string; expiresAt?: string | null },
): Promise<AddFromSessionResult> {
  const probes = await sessionProbes(db, secret, ctx, sessionId);
  if (!probes) return { ok: false, reason: 'session_not_found' };
  const probe = probes.find(
    (candidate) => candidateRef(secret, ctx.workspaceId, sessionId, candidate) === input.ref,
  );
  if (!probe) return { ok: false, reason: 'unknown_ref' };
  // The canonical form reads back as itself, so the entry is the value the session matched.
  const result = await addListEntries(db, secret, ctx, {
    entries: [
      {
        list: input.list,
        kind: probe.kind,
        value: probe.canonical,
        reason: input.reason,
        expiresAt: input.expiresAt,
      },
    ],
    author: ctx.actor,
    source: sessionId,
  });
  return { ok: true, result };
}
