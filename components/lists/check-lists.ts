// Which reference lists a check read, how old each is, and whether the check is only waiting for
// one: the results and the case report show this beside a check, from the Lists endpoint's data,
// so the Verify response itself does not change.
import { isAwaitingCheck } from '@/lib/engine/checks/make-check';
import { type ListFreshness, listFreshness } from '@/lib/engine/lists/freshness';
import { LIST_GROUPS, type ListKind, type ListStatus } from './list-groups';

export interface CheckListAge {
  list: ListStatus;
  /** The kind's label ("OFAC", "Tor exits"). */
  label: string;
  freshness: ListFreshness;
}

export interface CheckLists {
  /** The check answered UNKNOWN because its list is not loaded: not a pass, not a finding. */
  notLoaded: boolean;
  /** The loaded lists of the kinds the check reads, oldest warning first. */
  ages: CheckListAge[];
  /** Kinds the check reads with no list loaded (e.g. IP_TYPE without iCloud Private Relay). */
  missing: ListKind[];
  /** Whether any of its lists is stale or undated. */
  warning: boolean;
}

const KINDS_OF_CHECK: ReadonlyMap<string, ListKind[]> = (() => {
  const map = new Map<string, ListKind[]>();
  for (const group of LIST_GROUPS) {
    for (const kind of group.kinds) {
      for (const id of kind.checks) map.set(id, [...(map.get(id) ?? []), kind]);
    }
  }
  return map;
})();

/** Whether a check reads a reference list at all. */
export const readsLists = (checkId: string): boolean => KINDS_OF_CHECK.has(checkId);

/**
 * The lists behind a check as of `now`, or null for a check that reads none. `lists` null (the
 * Lists endpoint not answered yet) still tells "not loaded" from the check itself.
 */
export function checkLists(
  check: { id: string; state: string; description: string },
  lists: readonly ListStatus[] | null,
  now: Date,
): CheckLists | null {
  const kinds = KINDS_OF_CHECK.get(check.id);
  if (kinds === undefined) return null;
  const ages: CheckListAge[] = [];
  const missing: ListKind[] = [];
  for (const kind of kinds) {
    const loaded = (lists ?? []).filter((list) => list.category === kind.category);
    if (lists !== null && loaded.length === 0) missing.push(kind);
    for (const list of loaded) ages.push({ list, label: kind.label, freshness: listFreshness(list, now) });
  }
  return {
    notLoaded: isAwaitingCheck(check),
    ages,
    missing,
    warning: ages.some((age) => age.freshness.warning !== null),
  };
}
