// How the Lists page groups the imported lists, and which checks read each kind of list.

import type { ListStatus } from '@/lib/contract/console/lists';
import { CHECK_CATALOG, type CheckId } from '@/lib/engine/checks/catalog';

export type { ListStatus };

export interface ListKind {
  category: string;
  label: string;
  checks: readonly CheckId[];
}

export interface ListGroupSpec {
  key: string;
  title: string;
  /** What the checks do while a kind of this group is missing (verb for one check, for several). */
  whenMissing: { one: string; many: string };
  kinds: readonly ListKind[];
}

const SSA_CHECKS: readonly CheckId[] = ['SYNTHETIC_SSN_ISSUE_DATE', 'SYNTHETIC_SSN_BEFORE_BIRTH'];

export const LIST_GROUPS: readonly ListGroupSpec[] = [
  {
    key: 'sanctions',
    title: 'Sanctions lists',
    whenMissing: {
      one: 'answers UNKNOWN (awaiting the list) until it is imported',
      many: 'answer UNKNOWN (awaiting their lists) until those are imported',
    },
    kinds: [
      { category: 'sanctions:OFAC', label: 'OFAC', checks: ['IDENTITY_OFAC_LIST'] },
      { category: 'sanctions:UN', label: 'UN', checks: ['IDENTITY_UN_SANCTION_LIST'] },
      { category: 'sanctions:EU', label: 'EU', checks: ['IDENTITY_EU_SANCTION_LIST'] },
      { category: 'sanctions:UK', label: 'UK', checks: ['IDENTITY_UK_SANCTION_LIST'] },
      { category: 'sanctions:CA', label: 'Canada', checks: ['IDENTITY_CA_SANCTION_LIST'] },
    ],
  },
  {
    key: 'ip',
    title: 'IP lists',
    whenMissing: {
      one: 'cannot answer TOR, PRIVACY_RELAY, VPN or DATA_CENTER for the addresses of a missing list',
      many: 'cannot answer TOR, PRIVACY_RELAY, VPN or DATA_CENTER for the addresses of a missing list',
    },
    kinds: [
      { category: 'tor', label: 'Tor exits', checks: ['IP_TYPE'] },
      { category: 'privacy-relay', label: 'iCloud Private Relay', checks: ['IP_TYPE'] },
      { category: 'vpn', label: 'VPN', checks: ['IP_TYPE'] },
      { category: 'datacenter', label: 'Data center', checks: ['IP_TYPE'] },
    ],
  },
  {
    key: 'ssa',
    title: 'SSA tables',
    whenMissing: {
      one: 'answers UNKNOWN (awaiting the SSA tables) until they are imported',
      many: 'answer UNKNOWN (awaiting the SSA tables) until they are imported',
    },
    kinds: [
      { category: 'ssa-high-group', label: 'High groups', checks: SSA_CHECKS },
      { category: 'ssa-area', label: 'Areas', checks: SSA_CHECKS },
    ],
  },
];

export const checkName = (id: CheckId): string => CHECK_CATALOG[id].name;

export interface GroupedLists {
  spec: ListGroupSpec;
  lists: (ListStatus & { kind: string })[];
  /** Kinds of the group with no imported list. */
  missing: ListKind[];
}

/** The lists sorted into the known groups (unknown categories in an "Other lists" group). */
export function groupLists(lists: readonly ListStatus[]): GroupedLists[] {
  const known = new Set(LIST_GROUPS.flatMap((group) => group.kinds.map((kind) => kind.category)));
  const groups: GroupedLists[] = LIST_GROUPS.map((spec) => {
    const order = spec.kinds.map((kind) => kind.category);
    const members = lists
      .filter((list) => order.includes(list.category))
      .sort((a, b) => order.indexOf(a.category) - order.indexOf(b.category) || a.name.localeCompare(b.name))
      .map((list) => ({
        ...list,
        kind: spec.kinds.find((kind) => kind.category === list.category)?.label ?? list.category,
      }));
    const missing = spec.kinds.filter((kind) => !members.some((list) => list.category === kind.category));
    return { spec, lists: members, missing };
  });
  const other = lists.filter((list) => !known.has(list.category));
  if (other.length > 0) {
    groups.push({
      spec: { key: 'other', title: 'Other lists', whenMissing: { one: '', many: '' }, kinds: [] },
      lists: other.map((list) => ({ ...list, kind: list.category })),
      missing: [],
    });
  }
  return groups;
}
