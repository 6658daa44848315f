import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import { MERGING_KINDS } from '@/lib/engine/graph/identifier-keys';
import { visibleComponent } from '@/lib/engine/graph/visible-component';
import { HUB_LINK_LIMIT } from './observe';
import type { IdentifierMatch } from './person';

/**
 * What one workspace sees of the shared graph: its own contributions and those of every
 * workspace that shares (workspaces.share_graph). `all`: every other workspace shares, so the
 * graph's global aggregates are exact for it and the reads stay as they are (the hot path).
 * Otherwise `hidden` lists the workspaces whose contributions it must not see.
 */
export type GraphView = { all: true } | { all: false; hidden: readonly string[] };

export const FULL_VIEW: GraphView = { all: true };

/** How long the list of non-sharing workspaces is reused: a change applies within this. */
export const VIEW_CACHE_MS = 1000;

let cached: { at: number; nonSharing: readonly string[] } | null = null;

/** Forgets the cached list (the sharing setting changed in this process). */
export function invalidateGraphView(): void {
  cached = null;
}

/** The workspaces that keep their contributions to themselves: one indexed read per second. */
async function nonSharing(db: Executor): Promise<readonly string[]> {
  const at = Date.now();
  if (cached !== null && at - cached.at < VIEW_CACHE_MS) return cached.nonSharing;
  const result = await db.execute<{ id: string }>(
    sql`select id from workspaces where not share_graph order by id`,
  );
  cached = { at, nonSharing: result.rows.map((row) => row.id) };
  return cached.nonSharing;
}

/** The view of `workspaceId`: everything, unless another workspace does not share. */
export async function graphView(db: Executor, workspaceId: string): Promise<GraphView> {
  const hidden = (await nonSharing(db)).filter((id) => id !== workspaceId);
  return hidden.length === 0 ? FULL_VIEW : { all: false, hidden };
}

const hiddenParam = (view: { hidden: readonly string[] }) => sql`${sql.param([...view.hidden])}::text[]`;

/** ` and <column> is visible`, for a workspace_id column; nothing in the full view. */
export function visibleWorkspace(view: GraphView, column: SQL): SQL {
  return view.all ? sql`` : sql` and ${column} <> all(${hiddenParam(view)})`;
}

/** ` and the link <alias> has a visible source` (link_sources' primary key); nothing in the full view. */
export function visibleLink(view: GraphView, alias: string): SQL {
  if (view.all) return sql``;
  const a = sql.raw(`${alias}.a_id`);
  const b = sql.raw(`${alias}.b_id`);
  return sql` and exists (select 1 from link_sources s where s.a_id = ${a} and s.b_id = ${b}
                           and s.workspace_id <> all(${hiddenParam(view)}))`;
}

/** ` and the identifier <alias> has a visible contribution`; nothing in the full view. */
export function visibleIdentifier(view: GraphView, alias: string): SQL {
  if (view.all) return sql``;
  const id = sql.raw(`${alias}.id`);
  return sql` and exists (select 1 from identifier_contributions c where c.identifier_id = ${id}
                           and c.workspace_id <> all(${hiddenParam(view)}))`;
}

/**
 * Joins `member` to the non-hub identifiers of `seed`'s cluster that the view reaches from it. The
 * stored clusters span every workspace's links, so a partial view walks the visible links between
 * the cluster's non-hub members from the seed (a recursive query; it is the rare path).
 */
export function clusterJoin(view: GraphView, seed: string, member: string): SQL {
  const [n, m] = [sql.raw(seed), sql.raw(member)];
  // A lateral with `offset 0` is never pulled up into a join: each seed's cluster is read on
  // identifiers_person_idx, never by hashing a scan of every identifier, which PostgreSQL chose at
  // a hub grown since its last ANALYZE (issue 35).
  if (view.all)
    return sql`cross join lateral (
      select cm.id from identifiers cm where cm.person_id = ${n}.person_id and not cm.is_hub offset 0) ${m}`;
  // Aliases of their own: the caller's (r, n, l, s ...) must stay visible inside.
  return sql`cross join lateral (
      with recursive reach(id) as (
        select ${n}.id where ${n}.person_id is not null
        union
        select step.id from reach walk cross join lateral (
          select wl.b_id as id from identifier_links wl where wl.a_id = walk.id${visibleLink(view, 'wl')}
          union all
          select wl.a_id from identifier_links wl where wl.b_id = walk.id${visibleLink(view, 'wl')}) step
        join identifiers wc on wc.id = step.id
        where wc.person_id = ${n}.person_id and not wc.is_hub)
      select id from reach) ${m}`;
}

/**
 * Who `seed` is, for counting persons: its cluster in the full view; the least identifier it
 * reaches over visible links in a partial one (two identifiers are one person to the view only if
 * it sees them connected).
 */
export function personKey(view: GraphView, seed: string): SQL {
  const n = sql.raw(seed);
  if (view.all) return sql`coalesce(${n}.person_id, ${n}.id)`;
  return sql`coalesce((select min(pk.id) from identifiers ps ${clusterJoin(view, 'ps', 'pk')} where ps.id = ${n}.id), ${n}.id)`;
}

/** Most visible links counted per identifier and side: past the hub limit, the count is evidence enough. */
export const VISIBLE_LINK_CAP = 1000;

/**
 * Links between each merging identifier and other merging ones that the view sees: link_count and
 * the hub flag count every workspace's links, so a view counts its own (up to a cap per side).
 */
async function visibleLinkCounts(
  db: Executor,
  view: GraphView,
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const side = (from: string, to: string) => {
    const [near, far] = [sql.raw(`l.${from}`), sql.raw(`l.${to}`)];
    return sql`(select count(*) from (select 1 from identifier_links l join identifiers o on o.id = ${far}
                  where ${near} = x.id and o.kind = any(${sql.param([...MERGING_KINDS])}::text[])${visibleLink(view, 'l')}
                  limit ${VISIBLE_LINK_CAP}) s)`;
  };
  const result = await db.execute<{ id: string; links: number }>(sql`
    select x.id, (${side('a_id', 'b_id')} + ${side('b_id', 'a_id')})::int as links
    from unnest(${sql.param([...ids])}::text[]) as x(id)`);
  return new Map(result.rows.map((row) => [row.id, row.links]));
}

/**
 * The matched identifiers as the view sees them: first/last seen, observations and countries
 * from the visible contributions only; one without any visible contribution is unknown (left out).
 * Link counts and the hub flag count the visible links only: an identifier that is a hub by
 * hidden links alone is not one to the view (its stored cluster stays unexpanded: the view may
 * see less, never more).
 */
export async function applyView<T extends IdentifierMatch>(
  db: Executor,
  view: GraphView,
  rows: readonly T[],
): Promise<T[]> {
  if (view.all || rows.length === 0) return [...rows];
  const result = await db.execute<{
    identifier_id: string;
    countries: string[];
    first_seen_at: Date;
    last_seen_at: Date;
    observations: number;
  }>(sql`
    select identifier_id, countries, first_seen_at, last_seen_at, observations from identifier_contributions
    where identifier_id = any(${sql.param(rows.map((row) => row.id))}::text[])${visibleWorkspace(view, sql`workspace_id`)}`);
  const links = await visibleLinkCounts(
    db,
    view,
    rows.filter((row) => row.link_count > 0).map((row) => row.id),
  );
  const shares = new Map<string, typeof result.rows>();
  for (const share of result.rows)
    shares.set(share.identifier_id, [...(shares.get(share.identifier_id) ?? []), share]);
  return rows.flatMap((row) => {
    const visible = shares.get(row.id);
    if (visible === undefined) return [];
    // As the global columns: sightings date an identifier; record dates only until the first.
    const sighted = visible.filter((share) => share.observations > 0);
    const dating = sighted.length > 0 ? sighted : visible;
    const ms = (at: Date) => new Date(at).getTime();
    return [
      {
        ...row,
        countries: [...new Set(visible.flatMap((share) => share.countries))].sort(),
        first_seen_at: new Date(Math.min(...dating.map((share) => ms(share.first_seen_at)))),
        last_seen_at: new Date(Math.max(...dating.map((share) => ms(share.last_seen_at)))),
        observations: sighted.reduce((sum, share) => sum + share.observations, 0),
        link_count: links.get(row.id) ?? 0,
        is_hub: row.is_hub && (links.get(row.id) ?? 0) > HUB_LINK_LIMIT,
      },
    ];
  });
}

/**
 * The identifiers the seeds' clusters hold as the view sees them: person_id clusters are built
 * over every workspace's links, so a view takes the seeds' connected component over the visible
 * links between non-hub members only. Empty in the full view (the clusters stand as stored).
 */
export async function visibleClusterMembers(
  db: Executor,
  view: GraphView,
  seeds: readonly IdentifierMatch[],
): Promise<IdentifierMatch[]> {
  if (view.all) return [];
  const starts = seeds.filter((row) => row.person_id !== null && !row.is_hub);
  const persons = [...new Set(starts.flatMap((row) => (row.person_id ? [row.person_id] : [])))];
  if (persons.length === 0) return [];
  const members = (
    await db.execute<IdentifierMatch>(sql`
      select id, kind, value, md5, sha1, countries, first_seen_at, last_seen_at, observations, person_id, link_count, is_hub
      from identifiers where person_id = any(${sql.param(persons)}::text[]) and not is_hub`)
  ).rows;
  const ids = members.map((row) => row.id);
  const links = (
    await db.execute<{ a_id: string; b_id: string }>(sql`
      select l.a_id, l.b_id from identifier_links l
      where l.a_id = any(${sql.param(ids)}::text[]) and l.b_id = any(${sql.param(ids)}::text[])${visibleLink(view, 'l')}`)
  ).rows;
  const component = visibleComponent(
    starts.map((row) => row.id),
    links.map((link) => ({ a: link.a_id, b: link.b_id })),
  );
  return applyView(
    db,
    view,
    members.filter((row) => component.has(row.id)),
  );
}
