// Erases identifiers from the shared identity graph with every row that references them, in
// every workspace (an operator's data-subject erasure; a workspace admin's is erase-contributions.ts).
import { sql } from 'drizzle-orm';
import type { DeletionCounts } from '@/lib/contract/console/deletion';
import type { Executor } from '@/lib/db/client';
import { MERGING_KINDS } from '@/lib/engine/graph/identifier-keys';
import { newId } from '@/lib/ids/ids';
import { type ClusterMember, planClusters } from './cluster-plan';

const param = (values: unknown[]) => sql.param(values);
const MERGING = [...MERGING_KINDS];

export type GraphCounts = Omit<DeletionCounts, 'sessions' | 'sessionCalls'>;
/** Rows erased per contributing workspace (for each workspace's audit row). */
export type ByWorkspace = Map<string, Partial<DeletionCounts>>;

export const count = async (tx: Executor, statement: ReturnType<typeof sql>): Promise<number> =>
  (
    await tx.execute<{ n: number }>(
      sql`with d as (${statement} returning 1) select count(*)::int as n from d`,
    )
  ).rows[0]?.n ?? 0;

/** Runs a delete of a table with a workspace column; adds its rows per workspace to `into`. */
async function countPerWorkspace(
  tx: Executor,
  statement: ReturnType<typeof sql>,
  table: keyof DeletionCounts,
  into: ByWorkspace,
): Promise<number> {
  const rows = await tx.execute<{ workspace_id: string; n: number }>(sql`
    with d as (${statement} returning workspace_id) select workspace_id, count(*)::int as n from d group by 1`);
  let total = 0;
  for (const { workspace_id, n } of rows.rows) {
    const entry = into.get(workspace_id) ?? {};
    entry[table] = (entry[table] ?? 0) + n;
    into.set(workspace_id, entry);
    total += n;
  }
  return total;
}

/**
 * Deletes the identifiers `ids` (and the carrier records of `phones`, keyed by number) with their
 * links, link sources, observations, rollups, cleartexts, breaches and profiles. Attributes
 * (a name, an address, an IP, an employer) linked only to them go too: unlinked, they are what
 * is left of this person. The clusters they held together are re-derived from what remains.
 */
export async function eraseGraph(
  tx: Executor,
  ids: readonly string[],
  phones: readonly string[],
): Promise<{ counts: GraphCounts; byWorkspace: ByWorkspace }> {
  const byWorkspace: ByWorkspace = new Map();
  const persons = await lockClusters(tx, ids);
  const deleted = await tx.execute<{ id: string }>(sql`
    select id from identifiers where id = any(${param([...ids])}::text[]) order by id for update`);
  const primary = deleted.rows.map((r) => r.id);
  const links = await tx.execute<{ a_id: string; b_id: string }>(sql`
    select a_id, b_id from identifier_links where a_id = any(${param(primary)}::text[])
    union select a_id, b_id from identifier_links where b_id = any(${param(primary)}::text[])`);
  const ends = [param(links.rows.map((l) => l.a_id)), param(links.rows.map((l) => l.b_id))];
  const linkSources = await countPerWorkspace(
    tx,
    sql`delete from link_sources s using unnest(${ends[0]}::text[], ${ends[1]}::text[]) as l(a, b)
        where s.a_id = l.a and s.b_id = l.b`,
    'linkSources',
    byWorkspace,
  );
  await tx.execute(sql`
    delete from identifier_links i using unnest(${ends[0]}::text[], ${ends[1]}::text[]) as l(a, b)
    where i.a_id = l.a and i.b_id = l.b`);
  const gone = new Set(primary);
  const neighbours = new Map<string, number>();
  for (const link of links.rows) {
    for (const [end, other] of [
      [link.a_id, link.b_id],
      [link.b_id, link.a_id],
    ] as const) {
      if (gone.has(other) && !gone.has(end)) neighbours.set(end, (neighbours.get(end) ?? 0) + 1);
    }
  }
  const survivors = [...neighbours.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  let orphans: string[] = [];
  if (survivors.length > 0) {
    // Erased identifiers are all merging kinds, so a merging survivor lost that many merging links.
    await tx.execute(sql`
      update identifiers i set link_count = greatest(i.link_count - c.n, 0)
      from unnest(${param(survivors.map(([id]) => id))}::text[], ${param(survivors.map(([, n]) => n))}::int[]) as c(id, n)
      where i.id = c.id and i.kind = any(${param(MERGING)}::text[])`);
    const unlinked = await tx.execute<{ id: string }>(sql`
      select i.id from identifiers i
      where i.id = any(${param(survivors.map(([id]) => id))}::text[]) and i.kind <> all(${param(MERGING)}::text[])
        and not exists (select 1 from identifier_links l where l.a_id = i.id)
        and not exists (select 1 from identifier_links l where l.b_id = i.id)
      order by i.id for update`);
    orphans = unlinked.rows.map((r) => r.id);
  }
  const all = param([...primary, ...orphans]);
  const per = (statement: ReturnType<typeof sql>, table: keyof DeletionCounts) =>
    countPerWorkspace(tx, statement, table, byWorkspace);
  const counts: GraphCounts = {
    identifierLinks: links.rows.length,
    linkSources,
    observations: await per(
      sql`delete from observations where identifier_id = any(${all}::text[])`,
      'observations',
    ),
    observationRollups: await per(
      sql`delete from observation_rollups where identifier_id = any(${all}::text[])`,
      'observationRollups',
    ),
    emailCleartexts: await per(
      sql`delete from email_cleartexts where identifier_id = any(${all}::text[])`,
      'emailCleartexts',
    ),
    breaches: await per(sql`delete from breaches where identifier_id = any(${all}::text[])`, 'breaches'),
    profileRecords: await per(
      sql`delete from profile_records where identifier_id = any(${all}::text[])`,
      'profileRecords',
    ),
    phoneRecords: await per(
      sql`delete from phone_records where phone = any(${param([...phones])}::text[])`,
      'phoneRecords',
    ),
    identifiers: await count(tx, sql`delete from identifiers where id = any(${all}::text[])`),
  };
  await recluster(tx, persons);
  return { counts, byWorkspace };
}

/**
 * Locks the clusters of the identifiers before any row is touched, as observe does before it
 * re-points one. A merge may move an identifier while we wait, so re-read until covered.
 */
export async function lockClusters(tx: Executor, ids: readonly string[]): Promise<string[]> {
  const held = new Set<string>();
  for (;;) {
    const rows = await tx.execute<{ person_id: string }>(sql`
      select distinct person_id from identifiers
      where id = any(${param([...ids])}::text[]) and person_id is not null`);
    const missing = rows.rows
      .map((r) => r.person_id)
      .filter((p) => !held.has(p))
      .sort();
    if (missing.length === 0) return [...held].sort();
    // Same key space and seed as lockClusters in graph/observe.ts: one lock per cluster for both.
    await tx.execute(sql`
      select pg_advisory_xact_lock(hashtextextended(k, 7146021119))
      from unnest(${param(missing.map((p) => `p:${p}`))}::text[]) as k`);
    for (const person of missing) held.add(person);
  }
}

/** Re-derives the clusters that lost members (their locks are held since lockClusters). */
export async function recluster(tx: Executor, persons: string[]): Promise<void> {
  if (persons.length === 0) return;
  const members = await tx.execute<{ id: string; person_id: string; is_hub: boolean }>(sql`
    select id, person_id, is_hub from identifiers where person_id = any(${param(persons)}::text[])`);
  const ids = members.rows.map((m) => m.id);
  const links = await tx.execute<{ a_id: string; b_id: string }>(sql`
    select a_id, b_id from identifier_links
    where a_id = any(${param(ids)}::text[]) and b_id = any(${param(ids)}::text[])`);
  const plan = planClusters(
    members.rows.map((m): ClusterMember => ({ id: m.id, personId: m.person_id, isHub: m.is_hub })),
    links.rows.map((l) => ({ a: l.a_id, b: l.b_id })),
    () => newId('per'),
  );
  if (plan.length === 0) return;
  await tx.execute(sql`
    update identifiers i set person_id = m.person
    from unnest(${param(plan.map((t) => t.id))}::text[], ${param(plan.map((t) => t.personId))}::text[]) as m(id, person)
    where i.id = m.id`);
}
