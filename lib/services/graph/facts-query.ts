import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import { executePrepared } from '@/lib/db/prepared';
import type { StreetKey } from '@/lib/engine/geo/street-key';
import type { BreachFacts } from '@/lib/engine/graph/facts';
import {
  clusterJoin,
  FULL_VIEW,
  type GraphView,
  personKey,
  visibleIdentifier,
  visibleLink,
  visibleWorkspace,
} from './view';

const param = (values: unknown[]) => sql.param(values);

/** Epoch milliseconds of a timestamptz, as a JSON number. */
const ms = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::bigint`;

/** The comparison key of a stored name `given|middle|family` (nameForms in the engine). */
export const nameKey = (column: SQL) =>
  sql`split_part(${column}, '|', 1) || '|' || split_part(${column}, '|', 3)`;

/** One email, phone, SSN or profile of the resolved identity, with its profile record if any. */
export interface IdentityRow {
  kind: string;
  /** The identity cluster the identifier belongs to. */
  person: string | null;
  firstSeenMs: number;
  observations: number;
  hub: boolean;
  service: string | null;
  createdAtMs: number | null;
  country: string | null;
}

export interface PhoneRecordRow {
  phone: string;
  observedAtMs: number;
  lineType: string;
  carrier: string | null;
  dno: string | null;
}

export interface NameLinkRow {
  names: number;
  inputNameLinked: boolean;
}

export interface SsnRow extends NameLinkRow {
  persons: number;
}

// A type, not an interface: execute() wants a Record<string, unknown>.
export type FactsRow = {
  identity: IdentityRow[];
  breaches: BreachFacts[];
  phone_records: PhoneRecordRow[];
  ssn: SsnRow;
  address: NameLinkRow;
  /** Stored name values (`given|middle|family`) linked to the identity's non-hub identifiers. */
  names: string[];
  /** Stored address values (`line1|line2|city|region|postal|country`) linked to them. */
  locations: string[];
  /** Units stored at the input's street; null when not counted (no street, or it names a unit). */
  units: number | null;
  /** 1 when the view holds any breach record at all (so "no breach" is an answer), else 0. */
  breach_records: number;
};

export interface FactsQuery {
  /** The input's email, phone, SSN and profile identifiers found in the graph. */
  merging: string[];
  /** Their clusters (hubs' excepted). */
  persons: string[];
  phones: string[];
  ssnId: string | null;
  addressId: string | null;
  /** The input name's comparison keys. */
  nameForms: string[];
  /** The input's street address without a unit, to count the units stored there. */
  street?: StreetKey | null;
  /** A joined session's start: identifiers first seen since then were unseen before it. */
  asOf?: Date | null;
  /** The caller's view of the graph (a non-sharing workspace's contributions left out). */
  view?: GraphView;
  /** In a partial view, which of `merging` are hubs by the links it sees (applyView). */
  hubs?: readonly string[];
  /** The address's names when already read (residentsAtAddress): not read again. */
  addressNames?: NameLinkRow | null;
}

/**
 * Most links read per side of an SSN or an address: a mail drop or a leaked SSN is linked to
 * thousands, and more than this many says all the checks need (several names, several
 * people) while the query stays the same size however far the graph grows.
 */
export const NEIGHBOUR_CAP = 250;

/**
 * The identifiers linked to one, up to NEIGHBOUR_CAP per side (links are stored once per pair,
 * a < b): each side is one capped range of an index that holds the other end in order (the
 * primary key (a_id, b_id), identifier_links_b_idx (b_id, a_id)), so the read is the same size at
 * 10 and at 100,000 sharers. The order is what makes it so: without it, the planner, knowing a hub
 * has many links, scans the table until it has found enough, or reads the whole hub's index range.
 */
export function neighbours(id: string | null, view: GraphView): SQL {
  return sql`
      (select l.b_id as id from identifier_links l where l.a_id = ${id}${visibleLink(view, 'l')}
       order by l.b_id limit ${NEIGHBOUR_CAP})
      union all
      (select l.a_id from identifier_links l where l.b_id = ${id}${visibleLink(view, 'l')}
       order by l.a_id limit ${NEIGHBOUR_CAP})`;
}

/**
 * One identifier by its primary key, as a lateral: `<ids> cross join lateral ${byId('nb.id')} n`.
 * A lateral subquery with a limit is never flattened into a join, so the planner cannot read the
 * identifiers first (every email, every name) and hash them against a hub's capped neighbours,
 * which it does when its statistics lag a hub grown since the last ANALYZE (issue 35).
 */
export const byId = (id: string) =>
  sql`(select i.id, i.kind, i.value, i.person_id, i.is_hub from identifiers i where i.id = ${sql.raw(id)} limit 1)`;

/**
 * The keys of the names linked to the identifier in column `id`, as a lateral: its own links one
 * direction at a time on their indexes, each other end by its primary key (byId). With `offset 0`
 * it is never pulled up into a join, so no plan may start from the names: a name is one identifier
 * shared by all who bear it, and a read from it reads every holder of a common one (issue 35).
 */
export const linkedNameKeys = (id: string, view: GraphView) => {
  const self = sql.raw(id);
  return sql`lateral (
        select ${nameKey(sql`x.value`)} as key from identifier_links l cross join lateral ${byId('l.b_id')} x
        where l.a_id = ${self} and x.kind = 'name'${visibleLink(view, 'l')}
        union all
        select ${nameKey(sql`x.value`)} from identifier_links l cross join lateral ${byId('l.a_id')} x
        where l.b_id = ${self} and x.kind = 'name'${visibleLink(view, 'l')}
        offset 0)`;
};

/**
 * Names linked to an SSN, and the clusters of the non-hub emails, phones and profiles linked to
 * it. Links are stored once per pair (a < b): the primary key serves a_id, identifier_links_b_idx b_id.
 */
function ssnLinks(ssnId: string | null, forms: SQL, view: GraphView): SQL {
  return sql`(
    with neighbours as (${neighbours(ssnId, view)})
    select json_build_object(
      'names', count(distinct ${nameKey(sql`n.value`)}) filter (where n.kind = 'name'),
      'inputNameLinked', coalesce(bool_or(${nameKey(sql`n.value`)} = any(${forms})) filter (where n.kind = 'name'), false),
      'persons', count(distinct ${personKey(view, 'n')})
                 filter (where n.kind in ('email', 'phone', 'profile') and not n.is_hub))
    from neighbours nb cross join lateral ${byId('nb.id')} n)`;
}

/**
 * Names of the people seen at an address: names and addresses are never linked to each other
 * (attributes link only to emails, phones, SSNs and profiles), so the way goes through the
 * identities linked to the address and the names linked to them. Hubs are nobody's own.
 */
function addressNames(addressId: string | null, forms: SQL, view: GraphView): SQL {
  return sql`(
    with neighbours as (${neighbours(addressId, view)}),
    near as (
      select n.id, n.kind, n.person_id from neighbours nb cross join lateral ${byId('nb.id')} n
      where not n.is_hub),
    residents as (
      select n.id from near n where n.kind in ('email', 'phone', 'ssn', 'profile')
      union
      select m.id from near n ${clusterJoin(view, 'n', 'm')}
      where true${visibleIdentifier(view, 'm')}),
    names as (select distinct nk.key from residents r cross join ${linkedNameKeys('r.id', view)} nk)
    select json_build_object('names', count(*), 'inputNameLinked', coalesce(bool_or(key = any(${forms})), false))
    from names)`;
}

/**
 * Distinct units (line 2) stored at a street address. Address keys read `line1|line2|city|region|
 * postal|country`, so one street's keys share the prefix `line1|` and lie in [`line1|`, `line1}`)
 * on identifiers_kind_value_idx under a code-point collation (C, C.UTF-8). A linguistic collation
 * may leave some out of that range, which only under-counts. Region is not compared: it may be a
 * code or a name.
 */
function addressUnits(street: StreetKey | null | undefined, view: GraphView): SQL {
  if (!street) return sql`null::int`;
  const line2 = sql`split_part(value, '|', 2)`;
  const same = (index: number, wanted: string) =>
    wanted === ''
      ? sql`true`
      : sql`left(split_part(value, '|', ${index}::int), ${wanted.length}::int) = ${wanted}`;
  return sql`(
    select count(distinct ${line2})::int from identifiers
    where kind = 'address' and value >= ${`${street.line1}|`} and value < ${`${street.line1}}`}
      and ${line2} <> '' and ${same(3, street.city)} and ${same(5, street.postal)} and ${same(6, street.country)}${visibleIdentifier(view, 'identifiers')})`;
}

/** 1 when the view holds any breach record at all, else 0. */
export const anyBreach = (view: GraphView) =>
  sql`(select count(*)::int from (select 1 from breaches where true${visibleWorkspace(view, sql`workspace_id`)} limit 1) b)`;

/** Most names (and addresses) of the identity read: a person has a few; a long tail is noise. */
export const IDENTITY_NAME_LIMIT = 20;

/**
 * Values of one kind (names, addresses) linked to the identity's own identifiers (hubs are
 * nobody's own), read through the links' primary key (a_id) and identifier_links_b_idx (b_id).
 * Over-long values are stored as digests (boundedValue) and cannot be read, so they are left out.
 */
const identityLinked = (kind: 'name' | 'address', view: GraphView) => sql`(
    select coalesce(json_agg(n.value order by n.value), '[]'::json) from (
      select distinct x.value from (
        select l.b_id as id from identity d join identifier_links l on l.a_id = d.id
        where not d.is_hub${visibleLink(view, 'l')}
        union
        select l.a_id from identity d join identifier_links l on l.b_id = d.id
        where not d.is_hub${visibleLink(view, 'l')}) nb
      cross join lateral ${byId('nb.id')} x
      where x.kind = ${kind} and x.value not like 'sha256:%'
      order by x.value limit ${IDENTITY_NAME_LIMIT}) n)`;

/**
 * The identifiers the identity reads: the table itself, or in a partial view its rows with
 * first seen and observations from the visible contributions (none: not there at all), and
 * hubs by the view's own count (`hubs`).
 */
function identitySource(view: GraphView, hubs: readonly string[]): SQL {
  if (view.all) return sql`identifiers`;
  return sql`(
      select i.id, i.kind, i.value, i.person_id, i.id = any(${param([...hubs])}::text[]) as is_hub,
             v.first_seen_at, v.observations
      from identifiers i cross join lateral (
        select coalesce(min(c.first_seen_at) filter (where c.observations > 0), min(c.first_seen_at)) as first_seen_at,
               coalesce(sum(c.observations), 0)::int as observations, count(*) as shares
        from identifier_contributions c
        where c.identifier_id = i.id${visibleWorkspace(view, sql`c.workspace_id`)}) v
      where v.shares > 0) visible`;
}

/**
 * Everything gatherFacts needs beyond the matched identifiers, in one round trip: the identity
 * (its identifiers, profile records and linked names), its breaches, the input phones' carrier records, and
 * the SSN's and address's neighbourhoods. Each part reads by an index: identifiers by primary
 * key or identifiers_person_idx, breaches and profile_records by their primary keys, phone_records
 * by its primary key's leading phone column, links by their primary key and identifier_links_b_idx.
 */
export async function queryFacts(tx: Executor, query: FactsQuery): Promise<FactsRow> {
  const result = await executePrepared<FactsRow>(tx, factsQuery(query));
  const row = result.rows[0];
  if (row === undefined) throw new Error('the facts query returned no row');
  return row;
}

/** The statement queryFacts runs (tests read its plan: the same work at 10 and 100,000 sharers). */
export function factsQuery(query: FactsQuery): SQL {
  const forms = sql`${param(query.nameForms)}::text[]`;
  const view = query.view ?? FULL_VIEW;
  return sql`
    with identity as materialized (
      -- Only whether observations > 0 is read: first seen since asOf is unseen as of then.
      select id, kind, value, person_id, first_seen_at, is_hub,
             case when first_seen_at >= ${query.asOf?.toISOString() ?? null}::timestamptz then 0 else observations end
               as observations
      from ${identitySource(view, query.hubs ?? [])}
      where id = any(${param(query.merging)}::text[]) or person_id = any(${param(query.persons)}::text[]))
    select
      (select coalesce(json_agg(json_build_object(
          'kind', d.kind, 'person', d.person_id, 'firstSeenMs', ${ms(sql`d.first_seen_at`)}, 'observations', d.observations, 'hub', d.is_hub,
          'service', case when d.kind = 'profile' then coalesce(p.service, split_part(d.value, ':', 1)) end,
          'createdAtMs', ${ms(sql`p.created_at`)}, 'country', p.country)), '[]'::json)
       from identity d left join lateral (
         -- One record per reporting workspace: the newest speaks for the profile.
         select service, created_at, country from profile_records r
         where r.identifier_id = d.id${visibleWorkspace(view, sql`r.workspace_id`)} order by r.updated_at desc, r.workspace_id limit 1) p on true) as identity,
      (select coalesce(json_agg(json_build_object('breach', b.breach, 'breachedAtMs', ${ms(sql`b.at`)})
                                order by b.at desc, b.breach), '[]'::json)
       from (select breach, max(breached_at) as at from breaches
             where identifier_id in (select id from identity)${visibleWorkspace(view, sql`workspace_id`)}
             group by breach) b) as breaches,
      (select coalesce(json_agg(json_build_object(
          'phone', r.phone, 'observedAtMs', ${ms(sql`r.observed_at`)}, 'lineType', r.line_type,
          'carrier', nullif(r.carrier, ''), 'dno', r.dno) order by r.phone, r.observed_at, r.carrier), '[]'::json)
       from (select distinct phone, observed_at, line_type, carrier, dno from phone_records
             where phone = any(${param(query.phones)}::text[])${visibleWorkspace(view, sql`workspace_id`)}) r) as phone_records,
      ${identityLinked('name', view)} as names,
      ${identityLinked('address', view)} as locations,
      ${ssnLinks(query.ssnId, forms, view)} as ssn,
      ${
        query.addressNames
          ? sql`json_build_object('names', ${query.addressNames.names}::int, 'inputNameLinked', ${query.addressNames.inputNameLinked}::boolean)`
          : addressNames(query.addressId, forms, view)
      } as address,
      ${addressUnits(query.street, view)} as units,
      ${anyBreach(view)} as breach_records`;
}
