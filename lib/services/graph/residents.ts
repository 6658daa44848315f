import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import { executePrepared } from '@/lib/db/prepared';
import { hasName, hasPostalAddress } from '@/lib/engine/checks/input-presence';
import { isMergingKind } from '@/lib/engine/graph/identifier-keys';
import { nameForms } from '@/lib/engine/graph/name-forms';
import type { NormalizedRequest } from '@/lib/engine/types';
import { addressWalk, type NameLinkRow, namedPastSample, withNamePastSample } from './facts-query';
import { graphKeys } from './keys';
import { type IdentifierMatch, SELECT } from './person';
import { applyView, FULL_VIEW, type GraphView } from './view';

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
 * name (nameForms). addressWalk reads the address's first HUB_SAMPLE links per side and, past
 * them, namedPastSample the name's bearers, so a mail drop or a dorm shared by 100,000 costs what one of a few
 * dozen does (issue 35) and still finds the person by name. The same walk counts the names at
 * the address, which the facts query then need not read again.
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
  // Prepared: it plans (about 1 ms) for about as long as it runs at a hub.
  const forms = nameForms(input.name);
  const result = await executePrepared<ResidentRow>(tx, residentsNamedQuery(address.id, forms, view));
  const first = result.rows[0];
  const sample = {
    names: first?.address_names ?? 0,
    inputNameLinked: first?.address_name_linked ?? false,
    sampled: first?.address_sampled ?? false,
  };
  const rows = result.rows.flatMap(
    ({ address_names: _n, address_name_linked: _l, address_sampled: _s, name_known: _k, ...row }) =>
      row.id === null ? [] : [row as IdentifierMatch],
  );
  // Past the sample, the residents who bear the name are found from the name's side.
  const found = new Set(rows.map((row) => row.id));
  const past =
    sample.sampled && first?.name_known === true
      ? (await namedPastSample(tx, address.id, forms, view)).filter((id) => !found.has(id))
      : [];
  if (past.length > 0) {
    const more = await tx.execute<IdentifierMatch>(
      sql`${SELECT} where id = any(${param(past)}::text[]) order by id`,
    );
    rows.push(...more.rows);
  }
  return { named: await applyView(tx, view, rows), names: withNamePastSample(sample, past.length > 0) };
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
  address_sampled: boolean;
  name_known: boolean;
};

/**
 * The statement residentsAtAddress runs: the non-hub residents of an address known by a name
 * form, each beside the count of distinct names at the address and whether a form is among them
 * (one row with a null id when nobody is): addressWalk, which the facts query counts with too.
 */
export function residentsNamedQuery(
  addressId: string,
  names: readonly string[],
  view: GraphView = FULL_VIEW,
): SQL {
  const forms = sql`${param([...names])}::text[]`;
  return sql`
    with ${addressWalk(addressId, forms, view)}
    select found.*, c.names as address_names, c.linked as address_name_linked, c.sampled as address_sampled,
           c.name_known
    from counted c
    left join (${SELECT} where id = any(array(select resident from named))) found on true
    order by found.id`;
}
