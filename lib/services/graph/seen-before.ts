import { sql } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import type { IdentifierMatch } from './person';
import { FULL_VIEW, type GraphView, visibleWorkspace } from './view';

const param = (values: unknown[]) => sql.param(values);

/**
 * The matched identifiers as the graph held them at `asOf` (a joined session's start, so its
 * own calls are not sightings): first seen at or after it means unseen then; a later last
 * sighting is replaced by the last one before it, and the count loses the sightings since.
 * Both read observations_identifier_time_idx: one backward probe and one short range each (per
 * monthly partition); a last sighting past the retention is dated by its hour in the rollups.
 */
export async function seenBefore(
  tx: Executor,
  rows: readonly IdentifierMatch[],
  asOf: Date,
  view: GraphView = FULL_VIEW,
): Promise<IdentifierMatch[]> {
  const visible = visibleWorkspace(view, sql`workspace_id`);
  const before = (at: Date) => new Date(at).getTime() < asOf.getTime();
  const straddling = rows.filter(
    (row) => row.observations > 0 && before(row.first_seen_at) && !before(row.last_seen_at),
  );
  const since = new Map<string, { last: Date | null; later: number }>();
  if (straddling.length > 0) {
    const result = await tx.execute<{ id: string; last: string | Date | null; later: number }>(sql`
      select t.id, b.last, a.later from unnest(${param(straddling.map((row) => row.id))}::text[]) as t(id)
      cross join lateral (select coalesce(
        (select max(observed_at) from observations
         where identifier_id = t.id and observed_at < ${asOf.toISOString()}::timestamptz${visible}),
        -- None kept: the last one lies past the retention, and its hour is in the rollups.
        (select max(hour) from observation_rollups
         where identifier_id = t.id and hour < date_trunc('hour', ${asOf.toISOString()}::timestamptz)${visible})) as last) b
      cross join lateral (select count(*)::int as later from observations
                          where identifier_id = t.id and observed_at >= ${asOf.toISOString()}::timestamptz${visible}) a`);
    // Raw SQL through drizzle returns timestamps as text.
    for (const row of result.rows) {
      since.set(row.id, { last: row.last === null ? null : new Date(row.last), later: row.later });
    }
  }
  return rows.map((row) => {
    if (row.observations === 0 || !before(row.first_seen_at)) return { ...row, observations: 0 };
    const adjusted = since.get(row.id);
    if (adjusted === undefined) return row;
    return {
      ...row,
      last_seen_at: adjusted.last ?? row.first_seen_at,
      observations: Math.max(0, row.observations - adjusted.later),
    };
  });
}
