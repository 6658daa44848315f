// After a workspace's contributions are erased, the shared columns that summed every
// workspace's (seen dates, counts, countries, link counts, link sources) are brought back in line
// with the rows that remain. Only the identifiers and links the erasure touched are recomputed.
import { sql } from 'drizzle-orm';
import { normalizePhone } from '@/lib/contract/fields/phone';
import type { Executor } from '@/lib/db/client';
import { MERGING_KINDS } from '@/lib/engine/graph/identifier-keys';
import { HUB_LINK_LIMIT } from '../graph/observe';

const param = (values: unknown[]) => sql.param(values);
const MERGING = [...MERGING_KINDS];

/** A workspace's share of one identifier (identifier_contributions), as it was before the erasure. */
export type ErasedShare = {
  identifier_id: string;
  /** Its sightings, counted when they were made: raw rows past the retention are gone. */
  observations: number;
  countries: readonly string[];
};

/**
 * `erased`: the erasing workspace's shares of the identifiers, whose rows are gone by now. Counts
 * drop by the share's sightings; seen dates and countries are re-read from the other workspaces'
 * shares, which hold them whatever the retention dropped of the raw sightings (an identifier
 * left with no sighting keeps its columns, which mean nothing while observations = 0, as for one
 * known from records only); a phone number keeps its own country. Link counts and hub flags of
 * `linked` are recounted from the links left.
 */
export async function recomputeIdentifiers(
  tx: Executor,
  erased: readonly ErasedShare[],
  linked: readonly string[],
): Promise<void> {
  const sighted = [...erased].sort((a, b) => (a.identifier_id < b.identifier_id ? -1 : 1));
  if (sighted.length > 0) {
    await tx.execute(sql`
      update identifiers i set
        observations = greatest(i.observations - c.n, 0),
        first_seen_at = coalesce(r.first_seen_at, i.first_seen_at),
        last_seen_at = coalesce(r.last_seen_at, i.last_seen_at)
      from unnest(${param(sighted.map((e) => e.identifier_id))}::text[], ${param(sighted.map((e) => e.observations))}::int[]) as c(id, n)
        cross join lateral (
          select min(s.first_seen_at) as first_seen_at, max(s.last_seen_at) as last_seen_at
          from identifier_contributions s where s.identifier_id = c.id and s.observations > 0) r
      where i.id = c.id`);
    await dropCountries(tx, sighted);
  }
  const ids = [...new Set(linked)].sort();
  if (ids.length === 0) return;
  // Merging identifiers count their links to other merging identifiers (as observe does).
  await tx.execute(sql`
    update identifiers i set link_count = c.n, is_hub = i.is_hub and c.n > ${HUB_LINK_LIMIT}
    from (
      select t.id, (
        (select count(*) from identifier_links l join identifiers o on o.id = l.b_id
         where l.a_id = t.id and o.kind = any(${param(MERGING)}::text[])) +
        (select count(*) from identifier_links l join identifiers o on o.id = l.a_id
         where l.b_id = t.id and o.kind = any(${param(MERGING)}::text[])))::int as n
      from unnest(${param(ids)}::text[]) as t(id)) c
    where i.id = c.id and i.kind = any(${param(MERGING)}::text[]) and i.link_count <> c.n`);
}

/** Removes the countries only the erased share carried (a phone keeps its number's country). */
async function dropCountries(tx: Executor, erased: readonly ErasedShare[]): Promise<void> {
  const candidates = erased.flatMap((e) => e.countries.map((country) => ({ id: e.identifier_id, country })));
  if (candidates.length === 0) return;
  const kept = await tx.execute<{
    identifier_id: string;
    country: string;
    kind: string;
    value: string;
    seen: boolean;
  }>(sql`
    select c.id as identifier_id, c.country, i.kind, i.value,
           exists (select 1 from identifier_contributions s where s.identifier_id = c.id and c.country = any(s.countries)) as seen
    from unnest(${param(candidates.map((r) => r.id))}::text[], ${param(candidates.map((r) => r.country))}::text[])
      as c(id, country)
    join identifiers i on i.id = c.id`);
  const drop = kept.rows
    .filter((r) => !r.seen)
    .filter((r) => !(r.kind === 'phone' && normalizePhone(r.value).region === r.country));
  if (drop.length === 0) return;
  await tx.execute(sql`
    update identifiers i set countries = array(
      select c from unnest(i.countries) as c
      where not exists (
        select 1 from unnest(${param(drop.map((r) => r.identifier_id))}::text[], ${param(drop.map((r) => r.country))}::text[]) as d(id, country)
        where d.id = i.id and d.country = c))
    where i.id = any(${param(drop.map((r) => r.identifier_id))}::text[])`);
}

/**
 * Links that lost a workspace's sources but kept others': their workspaces are recounted and their
 * dates taken from the sources that remain (each keeps its own first and last sighting). Sources
 * keep no count of their own, so observations are bounded by what remains: no more co-sightings
 * than either end has left.
 */
export async function recomputeLinks(
  tx: Executor,
  links: readonly { a_id: string; b_id: string }[],
): Promise<void> {
  if (links.length === 0) return;
  await tx.execute(sql`
    update identifier_links l set
      -- Confidence counts contributing workspaces (identifier_links.sources), not feed names.
      sources = r.workspaces,
      first_seen_at = coalesce(r.first_seen_at, l.first_seen_at),
      last_seen_at = coalesce(r.last_seen_at, l.last_seen_at),
      observations = case when a.observations > 0 and b.observations > 0
                           then least(l.observations, a.observations, b.observations) else l.observations end
    from unnest(${param(links.map((l) => l.a_id))}::text[], ${param(links.map((l) => l.b_id))}::text[]) as t(a, b)
      cross join lateral (
        select count(distinct s.workspace_id)::int as workspaces, min(s.first_seen_at) as first_seen_at,
               max(s.last_seen_at) as last_seen_at
        from link_sources s where s.a_id = t.a and s.b_id = t.b) r,
      identifiers a, identifiers b
    where l.a_id = t.a and l.b_id = t.b and a.id = l.a_id and b.id = l.b_id`);
}

/** Deletes the identifiers nothing remains of: no sighting, link, record or cleartext of anyone. */
export async function deleteEmptyIdentifiers(tx: Executor, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await tx.execute<{ n: number }>(sql`
    with d as (
      delete from identifiers i where i.id = any(${param([...new Set(ids)].sort())}::text[])
        and not exists (select 1 from observations o where o.identifier_id = i.id)
        -- Another workspace's sightings past the retention live on in its share.
        and not exists (select 1 from identifier_contributions c where c.identifier_id = i.id)
        and not exists (select 1 from identifier_links l where l.a_id = i.id)
        and not exists (select 1 from identifier_links l where l.b_id = i.id)
        and not exists (select 1 from breaches r where r.identifier_id = i.id)
        and not exists (select 1 from profile_records r where r.identifier_id = i.id)
        and not exists (select 1 from email_cleartexts r where r.identifier_id = i.id)
        and not (i.kind = 'phone' and exists (select 1 from phone_records r where r.phone = i.value))
      returning 1)
    select count(*)::int as n from d`);
  return deleted.rows[0]?.n ?? 0;
}
