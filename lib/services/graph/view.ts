import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import { visibleComponent } from '@/lib/engine/graph/visible-component';
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
 * The matched identifiers as the view sees them: first/last seen, observations and countries
 * from the visible contributions only; one without any visible contribution is unknown (left out).
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
