// Velocity: how many distinct identities a workspace's own Verify calls paired with each hub (a
// phone, IP address, street address, SSN or email) lately. Counted as the calls are written, never
// recounted: a new (hub, identity) pair is inserted once (velocity_pairs) and adds one to its hub's
// hourly and daily buckets (velocity_buckets) in the same statement. A Verify reads, for all its
// hubs in one statement, at most 25 hourly and 31 daily bucket rows per hub, one primary-key
// lookup (is the applicant already paired with it) and the six latest pairs by index: the same
// cost at ten sharers and at a hundred thousand.
// No `server-only` import: the deletions CLI (tsx, outside Next.js) erases velocity rows too.
import { type SQL, sql } from 'drizzle-orm';
import { keyedHash } from '@/lib/crypto/seal';
import type { Executor } from '@/lib/db/client';
import type { NormalizedRequest } from '@/lib/engine/types';
import {
  EMPTY_VELOCITY,
  type HubVelocity,
  type VelocityFacts,
  type VelocityHubKind,
} from '@/lib/engine/velocity/facts';
import { velocityHubs } from '@/lib/engine/velocity/hubs';
import { windowStarts, windowsOf } from '@/lib/engine/velocity/windows';

/** One hub of a call, keyed: no identifier reaches the velocity tables in clear. */
export interface KeyedHub {
  kind: VelocityHubKind;
  hubHash: string;
  /** Null: the request names nobody besides the hub, so it is read but never paired. */
  identityHash: string | null;
}

/** What one call adds: its hubs paired with its identity, under its session. */
export interface VelocityWrite {
  workspaceId: string;
  sessionId: string;
  at: Date;
  hubs: KeyedHub[];
}

/** 128 bits of the keyed hash: unique enough for a key, half the index of the full digest. */
const keyed = (secret: string, value: string) => keyedHash(secret, value).slice(0, 32);

/** The velocity kinds an identifier can be a hub of. */
export const HUB_KINDS = ['phone', 'ip', 'address', 'ssn', 'email'] as const;
export type HubKind = (typeof HUB_KINDS)[number];
export const isHubKind = (kind: string): kind is HubKind => (HUB_KINDS as readonly string[]).includes(kind);

/** A hub's key from its identifier's graph value (identifierKeys: an SSN's value already keyed). */
export const hubHash = (secret: string, kind: string, value: string) =>
  keyed(secret, `velocity:hub:${kind}:${value}`);

/** An identity's key (`name:given|family`, `email:…`, `ssn:…`), as the pairs store it. */
export const identityHash = (secret: string, identity: string) =>
  keyed(secret, `velocity:identity:${identity}`);

/**
 * The keyed hubs of a request (its current values: a joined session's earlier singular values
 * were paired by the calls that brought them). SSNs are keyed once more on top of the graph's key.
 */
export function keyedHubs(input: NormalizedRequest, secret: string): KeyedHub[] {
  return velocityHubs(input, (digits) => keyedHash(secret, digits)).map((hub) => ({
    kind: hub.kind,
    hubHash: hubHash(secret, hub.kind, hub.value),
    identityHash: hub.identity === null ? null : identityHash(secret, hub.identity),
  }));
}

const param = (values: unknown[]) => sql.param(values);

interface HubRow extends Record<string, unknown> {
  hour: number;
  day: number;
  week: number;
  month: number;
  own_firsts: string[] | null;
  sessions: string[] | null;
}

/**
 * One lateral over a hub's buckets of one span since `since`: the identities since `recent` and
 * since `since`, as the columns `recentAs` and `allAs` (the window names the select reads).
 */
function bucketSums(
  workspaceId: string,
  span: 'hour' | 'day',
  since: string,
  recent: string,
  recentAs: 'hour' | 'week',
  allAs: 'day' | 'month',
): SQL {
  return sql`(
      select sum(b.identities) filter (where b.bucket_start >= ${recent}::timestamptz) as ${sql.raw(recentAs)},
        sum(b.identities) as ${sql.raw(allAs)}
      from velocity_buckets b
      where b.workspace_id = ${workspaceId} and b.hub_kind = h.kind and b.hub_hash = h.hash
        and b.span = ${span} and b.bucket_start >= ${since}::timestamptz
    )`;
}

/**
 * The one statement that reads every hub of a call (exported so that a test can EXPLAIN it). Each
 * lateral reads a bounded index range: (hub, span = hour, last 25 hours), (hub, span = day, last 31
 * days), the primary key, and the hub's newest pairs (at most six: one may be the applicant's).
 */
export function velocityReadQuery(
  workspaceId: string,
  hubs: readonly KeyedHub[],
  now: Date,
  sessionId: string | null = null,
): SQL {
  const from = windowStarts(now);
  const at = (ms: number) => new Date(ms).toISOString();
  return sql`
    select coalesce(hourly.hour, 0)::int as hour, coalesce(hourly.day, 0)::int as day,
      coalesce(daily.week, 0)::int as week, coalesce(daily.month, 0)::int as month,
      own.firsts as own_firsts, recent.sessions
    from unnest(${param(hubs.map((h) => h.kind))}::text[], ${param(hubs.map((h) => h.hubHash))}::text[],
      ${param(hubs.map((h) => h.identityHash))}::text[]) with ordinality as h(kind, hash, identity, ord)
    left join lateral ${bucketSums(workspaceId, 'hour', at(from.day), at(from.hour), 'hour', 'day')} hourly on true
    left join lateral ${bucketSums(workspaceId, 'day', at(from.month), at(from.week), 'week', 'month')} daily on true
    left join lateral (
      -- The applicant's own pairings: its identity (primary key) and its joined session's (by session).
      select array_agg((extract(epoch from o.first_at) * 1000)::bigint::text) as firsts
      from (
        select p.identity_hash, p.first_at from velocity_pairs p
        where p.workspace_id = ${workspaceId} and p.hub_kind = h.kind and p.hub_hash = h.hash
          and p.identity_hash = h.identity
        union
        select p.identity_hash, p.first_at from velocity_pairs p
        where p.session_id = ${sessionId}::text and p.workspace_id = ${workspaceId} and p.hub_kind = h.kind
          and p.hub_hash = h.hash
      ) o
    ) own on true
    left join lateral (
      select array_agg(r.session_id order by r.first_at desc) as sessions
      from (
        select p.session_id, p.first_at from velocity_pairs p
        where p.workspace_id = ${workspaceId} and p.hub_kind = h.kind and p.hub_hash = h.hash
          and p.identity_hash is distinct from h.identity and p.session_id is distinct from ${sessionId}::text
          and p.first_at >= ${at(from.month)}::timestamptz
        -- NULLS LAST as the index stores it (first_at is never null): else the index gives no order.
        order by p.first_at desc nulls last
        limit 5
      ) r
    ) recent on true
    order by h.ord`;
}

/**
 * The counts of the call's hubs before the call is written. `sessionId`: a joined session, whose
 * own earlier pairs are not "other sessions" to pivot to.
 */
export async function readVelocity(
  tx: Executor,
  workspaceId: string,
  hubs: readonly KeyedHub[],
  now: Date,
  sessionId: string | null = null,
): Promise<VelocityFacts> {
  if (hubs.length === 0) return EMPTY_VELOCITY;
  const result = await tx.execute<HubRow>(velocityReadQuery(workspaceId, hubs, now, sessionId));
  const facts: Record<VelocityHubKind, HubVelocity[]> = {
    phone: [],
    ip: [],
    address: [],
    ssn: [],
    email: [],
  };
  hubs.forEach((hub, i) => {
    const row = result.rows[i];
    if (!row) return;
    facts[hub.kind].push({
      identities: { hour: row.hour, day: row.day, week: row.week, month: row.month },
      own: (row.own_firsts ?? []).flatMap((ms) => windowsOf(Number(ms), now)),
      recentSessions: row.sessions ?? [],
    });
  });
  return facts;
}

/**
 * A joined session that paired a hub under one identity (its first call had no name) does not
 * pair it again under another: one applicant, one identity per hub.
 */
const sessionHubNotPaired = sql`where not exists (
  select 1 from velocity_pairs q
  where q.session_id = t.session_id and q.workspace_id = t.workspace_id and q.hub_kind = t.hub_kind
    and q.hub_hash = t.hub_hash)`;

/**
 * Pairs every call's hubs with its identity, in the caller's transaction (the call's own write):
 * new pairs only (ON CONFLICT DO NOTHING) add one to their hub's hourly and daily buckets, in one
 * statement whatever the batch. Rows are sorted so concurrent batches lock in one order.
 * `joined`: the calls join sessions that may have paired these hubs already.
 */
export async function writeVelocity(
  tx: Executor,
  writes: readonly VelocityWrite[],
  joined = false,
): Promise<void> {
  const seen = new Set<string>();
  const rows = writes
    .flatMap((w) =>
      w.hubs.flatMap((hub) =>
        hub.identityHash === null
          ? []
          : [
              {
                ...hub,
                identityHash: hub.identityHash,
                workspaceId: w.workspaceId,
                sessionId: w.sessionId,
                at: w.at,
              },
            ],
      ),
    )
    .filter((r) => {
      // One statement may not insert one key twice usefully: the first call of a batch keeps it.
      const key = `${r.workspaceId}|${r.kind}|${r.hubHash}|${r.identityHash}`;
      return !seen.has(key) && Boolean(seen.add(key));
    });
  if (rows.length === 0) return;
  await tx.execute(sql`
    with fresh as (
      insert into velocity_pairs (workspace_id, hub_kind, hub_hash, identity_hash, session_id, first_at)
      select t.workspace_id, t.hub_kind, t.hub_hash, t.identity_hash, t.session_id, t.first_at
      from unnest(${param(rows.map((r) => r.workspaceId))}::text[], ${param(rows.map((r) => r.kind))}::text[],
        ${param(rows.map((r) => r.hubHash))}::text[], ${param(rows.map((r) => r.identityHash))}::text[],
        ${param(rows.map((r) => r.sessionId))}::text[], ${param(rows.map((r) => r.at.toISOString()))}::timestamptz[])
        as t(workspace_id, hub_kind, hub_hash, identity_hash, session_id, first_at)
      ${joined ? sessionHubNotPaired : sql``}
      order by 1, 2, 3, 4
      on conflict do nothing
      returning workspace_id, hub_kind, hub_hash, first_at
    ), counted as (
      select f.workspace_id, f.hub_kind, f.hub_hash, s.span,
        date_trunc(s.span, f.first_at, 'UTC') as bucket_start, count(*)::int as n
      from fresh f cross join (values ('hour'), ('day')) as s(span)
      group by 1, 2, 3, 4, 5
    )
    insert into velocity_buckets (workspace_id, hub_kind, hub_hash, span, bucket_start, identities)
    select workspace_id, hub_kind, hub_hash, span, bucket_start, n from counted
    order by 1, 2, 3, 4, 5
    on conflict (workspace_id, hub_kind, hub_hash, span, bucket_start)
    do update set identities = velocity_buckets.identities + excluded.identities`);
}

/**
 * Erasure: the pairs first made by these sessions, and their counts in the buckets, in the
 * caller's transaction. A pair a later session of the same identity re-used is gone with the
 * first session too: velocity only ever under-counts an erased person.
 */
export async function eraseVelocity(tx: Executor, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await tx.execute(sql`
    with gone as (
      delete from velocity_pairs where session_id = any(${param([...sessionIds].sort())}::text[])
      returning workspace_id, hub_kind, hub_hash, first_at
    ), counted as (
      select g.workspace_id, g.hub_kind, g.hub_hash, s.span,
        date_trunc(s.span, g.first_at, 'UTC') as bucket_start, count(*)::int as n
      from gone g cross join (values ('hour'), ('day')) as s(span)
      group by 1, 2, 3, 4, 5
    )
    update velocity_buckets b set identities = greatest(0, b.identities - c.n)
    from counted c
    where b.workspace_id = c.workspace_id and b.hub_kind = c.hub_kind and b.hub_hash = c.hub_hash
      and b.span = c.span and b.bucket_start = c.bucket_start`);
}
