import { sql } from 'drizzle-orm';
import { serverSecret } from '@/lib/config/secret';
import { unseal } from '@/lib/crypto/seal';
import type { Executor } from '@/lib/db/client';
import { executePrepared } from '@/lib/db/prepared';
import { linkConfidence, propagateConfidence } from '@/lib/engine/graph/confidence';
import { type IdentifierKey, isMergingKind } from '@/lib/engine/graph/identifier-keys';
import type { GraphIdentifier, PersonFacts, ProfileFacts } from '@/lib/engine/signals';
import { applyView, FULL_VIEW, type GraphView, visibleClusterMembers, visibleWorkspace } from './view';

const param = (values: unknown[]) => sql.param(values);

type Row = {
  id: string;
  kind: string;
  value: string;
  md5: string | null;
  sha1: string | null;
  countries: string[];
  first_seen_at: Date;
  last_seen_at: Date;
  observations: number;
  person_id: string | null;
  link_count: number;
  is_hub: boolean;
};

export const SELECT = sql`select id, kind, value, md5, sha1, countries, first_seen_at, last_seen_at, observations, person_id, link_count, is_hub from identifiers`;

function toGraph(row: Row): GraphIdentifier {
  return {
    id: row.id,
    kind: row.kind,
    value: row.value,
    md5: row.md5,
    sha1: row.sha1,
    countries: row.countries,
    firstSeenMs: new Date(row.first_seen_at).getTime(),
    lastSeenMs: new Date(row.last_seen_at).getTime(),
    observations: row.observations,
  };
}

/**
 * A link `l` as the view sees it (`v`): the workspaces behind it that it sees (confidence counts
 * these) and their last sighting (confidence decays from it); none seen, no link.
 */
export function linkAsSeen(view: GraphView) {
  if (view.all) return sql`cross join lateral (select l.sources, l.last_seen_at) v`;
  return sql`cross join lateral (
      select count(distinct s.workspace_id)::int as sources, max(s.last_seen_at) as last_seen_at from link_sources s
      where s.a_id = l.a_id and s.b_id = l.b_id${visibleWorkspace(view, sql`s.workspace_id`)}) v`;
}

/** Identifiers the caller named, found by their canonical value or (emails) by any digest. */
export async function findIdentifiers(db: Executor, keys: IdentifierKey[]): Promise<Row[]> {
  if (keys.length === 0) return [];
  const md5 = keys.flatMap((k) => (k.kind === 'email' && k.md5 ? [k.md5] : []));
  const sha1 = keys.flatMap((k) => (k.kind === 'email' && k.sha1 ? [k.sha1] : []));
  // Three index-backed branches (kind+value, md5, sha1); an OR across them plans as a scan.
  // Canonical rows (keyed by SHA-256) come before `md5:`/`sha1:` placeholders of the same email.
  const result = await executePrepared<Row>(
    db,
    sql`
    select * from (
      ${SELECT} where (kind, value) in (
        select * from unnest(${param(keys.map((k) => k.kind))}::text[], ${param(keys.map((k) => k.value))}::text[]))
      union
      ${SELECT} where kind = 'email' and md5 = any(${param(md5)}::text[])
      union
      ${SELECT} where kind = 'email' and sha1 = any(${param(sha1)}::text[])
    ) found
    order by (value ~ '^(md5|sha1):'), id`,
  );
  return result.rows;
}

/**
 * The resolved person behind the matched identifiers: every identifier of their clusters
 * (hubs do not expand), the attributes linked to them, confidences along the links, the
 * caller's own cleartexts, and profile records. `found` are identifiers the matched ones led
 * to (a name at an address: personAtAddress); their confidence comes along the links.
 */
export async function loadPerson(
  db: Executor,
  workspaceId: string,
  matched: Row[],
  now: Date,
  found: Row[] = [],
  view: GraphView = FULL_VIEW,
): Promise<PersonFacts> {
  const resolved = [...matched, ...found];
  const persons = [...new Set(resolved.flatMap((r) => (r.person_id && !r.is_hub ? [r.person_id] : [])))];
  // A partial view (some workspace does not share) takes the cluster over the links it sees.
  const members = !view.all
    ? await visibleClusterMembers(db, view, resolved)
    : persons.length
      ? (await executePrepared<Row>(db, sql`${SELECT} where person_id = any(${param(persons)}::text[])`)).rows
      : [];
  const core = new Map<string, Row>([...members, ...resolved].map((r) => [r.id, r]));
  // Expand only from identifiers that identify a person: a matched common name or shared NAT
  // address would otherwise pull in every link it has.
  const coreIds = [...core.values()].filter((r) => isMergingKind(r.kind) && !r.is_hub).map((r) => r.id);
  const links = (
    await executePrepared<{ a_id: string; b_id: string; sources: number; last_seen_at: Date }>(
      db,
      sql`
      select l.a_id, l.b_id, v.sources, v.last_seen_at from identifier_links l ${linkAsSeen(view)}
      where (l.a_id = any(${param(coreIds)}::text[]) or l.b_id = any(${param(coreIds)}::text[]))${view.all ? sql`` : sql` and v.sources > 0`}`,
    )
  ).rows;
  const attributeIds = [...new Set(links.flatMap((l) => [l.a_id, l.b_id]).filter((id) => !core.has(id)))];
  const attributes = attributeIds.length
    ? await applyView(
        db,
        view,
        (
          await executePrepared<Row>(
            db,
            sql`${SELECT} where id = any(${param(attributeIds)}::text[]) and kind in ('name', 'address', 'ip', 'employment')`,
          )
        ).rows,
      )
    : [];
  const all = [...core.values(), ...attributes];
  const allIds = new Set(all.map((r) => r.id));
  const confidence = propagateConfidence(
    matched.map((r) => r.id),
    links
      .filter((l) => allIds.has(l.a_id) && allIds.has(l.b_id))
      .map((l) => ({
        a: l.a_id,
        b: l.b_id,
        confidence: linkConfidence(l.sources, new Date(l.last_seen_at).getTime(), now.getTime()),
      })),
  );
  const emailIds = all.filter((r) => r.kind === 'email').map((r) => r.id);
  const cleartexts = new Map<string, string>();
  if (emailIds.length > 0) {
    const secret = serverSecret();
    const sealed = await executePrepared<{ identifier_id: string; sealed: string }>(
      db,
      sql`
      select identifier_id, sealed from email_cleartexts
      where workspace_id = ${workspaceId} and identifier_id = any(${param(emailIds)}::text[])`,
    );
    for (const row of sealed.rows) cleartexts.set(row.identifier_id, unseal(secret, row.sealed));
  }
  const profileIds = all.filter((r) => r.kind === 'profile').map((r) => r.id);
  const profiles = new Map<string, ProfileFacts>();
  if (profileIds.length > 0) {
    const records = await db.execute<{
      identifier_id: string;
      service: string;
      handle: string;
      created_at: Date | null;
      followers: number | null;
      following: number | null;
      country: string | null;
    }>(sql`select identifier_id, service, handle, created_at, followers, following, country from profile_records
           where identifier_id = any(${param(profileIds)}::text[])${visibleWorkspace(view, sql`workspace_id`)}
           order by updated_at, workspace_id`);
    // One record per reporting workspace, oldest first: the newest one is kept.
    for (const r of records.rows) {
      profiles.set(r.identifier_id, {
        service: r.service,
        handle: r.handle,
        createdAtMs: r.created_at ? new Date(r.created_at).getTime() : null,
        followers: r.followers,
        following: r.following,
        country: r.country,
      });
    }
  }
  return { identifiers: all.map(toGraph), confidence, cleartexts, profiles };
}

export type { Row as IdentifierMatch };
