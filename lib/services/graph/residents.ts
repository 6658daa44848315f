import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import { hasName, hasPostalAddress } from '@/lib/engine/checks/input-presence';
import { isMergingKind } from '@/lib/engine/graph/identifier-keys';
import { nameForms } from '@/lib/engine/graph/name-forms';
import type { NormalizedRequest } from '@/lib/engine/types';
import { byId, linkedNameKeys, type NameLinkRow, neighbours } from './facts-query';
import { graphKeys } from './keys';
import { type IdentifierMatch, SELECT } from './person';
import { applyView, clusterJoin, FULL_VIEW, type GraphView, visibleIdentifier } from './view';

const param = (values: unknown[]) => sql.param(values);

/** Who lives at the request's address by its name, and the names seen there (NameLinkRow). */
export interface AddressResidents {
  /** The non-hub residents known by a form of the request's name. */
  named: IdentifierMatch[];
  /** The distinct names at the address and whether the request's is among them; null: not read. */
  names: NameLinkRow | null;
}

const NOBODY: AddressResidents = { named: [], names: null };

/**
 * A name at a full postal address is a person lookup (interface input rules 4 and 5): when a
 * request names no email, phone, SSN or profile the graph knows, its person is whoever the graph
 * holds under that name at that address. Names and addresses are attributes, linked to merging
 * identifiers and never to each other: the answer is the non-hub emails, phones, SSNs and
 * profiles linked to the address whose own identifiers or cluster are linked to a form of the
 * name (nameForms). Links are read by their primary key (a_id) and identifier_links_b_idx (b_id),
 * up to NEIGHBOUR_CAP per side (as the facts query reads the address's names): a mail drop or a
 * dorm shared by 100,000 costs what one of a few hundred does (issue 35), and a person among
 * the sharers past the cap is found by their own email, phone, SSN or profile instead.
 * The same walk counts the names at the address, which the facts query then need not read again.
 */
export async function residentsAtAddress(
  tx: Executor,
  input: NormalizedRequest,
  matched: readonly IdentifierMatch[],
  view: GraphView = FULL_VIEW,
): Promise<AddressResidents> {
  if (matched.some((row) => isMergingKind(row.kind))) return NOBODY;
  if (!hasName(input) || !hasPostalAddress(input.location)) return NOBODY;
  // The current address, not a session's earlier one.
  const key = graphKeys({ ...input, sessionValues: undefined }).find((k) => k.kind === 'address');
  const address = matched.find((row) => row.kind === 'address' && row.value === key?.value);
  if (address === undefined) return NOBODY;
  const result = await tx.execute<ResidentRow>(residentsNamedQuery(address.id, nameForms(input.name), view));
  const first = result.rows[0];
  const names = { names: first?.address_names ?? 0, inputNameLinked: first?.address_name_linked ?? false };
  const rows = result.rows.flatMap(({ address_names: _n, address_name_linked: _l, ...row }) =>
    row.id === null ? [] : [row as IdentifierMatch],
  );
  return { named: await applyView(tx, view, rows), names };
}

/** personAtAddress's answer alone (Signals). */
export async function personAtAddress(
  tx: Executor,
  input: NormalizedRequest,
  matched: readonly IdentifierMatch[],
  view: GraphView = FULL_VIEW,
): Promise<IdentifierMatch[]> {
  return (await residentsAtAddress(tx, input, matched, view)).named;
}

/** A row of residentsNamedQuery: a named resident (id null when none) and the address's names. */
type ResidentRow = Omit<IdentifierMatch, 'id'> & {
  id: string | null;
  address_names: number;
  address_name_linked: boolean;
};

/**
 * The statement residentsAtAddress runs: the non-hub residents of an address known by a name
 * form, each beside the count of distinct names at the address and whether a form is among them
 * (one row with a null id when nobody is).
 */
export function residentsNamedQuery(
  addressId: string,
  names: readonly string[],
  view: GraphView = FULL_VIEW,
): SQL {
  const forms = sql`${param([...names])}::text[]`;
  // Each member's names by linkedNameKeys, never from the names: PostgreSQL started from them
  // whenever its statistics lagged the graph (a hub grown since the last ANALYZE): 15 on CI's
  // Debian run, and 18 here, where it scanned every name once per member, 5,000 names 500 times
  // at a 5,000-sharer address (issue 35).
  return sql`
    with neighbours as (${neighbours(addressId, view)}),
    residents as (
      select n.id, n.person_id from neighbours nb cross join lateral ${byId('nb.id')} n
      where not n.is_hub and n.kind in ('email', 'phone', 'ssn', 'profile')),
    members as (
      select r.id, r.id as resident from residents r
      union
      select m.id, r.id from residents r ${clusterJoin(view, 'r', 'm')}
      where true${visibleIdentifier(view, 'm')}),
    keys as (select mb.resident, nk.key from members mb cross join ${linkedNameKeys('mb.id', view)} nk),
    named as (select distinct resident from keys where key = any(${forms}))
    select found.*, counted.address_names, counted.address_name_linked
    from (select count(distinct key)::int as address_names,
                 coalesce(bool_or(key = any(${forms})), false) as address_name_linked from keys) counted
    left join (${SELECT} where id = any(array(select resident from named))) found on true
    order by found.id`;
}
