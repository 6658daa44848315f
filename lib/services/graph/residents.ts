import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import { hasName, hasPostalAddress } from '@/lib/engine/checks/input-presence';
import { isMergingKind } from '@/lib/engine/graph/identifier-keys';
import { nameForms } from '@/lib/engine/graph/name-forms';
import type { NormalizedRequest } from '@/lib/engine/types';
import { byId, nameKey, neighbours } from './facts-query';
import { graphKeys } from './keys';
import { type IdentifierMatch, SELECT } from './person';
import { applyView, clusterJoin, FULL_VIEW, type GraphView, visibleIdentifier, visibleLink } from './view';

const param = (values: unknown[]) => sql.param(values);

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
 */
export async function personAtAddress(
  tx: Executor,
  input: NormalizedRequest,
  matched: readonly IdentifierMatch[],
  view: GraphView = FULL_VIEW,
): Promise<IdentifierMatch[]> {
  if (matched.some((row) => isMergingKind(row.kind))) return [];
  if (!hasName(input) || !hasPostalAddress(input.location)) return [];
  // The current address, not a session's earlier one.
  const key = graphKeys({ ...input, sessionValues: undefined }).find((k) => k.kind === 'address');
  const address = matched.find((row) => row.kind === 'address' && row.value === key?.value);
  if (address === undefined) return [];
  const result = await tx.execute<IdentifierMatch>(
    residentsNamedQuery(address.id, nameForms(input.name), view),
  );
  return applyView(tx, view, result.rows);
}

/** The statement personAtAddress runs: the non-hub residents of an address known by a name form. */
export function residentsNamedQuery(
  addressId: string,
  names: readonly string[],
  view: GraphView = FULL_VIEW,
): SQL {
  const forms = sql`${param([...names])}::text[]`;
  // Each member's own links, one member at a time (a lateral subquery with a limit is never
  // flattened or hashed), and each link's other end looked up by its primary key in a scalar
  // subquery, which PostgreSQL never turns into a join: no plan may start from the name. A name is
  // one identifier shared by all who bear it, so a read that starts from the name reads every
  // holder of a common one, and PostgreSQL chose so whenever its statistics lagged the graph (a
  // hub grown since the last ANALYZE): 15 on CI's Debian run, and 18 here, where it scanned every
  // name once per member, 5,000 names 500 times at a 5,000-sharer address (issue 35).
  const isName = (end: string) =>
    sql`(select x.kind = 'name' and ${nameKey(sql`x.value`)} = any(${forms}) from identifiers x where x.id = ${sql.raw(end)})`;
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
    named as (
      select mb.resident from members mb cross join lateral (
        (select 1 from identifier_links l
         where l.a_id = mb.id${visibleLink(view, 'l')} and ${isName('l.b_id')} limit 1)
        union all
        (select 1 from identifier_links l
         where l.b_id = mb.id${visibleLink(view, 'l')} and ${isName('l.a_id')} limit 1)
        limit 1) hit)
    ${SELECT} where id = any(array(select resident from named)) order by id`;
}
