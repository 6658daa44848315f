// A workspace admin's erasure: what that workspace contributed about the identifiers, nothing
// another workspace contributed. The shared aggregates are then brought back in line with what
// remains (recompute-aggregates.ts), and identifiers nothing remains of are deleted.
import { sql } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import { MERGING_KINDS } from '@/lib/engine/graph/identifier-keys';
import { count, type GraphCounts, lockClusters, recluster } from './erase-graph';
import {
  deleteEmptyIdentifiers,
  type ErasedShare,
  recomputeIdentifiers,
  recomputeLinks,
} from './recompute-aggregates';

const param = (values: unknown[]) => sql.param(values);
const MERGING = [...MERGING_KINDS];

/**
 * Deletes the workspace's observations, rollups, link sources, cleartexts, breaches, profiles
 * of `ids` and carrier records of `phones`; links left without any source go, and attributes (a
 * name, an address) left linked to nothing lose the workspace's sightings too: they were what the
 * workspace knew of this person. Other workspaces' rows are never touched.
 */
export async function eraseContributions(
  tx: Executor,
  workspaceId: string,
  ids: readonly string[],
  phones: readonly string[],
): Promise<GraphCounts> {
  const persons = await lockClusters(tx, ids);
  // Row locks first: a concurrent sighting either committed before (and is counted below) or
  // waits and then adds to the recomputed columns.
  const locked = await tx.execute<{ id: string }>(sql`
    select id from identifiers where id = any(${param([...ids])}::text[]) order by id for update`);
  const primary = locked.rows.map((r) => r.id);
  const links = await tx.execute<{ a_id: string; b_id: string }>(sql`
    select a_id, b_id from identifier_links where a_id = any(${param(primary)}::text[])
    union select a_id, b_id from identifier_links where b_id = any(${param(primary)}::text[])`);
  const ends = [param(links.rows.map((l) => l.a_id)), param(links.rows.map((l) => l.b_id))];
  const touchedLinks = await tx.execute<{ a_id: string; b_id: string; n: number }>(sql`
    with d as (
      delete from link_sources s using unnest(${ends[0]}::text[], ${ends[1]}::text[]) as l(a, b)
      where s.a_id = l.a and s.b_id = l.b and s.workspace_id = ${workspaceId}
      returning s.a_id, s.b_id)
    select a_id, b_id, count(*)::int as n from d group by a_id, b_id order by a_id, b_id`);
  const linkSources = touchedLinks.rows.reduce((sum, l) => sum + l.n, 0);
  const touched = [param(touchedLinks.rows.map((l) => l.a_id)), param(touchedLinks.rows.map((l) => l.b_id))];
  // A link that only this workspace saw is gone; the others keep what other workspaces saw.
  const removed = await tx.execute<{ a_id: string; b_id: string }>(sql`
    delete from identifier_links i using unnest(${touched[0]}::text[], ${touched[1]}::text[]) as l(a, b)
    where i.a_id = l.a and i.b_id = l.b
      and not exists (select 1 from link_sources s where s.a_id = l.a and s.b_id = l.b)
    returning i.a_id, i.b_id`);
  const gone = new Set(primary);
  const neighbours = [
    ...new Set(touchedLinks.rows.flatMap((l) => [l.a_id, l.b_id]).filter((id) => !gone.has(id))),
  ].sort();
  const orphans = (
    await tx.execute<{ id: string }>(sql`
      select i.id from identifiers i
      where i.id = any(${param(neighbours)}::text[]) and i.kind <> all(${param(MERGING)}::text[])
        and not exists (select 1 from identifier_links l where l.a_id = i.id)
        and not exists (select 1 from identifier_links l where l.b_id = i.id)
      order by i.id for update`)
  ).rows.map((r) => r.id);
  const own = param([...primary, ...orphans]);
  const mine = sql`identifier_id = any(${own}::text[]) and workspace_id = ${workspaceId}`;
  const counts: GraphCounts = {
    identifierLinks: removed.rows.length,
    linkSources,
    observations: await count(tx, sql`delete from observations where ${mine}`),
    observationRollups: await count(tx, sql`delete from observation_rollups where ${mine}`),
    emailCleartexts: await count(tx, sql`delete from email_cleartexts where ${mine}`),
    breaches: await count(tx, sql`delete from breaches where ${mine}`),
    profileRecords: await count(tx, sql`delete from profile_records where ${mine}`),
    phoneRecords: await count(
      tx,
      sql`delete from phone_records where phone = any(${param([...phones])}::text[]) and workspace_id = ${workspaceId}`,
    ),
    identifiers: 0,
  };
  // The workspace's shares, read before they go: they count its sightings past the retention too.
  const shares = await tx.execute<ErasedShare>(sql`
    select identifier_id, observations, countries from identifier_contributions
    where ${mine} and observations > 0 order by identifier_id`);
  await forgetContributions(tx, workspaceId, [...primary, ...orphans], neighbours);
  await recomputeIdentifiers(tx, shares.rows, [...primary, ...orphans, ...neighbours]);
  await recomputeLinks(tx, touchedLinks.rows);
  await recluster(tx, persons);
  counts.identifiers = await deleteEmptyIdentifiers(tx, [...primary, ...orphans, ...neighbours]);
  return counts;
}

/**
 * The workspace's rows of identifier_contributions (what its view of the graph is read from):
 * gone for the erased identifiers; for their neighbours, gone only when nothing of the
 * workspace's is left about them (no sighting, link source or record).
 */
async function forgetContributions(
  tx: Executor,
  workspaceId: string,
  erased: readonly string[],
  neighbours: readonly string[],
): Promise<void> {
  await tx.execute(sql`
    delete from identifier_contributions c
    where c.workspace_id = ${workspaceId}
      and (c.identifier_id = any(${param([...erased])}::text[])
        or (c.identifier_id = any(${param([...neighbours])}::text[])
          -- Rollups, not raw sightings: they keep the hours of sightings past the retention.
          and not exists (select 1 from observation_rollups o where o.identifier_id = c.identifier_id and o.workspace_id = c.workspace_id)
          and not exists (select 1 from link_sources s where s.a_id = c.identifier_id and s.workspace_id = c.workspace_id)
          and not exists (select 1 from link_sources s where s.b_id = c.identifier_id and s.workspace_id = c.workspace_id)
          and not exists (select 1 from breaches r where r.identifier_id = c.identifier_id and r.workspace_id = c.workspace_id)
          and not exists (select 1 from profile_records r where r.identifier_id = c.identifier_id and r.workspace_id = c.workspace_id)))`);
}
