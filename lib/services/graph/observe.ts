import { sql } from 'drizzle-orm';
import { serverSecret } from '@/lib/config/secret';
import { seal } from '@/lib/crypto/seal';
import type { Executor } from '@/lib/db/client';
import type { ObservationType } from '@/lib/db/schema';
import { type IdentifierKey, MERGING_KINDS } from '@/lib/engine/graph/identifier-keys';
import { chunkByPairs } from '@/lib/engine/graph/link-chunks';
import { UnionFind } from '@/lib/engine/graph/union-find';
import { newId } from '@/lib/ids/ids';

/** Identifiers seen together once: by an event, a Verify or a Signals call. */
export interface Sighting {
  keys: IdentifierKey[];
  /**
   * One observation of each identifier: a call is one sighting, whatever it links (the links
   * are the evidence of identity resolution). Null: a record, which links but is no sighting.
   */
  type: ObservationType | null;
  /**
   * Identifiers linked to `keys` but not sighted (a joined session's earlier identifiers): no
   * observation, no seen dates, no countries, and no links among themselves.
   */
  linked?: IdentifierKey[];
  /** The members of `keys` that link to `linked` (all of them when absent). */
  linkedFrom?: IdentifierKey[];
  source: string;
  at: Date;
  country: string | null;
}

/** A merging identifier linked to more distinct merging identifiers than this is a hub. */
export const HUB_LINK_LIMIT = 25;
/**
 * Transaction-scoped advisory locks on clusters (`p:<person>`) or lone identifiers (`i:<id>`):
 * whoever re-points a cluster's person_id holds its lock, so two batches never merge or split
 * the same people at once. Sorted keys keep the common case free of lock-order deadlocks.
 */
async function lockClusters(tx: Executor, keys: string[]): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  if (sorted.length === 0) return;
  await tx.execute(sql`
    select pg_advisory_xact_lock(hashtextextended(k, 7146021119)) from unnest(${param(sorted)}::text[]) as k`);
}

const param = (values: unknown[]) => sql.param(values);
const HOUR_MS = 3_600_000;

type IdentifierRowLite = {
  id: string;
  kind: string;
  value: string;
  person_id: string | null;
  is_hub: boolean;
};

/**
 * Writes a batch of sightings into the graph in the caller's transaction: identifiers
 * (first/last seen, counts, countries), raw observations, hourly rollups, the caller's email
 * cleartexts (sealed), links with their sources (counting distinct workspaces), hub flags, and
 * cluster merges, and each contributing workspace's share of the identifiers.
 * Every statement is one set-based UNNEST; links are written in chunks of bounded pair counts.
 */
export async function observe(
  tx: Executor,
  workspaceId: string,
  sightings: Sighting[],
): Promise<Map<string, string>> {
  const idByTag = await upsertIdentifiers(tx, sightings);
  if (idByTag.size === 0) return idByTag;
  await insertObservations(tx, sightings, idByTag);
  await storeCleartexts(tx, workspaceId, sightings, idByTag);
  // Bounded memory: a chunk's pairs are written before the next chunk's are built.
  const members = (s: Sighting) => s.keys.length + linkedOnly(s).length;
  for (const chunk of chunkByPairs(sightings, members)) await linkAndResolve(tx, chunk, idByTag);
  return idByTag;
}

export const tagOf = (k: { kind: string; value: string }) => `${k.kind}|${k.value}`;

/** A sighting's linked identifiers that it does not also sight. */
function linkedOnly(s: Sighting): IdentifierKey[] {
  if (!s.linked?.length) return [];
  const own = new Set(s.keys.map(tagOf));
  return s.linked.filter((key) => !own.has(tagOf(key)));
}

/**
 * The identifiers upsert's `on conflict` dates and count: records (no observations) never move
 * first/last seen, and the first sighting of an identifier known only from records sets them
 * outright (its columns held record dates, which mean nothing). The seed's bulk path shares it.
 */
export const SEEN_DATES_ON_CONFLICT = `
      first_seen_at = case when excluded.observations = 0 then i.first_seen_at
                           when i.observations = 0 then excluded.first_seen_at
                           else least(i.first_seen_at, excluded.first_seen_at) end,
      last_seen_at = case when excluded.observations = 0 then i.last_seen_at
                          when i.observations = 0 then excluded.last_seen_at
                          else greatest(i.last_seen_at, excluded.last_seen_at) end,
      observations = i.observations + excluded.observations`;

/** The workspace a source belongs to: every source starts with its id (`ws_…` or `ws_…:feed`). */
export const workspaceOfSource = (source: string) => source.split(':', 1)[0] ?? source;

interface Contribution {
  key: IdentifierKey;
  workspace: string;
  first: number;
  last: number;
  n: number;
  countries: Set<string>;
}

/** Adds one sighting (or record) of a key to its aggregate: only sightings date an identifier. */
function addSighting(entry: Contribution, at: number, sighted: boolean, country: string | null): void {
  // Record dates fill the columns until the first sighting, which then sets them outright.
  if (sighted && entry.n === 0) {
    entry.first = at;
    entry.last = at;
  } else if (sighted || entry.n === 0) {
    entry.first = Math.min(entry.first, at);
    entry.last = Math.max(entry.last, at);
  }
  if (sighted) entry.n++;
  for (const c of entry.key.countries) entry.countries.add(c);
  if (country && sighted) entry.countries.add(country);
}

async function upsertIdentifiers(tx: Executor, sightings: Sighting[]): Promise<Map<string, string>> {
  const merged = new Map<string, Contribution>();
  // The same, per contributing workspace (identifier_contributions).
  const shares = new Map<string, Contribution>();
  for (const s of sightings) {
    const at = s.at.getTime();
    const workspace = workspaceOfSource(s.source);
    const members = [
      ...s.keys.map((key) => ({ key, sighted: s.type !== null })),
      ...linkedOnly(s).map((key) => ({ key: { ...key, countries: [] }, sighted: false })),
    ];
    for (const { key, sighted } of members) {
      const tag = tagOf(key);
      const fresh = (): Contribution => ({ key, workspace, first: at, last: at, n: 0, countries: new Set() });
      const entry = merged.get(tag) ?? fresh();
      addSighting(entry, at, sighted, s.country);
      merged.set(tag, entry);
      const shareTag = `${tag}|${workspace}`;
      const share = shares.get(shareTag) ?? fresh();
      addSighting(share, at, sighted, s.country);
      shares.set(shareTag, share);
    }
  }
  const idByTag = new Map<string, string>();
  if (merged.size === 0) return idByTag;
  // A stable order keeps concurrent batches taking row locks in the same sequence (no deadlocks).
  const rows = [...merged.values()].sort((a, b) => (tagOf(a.key) < tagOf(b.key) ? -1 : 1));
  const parts = [...shares.values()];
  const times = (values: number[]) => param(values.map((v) => new Date(v).toISOString()));
  // One statement: the identifiers, then each contributing workspace's share of them.
  const result = await tx.execute<IdentifierRowLite>(sql`
    with upserted as (
      insert into identifiers as i (id, kind, value, md5, sha1, countries, first_seen_at, last_seen_at, observations)
      select t.id, t.kind, t.value, t.md5, t.sha1, coalesce(string_to_array(t.countries, ','), '{}'), t.first, t.last, t.n
      from unnest(
        ${param(rows.map(() => newId('idn')))}::text[], ${param(rows.map((r) => r.key.kind))}::text[],
        ${param(rows.map((r) => r.key.value))}::text[], ${param(rows.map((r) => r.key.md5))}::text[],
        ${param(rows.map((r) => r.key.sha1))}::text[], ${param(rows.map((r) => [...r.countries].join(',') || null))}::text[],
        ${times(rows.map((r) => r.first))}::timestamptz[], ${times(rows.map((r) => r.last))}::timestamptz[],
        ${param(rows.map((r) => r.n))}::int[]
      ) as t(id, kind, value, md5, sha1, countries, first, last, n)
      on conflict (kind, value) do update set
        md5 = coalesce(i.md5, excluded.md5),
        sha1 = coalesce(i.sha1, excluded.sha1),
        countries = case when excluded.countries <@ i.countries then i.countries
                         else array(select distinct unnest(i.countries || excluded.countries)) end,
        ${sql.raw(SEEN_DATES_ON_CONFLICT)}
      returning i.id, i.kind, i.value, i.person_id, i.is_hub),
    shared as (
      insert into identifier_contributions as i (identifier_id, workspace_id, countries, first_seen_at, last_seen_at, observations)
      select u.id, c.workspace, coalesce(string_to_array(c.countries, ','), '{}'), c.first, c.last, c.n
      from unnest(
        ${param(parts.map((r) => r.key.kind))}::text[], ${param(parts.map((r) => r.key.value))}::text[],
        ${param(parts.map((r) => r.workspace))}::text[], ${param(parts.map((r) => [...r.countries].join(',') || null))}::text[],
        ${times(parts.map((r) => r.first))}::timestamptz[], ${times(parts.map((r) => r.last))}::timestamptz[],
        ${param(parts.map((r) => r.n))}::int[]
      ) as c(kind, value, workspace, countries, first, last, n)
      join upserted u on u.kind = c.kind and u.value = c.value
      order by u.id, c.workspace
      on conflict (identifier_id, workspace_id) do update set
        countries = case when excluded.countries <@ i.countries then i.countries
                         else array(select distinct unnest(i.countries || excluded.countries)) end,
        ${sql.raw(SEEN_DATES_ON_CONFLICT)})
    select id, kind, value, person_id, is_hub from upserted`);
  for (const row of result.rows) idByTag.set(tagOf(row), row.id);
  return idByTag;
}

async function insertObservations(
  tx: Executor,
  sightings: Sighting[],
  idByTag: Map<string, string>,
): Promise<void> {
  const ids: string[] = [];
  const types: string[] = [];
  const sources: string[] = [];
  const countries: (string | null)[] = [];
  const times: string[] = [];
  const rollups = new Map<string, { id: string; hour: number; type: string; source: string; n: number }>();
  for (const s of sightings) {
    const at = s.at.toISOString();
    const hour = Math.floor(s.at.getTime() / HOUR_MS) * HOUR_MS;
    const type = s.type;
    if (type === null) continue;
    for (const key of s.keys) {
      const id = idByTag.get(tagOf(key));
      if (!id) continue;
      ids.push(id);
      types.push(type);
      sources.push(s.source);
      countries.push(s.country);
      times.push(at);
      const tag = `${id}|${hour}|${type}|${s.source}`;
      const entry = rollups.get(tag) ?? { id, hour, type, source: s.source, n: 0 };
      entry.n++;
      rollups.set(tag, entry);
    }
  }
  if (ids.length === 0) return;
  await tx.execute(sql`
    insert into observations (identifier_id, type, source, country, observed_at)
    select * from unnest(${param(ids)}::text[], ${param(types)}::text[], ${param(sources)}::text[],
                         ${param(countries)}::text[], ${param(times)}::timestamptz[])`);
  const rows = [...rollups.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, r]) => r);
  await tx.execute(sql`
    insert into observation_rollups as r (identifier_id, hour, type, source, count)
    select * from unnest(${param(rows.map((r) => r.id))}::text[],
                         ${param(rows.map((r) => new Date(r.hour).toISOString()))}::timestamptz[],
                         ${param(rows.map((r) => r.type))}::text[], ${param(rows.map((r) => r.source))}::text[],
                         ${param(rows.map((r) => r.n))}::int[])
    on conflict (identifier_id, hour, type, source) do update set count = r.count + excluded.count`);
}

async function storeCleartexts(
  tx: Executor,
  workspaceId: string,
  sightings: Sighting[],
  idByTag: Map<string, string>,
): Promise<void> {
  const byId = new Map<string, string>();
  for (const s of sightings) {
    for (const key of s.keys) {
      const id = idByTag.get(tagOf(key));
      if (key.kind === 'email' && key.address && id && !byId.has(id)) byId.set(id, key.address);
    }
  }
  if (byId.size === 0) return;
  const secret = serverSecret();
  const entries = [...byId.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  await tx.execute(sql`
    insert into email_cleartexts (workspace_id, identifier_id, sealed)
    select ${workspaceId}, * from unnest(${param(entries.map(([id]) => id))}::text[],
                                          ${param(entries.map(([, address]) => seal(secret, address)))}::text[])
    on conflict do nothing`);
}

interface PairAggregate {
  a: string;
  b: string;
  n: number;
  first: number;
  last: number;
  /** Each source's first and last sighting of the pair in this call. */
  sources: Map<string, { first: number; last: number }>;
  merging: boolean;
}

async function linkAndResolve(
  tx: Executor,
  sightings: Sighting[],
  idByTag: Map<string, string>,
): Promise<void> {
  const pairs = new Map<string, PairAggregate>();
  for (const s of sightings) {
    const linking = s.linkedFrom ? new Set(s.linkedFrom.map(tagOf)) : null;
    const member = (own: boolean) => (k: IdentifierKey) => {
      const id = idByTag.get(tagOf(k));
      // A linked-only identifier pairs with the own ones that link to it (linkedFrom).
      const links = !own || linking === null || linking.has(tagOf(k));
      return id ? [{ id, own, links, merging: MERGING_KINDS.has(k.kind) }] : [];
    };
    const members = [...s.keys.flatMap(member(true)), ...linkedOnly(s).flatMap(member(false))];
    const at = s.at.getTime();
    for (let i = 0; i < members.length; i++) {
      for (let j = i + 1; j < members.length; j++) {
        const x = members[i];
        const y = members[j];
        // Attribute-to-attribute pairs (a name and an IP) say nothing about who is who; two
        // linked-only identifiers were linked by the call that brought the later of them.
        if (!x || !y || x.id === y.id || (!x.merging && !y.merging) || (!x.own && !y.own)) continue;
        if (x.own !== y.own && !(x.links && y.links)) continue;
        const [a, b] = x.id < y.id ? [x.id, y.id] : [y.id, x.id];
        const tag = `${a}|${b}`;
        const entry = pairs.get(tag) ?? {
          a,
          b,
          n: 0,
          first: at,
          last: at,
          sources: new Map(),
          merging: x.merging && y.merging,
        };
        entry.n++;
        entry.first = Math.min(entry.first, at);
        entry.last = Math.max(entry.last, at);
        const seen = entry.sources.get(s.source);
        entry.sources.set(s.source, {
          first: Math.min(seen?.first ?? at, at),
          last: Math.max(seen?.last ?? at, at),
        });
        pairs.set(tag, entry);
      }
    }
  }
  if (pairs.size === 0) return;
  const rows = [...pairs.values()].sort((p, q) => (p.a === q.a ? (p.b < q.b ? -1 : 1) : p.a < q.a ? -1 : 1));
  const linked = await tx.execute<{ a_id: string; b_id: string; inserted: boolean }>(sql`
    insert into identifier_links as l (a_id, b_id, observations, sources, first_seen_at, last_seen_at)
    select t.a, t.b, t.n, 0, t.f, t.l from unnest(
      ${param(rows.map((r) => r.a))}::text[], ${param(rows.map((r) => r.b))}::text[], ${param(rows.map((r) => r.n))}::int[],
      ${param(rows.map((r) => new Date(r.first).toISOString()))}::timestamptz[],
      ${param(rows.map((r) => new Date(r.last).toISOString()))}::timestamptz[]) as t(a, b, n, f, l)
    on conflict (a_id, b_id) do update set
      observations = l.observations + excluded.observations,
      first_seen_at = least(l.first_seen_at, excluded.first_seen_at),
      last_seen_at = greatest(l.last_seen_at, excluded.last_seen_at)
    returning l.a_id, l.b_id, (xmax = 0) as inserted`);

  const sourceRows = rows.flatMap((r) =>
    [...r.sources.entries()]
      .sort(([x], [y]) => (x < y ? -1 : 1))
      .map(([source, seen]) => ({ a: r.a, b: r.b, source, ...seen })),
  );
  const iso = (ms: number) => new Date(ms).toISOString();
  await tx.execute(sql`
    with added as (
      insert into link_sources as s (a_id, b_id, source, first_seen_at, last_seen_at)
      select * from unnest(${param(sourceRows.map((r) => r.a))}::text[], ${param(sourceRows.map((r) => r.b))}::text[],
                           ${param(sourceRows.map((r) => r.source))}::text[],
                           ${param(sourceRows.map((r) => iso(r.first)))}::timestamptz[],
                           ${param(sourceRows.map((r) => iso(r.last)))}::timestamptz[])
      -- A source's dates move only by more than an hour (confidence decays by days): a pair seen
      -- again and again costs no write.
      on conflict (a_id, b_id, source) do update set
        first_seen_at = least(s.first_seen_at, excluded.first_seen_at),
        last_seen_at = greatest(s.last_seen_at, excluded.last_seen_at)
      where excluded.first_seen_at < s.first_seen_at or excluded.last_seen_at > s.last_seen_at + interval '1 hour'
      returning s.a_id, s.b_id, s.workspace_id, (xmax = 0) as inserted),
    -- Confidence counts workspaces, not feed names: only a workspace new to the pair adds one
    -- (the subquery sees the rows as they were before this statement).
    newcomers as (
      select distinct a.a_id, a.b_id, a.workspace_id from added a
      where a.inserted and not exists (select 1 from link_sources s
                        where s.a_id = a.a_id and s.b_id = a.b_id and s.workspace_id = a.workspace_id))
    update identifier_links l set sources = l.sources + c.n
    from (select a_id, b_id, count(*)::int as n from newcomers group by a_id, b_id) c
    where l.a_id = c.a_id and l.b_id = c.b_id`);

  // New links between two merging identifiers count towards the hub limit of both ends.
  const newLinkCounts = new Map<string, number>();
  for (const row of linked.rows) {
    if (!row.inserted || !pairs.get(`${row.a_id}|${row.b_id}`)?.merging) continue;
    newLinkCounts.set(row.a_id, (newLinkCounts.get(row.a_id) ?? 0) + 1);
    newLinkCounts.set(row.b_id, (newLinkCounts.get(row.b_id) ?? 0) + 1);
  }
  const counted = [...newLinkCounts.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  let newHubs: { id: string; person_id: string | null }[] = [];
  if (counted.length > 0) {
    const updated = await tx.execute<{ id: string; person_id: string | null; became_hub: boolean }>(sql`
      update identifiers i set link_count = i.link_count + c.n, is_hub = i.is_hub or i.link_count + c.n > ${HUB_LINK_LIMIT}
      from unnest(${param(counted.map(([id]) => id))}::text[], ${param(counted.map(([, n]) => n))}::int[]) as c(id, n)
      where i.id = c.id
      returning i.id, i.person_id, (i.link_count > ${HUB_LINK_LIMIT} and i.link_count - c.n <= ${HUB_LINK_LIMIT}) as became_hub`);
    newHubs = updated.rows.filter((r) => r.became_hub);
  }
  if (newHubs.length > 0) await splitHubClusters(tx, newHubs);
  await resolvePersons(
    tx,
    rows.filter((r) => r.merging),
  );
}

/**
 * An identifier that just became a hub merged the people it linked while it still looked like
 * one person's. Undo that: re-derive its cluster's components from the links that do not pass
 * through a hub; the largest keeps the person id, the others get new ones, the hub none.
 */
async function splitHubClusters(
  tx: Executor,
  hubs: { id: string; person_id: string | null }[],
): Promise<void> {
  const persons = [...new Set(hubs.flatMap((h) => (h.person_id ? [h.person_id] : [])))].sort();
  if (persons.length === 0) return;
  await lockClusters(
    tx,
    persons.map((p) => `p:${p}`),
  );
  const members = await tx.execute<{ id: string; person_id: string; is_hub: boolean }>(sql`
    select id, person_id, is_hub from identifiers where person_id = any(${param(persons)}::text[])`);
  const ids = members.rows.map((m) => m.id);
  const links = await tx.execute<{ a_id: string; b_id: string }>(sql`
    select a_id, b_id from identifier_links where a_id = any(${param(ids)}::text[]) and b_id = any(${param(ids)}::text[])`);
  const hubIds = new Set(members.rows.filter((m) => m.is_hub).map((m) => m.id));
  const personOf = new Map(members.rows.map((m) => [m.id, m.person_id]));
  const sets = new UnionFind();
  for (const m of members.rows) if (!hubIds.has(m.id)) sets.find(m.id);
  for (const l of links.rows) {
    // Only links inside one former cluster, not through a hub, hold people together.
    if (hubIds.has(l.a_id) || hubIds.has(l.b_id) || personOf.get(l.a_id) !== personOf.get(l.b_id)) continue;
    sets.union(l.a_id, l.b_id);
  }
  const targets: [string, string | null][] = [...hubIds].map((id) => [id, null]);
  const components = new Map<string, string[]>();
  for (const m of members.rows) {
    if (hubIds.has(m.id)) continue;
    const root = sets.find(m.id);
    components.set(root, [...(components.get(root) ?? []), m.id]);
  }
  const byPerson = new Map<string, string[][]>();
  for (const component of components.values()) {
    const person = personOf.get(component[0] ?? '') ?? '';
    byPerson.set(person, [...(byPerson.get(person) ?? []), component]);
  }
  for (const [person, parts] of byPerson) {
    parts.sort((a, b) => b.length - a.length);
    parts.forEach((part, index) => {
      // A lone identifier is a person of its own: person_id null, as for any unlinked identifier.
      const target = index === 0 && part.length > 1 ? person : part.length > 1 ? newId('per') : null;
      for (const id of part) targets.push([id, target]);
    });
  }
  await tx.execute(sql`
    update identifiers i set person_id = m.person
    from unnest(${param(targets.map(([id]) => id))}::text[], ${param(targets.map(([, p]) => p))}::text[]) as m(id, person)
    where i.id = m.id and i.person_id is distinct from m.person`);
}

/** Incremental resolution: union the clusters that the new links connect (hubs excepted). */
async function resolvePersons(tx: Executor, links: PairAggregate[]): Promise<void> {
  if (links.length === 0) return;
  const ids = [...new Set(links.flatMap((l) => [l.a, l.b]))].sort();
  const read = () =>
    tx.execute<{ id: string; person_id: string | null; is_hub: boolean }>(
      sql`select id, person_id, is_hub from identifiers where id = any(${param(ids)}::text[])`,
    );
  let state = await read();
  const needsMerge = (rows: typeof state.rows) => {
    const byId = new Map(rows.map((r) => [r.id, r]));
    return links.some((l) => {
      const a = byId.get(l.a);
      const b = byId.get(l.b);
      return a && b && !a.is_hub && !b.is_hub && (a.person_id === null || a.person_id !== b.person_id);
    });
  };
  if (!needsMerge(state.rows)) return;
  // Lock the clusters involved (not the whole graph): only batches that touch the same people
  // wait for each other. A cluster may have been merged while we waited, so re-read until the
  // locks held cover every cluster seen.
  const held = new Set<string>();
  for (;;) {
    const wanted = state.rows.map((r) => (r.person_id ? `p:${r.person_id}` : `i:${r.id}`));
    const missing = [...new Set(wanted)].filter((k) => !held.has(k)).sort();
    if (missing.length === 0) break;
    await lockClusters(tx, missing);
    for (const key of missing) held.add(key);
    state = await read();
  }
  if (!needsMerge(state.rows)) return;
  const byId = new Map(state.rows.map((r) => [r.id, r]));
  const sets = new UnionFind();
  for (const row of state.rows) {
    if (row.person_id && !row.is_hub) sets.union(row.id, `person:${row.person_id}`);
  }
  for (const link of links) {
    if (byId.get(link.a)?.is_hub || byId.get(link.b)?.is_hub) continue;
    sets.union(link.a, link.b);
  }
  // Plan every merge first, then apply them all with two set-based updates.
  const plans: { persons: string[]; unassigned: string[] }[] = [];
  for (const group of sets.groups()) {
    const persons = group.filter((m) => m.startsWith('person:')).map((m) => m.slice('person:'.length));
    const unassigned = group.filter((m) => !m.startsWith('person:') && !byId.get(m)?.person_id);
    if (persons.length + unassigned.length <= 1 || (persons.length === 1 && unassigned.length === 0))
      continue;
    plans.push({ persons, unassigned });
  }
  if (plans.length === 0) return;
  const sizes = await personSizes(
    tx,
    plans.flatMap((p) => (p.persons.length > 1 ? p.persons : [])),
  );
  const idTargets: [string, string][] = [];
  const personTargets: [string, string][] = [];
  for (const plan of plans) {
    // Re-pointing the smaller clusters moves the fewest rows.
    const survivor =
      [...plan.persons].sort((a, b) => (sizes.get(b) ?? 0) - (sizes.get(a) ?? 0) || (a < b ? -1 : 1))[0] ??
      newId('per');
    for (const id of plan.unassigned) idTargets.push([id, survivor]);
    for (const person of plan.persons) if (person !== survivor) personTargets.push([person, survivor]);
  }
  if (idTargets.length > 0) {
    await tx.execute(sql`
      update identifiers i set person_id = m.survivor
      from unnest(${param(idTargets.map(([id]) => id))}::text[], ${param(idTargets.map(([, s]) => s))}::text[]) as m(id, survivor)
      where i.id = m.id`);
  }
  if (personTargets.length > 0) {
    await tx.execute(sql`
      update identifiers i set person_id = m.survivor
      from unnest(${param(personTargets.map(([p]) => p))}::text[], ${param(personTargets.map(([, s]) => s))}::text[]) as m(person, survivor)
      where i.person_id = m.person`);
  }
}

async function personSizes(tx: Executor, persons: string[]): Promise<Map<string, number>> {
  if (persons.length === 0) return new Map();
  const counts = await tx.execute<{ person_id: string; n: number }>(sql`
    select person_id, count(*)::int as n from identifiers where person_id = any(${param(persons)}::text[])
    group by person_id`);
  return new Map(counts.rows.map((r) => [r.person_id, r.n]));
}
