// Builds Check objects from the catalog so names, packages and risks never drift from it.
import type { Check, RiskLevel } from '../types';
import { CHECK_CATALOG, type CheckId, type CheckState, type StateSpec } from './catalog';

function stateSpec<I extends CheckId>(id: I, state: CheckState<I>): StateSpec {
  const states: Readonly<Record<string, StateSpec>> = CHECK_CATALOG[id].states;
  const spec = states[state];
  // Unreachable while CheckState<I> holds; kept so a widened call fails loudly.
  if (spec === undefined) throw new Error(`${id} has no state ${state}`);
  return spec;
}

/** The catalog's default risk of a state. */
export function stateRisk<I extends CheckId>(id: I, state: CheckState<I>): RiskLevel {
  return stateSpec(id, state).risk;
}

/** The checks whose vocabulary has UNKNOWN, the state of a check still awaiting its data. */
export type AwaitableId = { [K in CheckId]: 'UNKNOWN' extends CheckState<K> ? K : never }[CheckId];

/** A check in the given state, carrying the catalog's risk unless `risk` overrides it. */
export function makeCheck<I extends CheckId>(
  id: I,
  state: CheckState<I>,
  description: string,
  risk?: RiskLevel,
): Check {
  const entry = CHECK_CATALOG[id];
  return {
    id,
    state,
    name: entry.name,
    description,
    risk: risk ?? stateSpec(id, state).risk,
    checkPackage: entry.checkPackage,
  };
}

/** How every awaiting description begins, so the console can tell "not loaded" from an UNKNOWN answer. */
export const AWAITING_PREFIX = 'Awaiting ';

/** Whether a check (as the API returns it) is still awaiting its data source rather than answered. */
export function isAwaitingCheck(check: { state: string; description: string }): boolean {
  return check.state === 'UNKNOWN' && check.description.startsWith(AWAITING_PREFIX);
}

/**
 * UNKNOWN while the named data source is not loaded. A source we have not loaded says nothing
 * about the person, so it adds no risk, unless UNKNOWN is pinned to a risk of its own.
 */
export function awaitingCheck(id: AwaitableId, source: string): Check {
  const spec = stateSpec<AwaitableId>(id, 'UNKNOWN');
  return makeCheck<AwaitableId>(
    id,
    'UNKNOWN',
    `${AWAITING_PREFIX}${source}.`,
    spec.pinned ? spec.risk : 'NONE',
  );
}
