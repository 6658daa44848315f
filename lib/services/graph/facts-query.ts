import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import { executePrepared } from '@/lib/db/prepared';
import type { StreetKey } from '@/lib/engine/geo/street-key';
import type { BreachFacts } from '@/lib/engine/graph/facts';
import { HUB_LINK_LIMIT } from './observe';
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
  /** The counts are of a sample (HUB_SAMPLE links a side were read): there are at least so many. */
  sampled: boolean;
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
  /** Whether a name is stored under one of the request's name forms (nameKnown). */
  name_known: boolean;
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
 * Most links read per side when walking out from a name to the people who bear it (a common name
 * is shared by thousands): bounded however far the graph grows.
 */
export const NEIGHBOUR_CAP = 250;

/**
 * Links read per side to count the names and people at a street address or on an SSN: the whole
 * neighbourhood up to twice HUB_LINK_LIMIT (the links past which an email or a phone is a hub),
 * so the counts are exact for a household, a building or a ring of a few dozen, and a sample of
 * that size past it. Whether the request's own name is among them is
 * then asked from the name's side (nameIds), so a sample never misses it. The reads of a Verify at
 * a hub are so the same size at 30 and at 100,000 sharers (issue 35).
 */
export const HUB_SAMPLE = 2 * HUB_LINK_LIMIT;

/**
 * The identifiers linked to one, up to `cap` per side (links are stored once per pair, a < b):
 * each side is one capped range of an index that holds the other end in order (the primary key
 * (a_id, b_id), identifier_links_b_idx (b_id, a_id)). In the full view the function
 * graph_neighbours (migration 0042) reads them with planner settings that leave it no other plan:
 * inline, a hub grown since the last ANALYZE was planned as a bitmap of its whole index range and
 * a sort. `id` is a value, or with `column` a column of the calling query (a lateral).
 */
export function neighbours(id: string | null, view: GraphView, cap: number = HUB_SAMPLE): SQL {
  return neighboursOf(sql`${id}::text`, view, cap);
}

/** neighbours() of an SQL expression (a column of the calling query, as a lateral). */
export function neighboursOf(id: SQL, view: GraphView, cap: number): SQL {
  if (view.all) return sql`select nb.id from graph_neighbours(${id}, ${cap}::int) nb(id)`;
  return sql`
      (select l.b_id as id from identifier_links l where l.a_id = ${id}${visibleLink(view, 'l')}
       order by l.b_id limit ${cap}::int)
      union all
      (select l.a_id from identifier_links l where l.b_id = ${id}${visibleLink(view, 'l')}
       order by l.a_id limit ${cap}::int)`;
}

/**
 * The name identifiers whose comparison key is one of `forms` (identifiers_name_key_idx): every
 * stored form of the request's name, middle names and order aside.
 */
export const nameIds = (forms: SQL, view: GraphView) =>
  sql`select ni.id from identifiers ni
      where ni.kind = 'name' and ${nameKey(sql`ni.value`)} = any(${forms})${visibleIdentifier(view, 'ni')}`;

/**
 * Whether any name is stored under one of `forms`: when none is (a new applicant's), nothing past
 * a sample can bear it, and the name's side is not asked.
 */
export const nameKnown = (forms: SQL, view: GraphView) => sql`exists (${nameIds(forms, view)})`;

/**
 * Whether the identifiers <a> and <b> are linked, whichever is stored first: two primary-key
 * probes. `offset 0` keeps each a probe per row: pulled up into a semi-join, PostgreSQL hashed a
 * sequential scan of identifier_links instead.
 */
const linked = (a: SQL, b: SQL, view: GraphView) =>
  sql`(exists (select 1 from identifier_links pl where pl.a_id = ${a} and pl.b_id = ${b}${visibleLink(view, 'pl')} offset 0)
       or exists (select 1 from identifier_links pl where pl.a_id = ${b} and pl.b_id = ${a}${visibleLink(view, 'pl')} offset 0))`;

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
 * it, counted in its first HUB_SAMPLE links per side. Past the sample, whether the request's
 * name is linked to it is asked from the name afterwards (ssnNamePastSample).
 */
function ssnLinks(ssnId: string | null, forms: SQL, view: GraphView): SQL {
  return sql`(
    with neighbours as (${neighbours(ssnId, view)})
    select json_build_object(
      'names', count(distinct ${nameKey(sql`n.value`)}) filter (where n.kind = 'name'),
      'inputNameLinked', coalesce(bool_or(${nameKey(sql`n.value`)} = any(${forms})) filter (where n.kind = 'name'), false),
      'persons', count(distinct ${personKey(view, 'n')})
                 filter (where n.kind in ('email', 'phone', 'profile') and not n.is_hub),
      'sampled', count(*) >= ${HUB_SAMPLE}::int)
    from neighbours nb cross join lateral ${byId('nb.id')} n)`;
}

/**
 * The walk over the people at a street address (names and addresses are never linked to each
 * other: attributes link only to emails, phones, SSNs and profiles), as CTEs over the address's
 * first HUB_SAMPLE links per side: `keys` (each resident with the name keys of its cluster),
 * `named` (the residents known by a form of the request's name) and `counted` (the distinct
 * names, whether the request's is among them, and whether the links were a sample). Past the
 * sample, the name's side is asked afterwards (namedPastSample). Hubs are nobody's own.
 */
export function addressWalk(addressId: string | null, forms: SQL, view: GraphView): SQL {
  return sql`
    sample as (${neighbours(addressId, view)}),
    residents as (
      select n.id, n.person_id from sample nb cross join lateral ${byId('nb.id')} n
      where not n.is_hub and n.kind in ('email', 'phone', 'ssn', 'profile')),
    members as (
      select r.id, r.id as resident from residents r
      union
      select m.id, r.id from residents r ${clusterJoin(view, 'r', 'm')}
      where true${visibleIdentifier(view, 'm')}),
    -- Each identifier's names read once, then given to every resident whose cluster holds it:
    -- a household's six identifiers in one cluster are six members, not thirty-six.
    member_keys as materialized (
      select mb.id, nk.key from (select distinct id from members) mb cross join ${linkedNameKeys('mb.id', view)} nk),
    keys as (select mb.resident, mk.key from members mb join member_keys mk on mk.id = mb.id),
    named as (select distinct k.resident from keys k where k.key = any(${forms})),
    counted as (
      select (select count(distinct k.key) from keys k)::int as names,
             exists (select 1 from named) as linked,
             (select count(*) from sample) >= ${HUB_SAMPLE}::int as sampled,
             ${nameKnown(forms, view)} as name_known)`;
}

/**
 * The residents of an address past its sample who bear a form of the request's name, asked from
 * the name's side: the names stored under its forms (identifiers_name_key_idx), their bearers (up
 * to NEIGHBOUR_CAP per side), their clusters, and whether each is linked to the address (two
 * primary-key probes). A name new to the graph costs one index look-up.
 */
export async function namedPastSample(
  tx: Executor,
  addressId: string,
  names: readonly string[],
  view: GraphView,
): Promise<string[]> {
  if (names.length === 0) return [];
  const forms = sql`${param([...names])}::text[]`;
  const address = sql`${addressId}::text`;
  const result = await executePrepared<{ id: string }>(
    tx,
    sql`
    with bearers as (
      select n.id, n.person_id
      from (${nameIds(forms, view)}) ni
      cross join lateral (${neighboursOf(sql`ni.id`, view, NEIGHBOUR_CAP)}) nb
      cross join lateral ${byId('nb.id')} n
      where not n.is_hub and n.kind in ('email', 'phone', 'ssn', 'profile')),
    bearer_members as (
      select b.id from bearers b
      union
      select m.id from bearers b ${clusterJoin(view, 'b', 'm')} where true${visibleIdentifier(view, 'm')})
    select r.id from bearer_members bm cross join lateral ${byId('bm.id')} r
    where not r.is_hub and r.kind in ('email', 'phone', 'ssn', 'profile') and ${linked(sql`r.id`, address, view)}
    order by r.id`,
  );
  return result.rows.map((row) => row.id);
}

/** Whether a form of the request's name is linked to the SSN, asked from the name's side. */
export async function ssnNamePastSample(
  tx: Executor,
  ssnId: string,
  names: readonly string[],
  view: GraphView,
): Promise<boolean> {
  if (names.length === 0) return false;
  const forms = sql`${param([...names])}::text[]`;
  const result = await executePrepared<{ linked: boolean }>(
    tx,
    sql`select exists (select 1 from (${nameIds(forms, view)}) ni where ${linked(sql`ni.id`, sql`${ssnId}::text`, view)}) as linked`,
  );
  return result.rows[0]?.linked === true;
}

/**
 * A sample's name facts completed by the name's side: past the sample the request's name may be
 * there all the same, and is then one more of the names counted.
 */
export function withNamePastSample<T extends NameLinkRow>(facts: T, linkedPastSample: boolean): T {
  return linkedPastSample && !facts.inputNameLinked
    ? { ...facts, names: facts.names + 1, inputNameLinked: true }
    : facts;
}

/** The names at an address and whether the request's is among them (addressWalk). */
function addressNames(addressId: string | null, forms: SQL, view: GraphView): SQL {
  return sql`(
    with ${addressWalk(addressId, forms, view)}
    select json_build_object('names', c.names, 'inputNameLinked', c.linked, 'sampled', c.sampled) from counted c)`;
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
          ? sql`json_build_object('names', ${query.addressNames.names}::int, 'inputNameLinked', ${query.addressNames.inputNameLinked}::boolean,
                                  'sampled', ${query.addressNames.sampled}::boolean)`
          : addressNames(query.addressId, forms, view)
      } as address,
      ${addressUnits(query.street, view)} as units,
      ${anyBreach(view)} as breach_records,
      ${nameKnown(forms, view)} as name_known`;
}
