// The one table of checks: ids, packages, names, every state the engine may answer and the
// default risk of each. docs/checks.md and the console read it. It is derived from the check
// definitions (lib/engine/checks/defs, one module per check), so a check changes in one place.
// One rule sits outside the table: a check whose data source is not loaded yet answers UNKNOWN
// at risk NONE (awaitingCheck), even where the table's UNKNOWN has a risk, unless it is pinned.
import type { AnyCheckDef, CheckSpec } from './check-def';
import { CHECK_DEFS } from './check-defs';

export type { CheckSpec, StateSpec } from './check-def';

type Defined = (typeof CHECK_DEFS)[number];

/** The catalog rows of the definitions, keyed by id, each keeping its literal states. */
type DefinedCatalog = {
  readonly [D in Defined as D['id']]: {
    readonly checkPackage: D['checkPackage'];
    readonly name: string;
    readonly states: D['states'];
  };
};

function catalogOf(defs: readonly AnyCheckDef[]): Readonly<Record<string, CheckSpec>> {
  return Object.fromEntries(
    defs.map(({ id, checkPackage, name, states }) => [id, { checkPackage, name, states }]),
  );
}

// Object.fromEntries loses the keys; DefinedCatalog restates them from the same CHECK_DEFS.
export const CHECK_CATALOG = catalogOf(CHECK_DEFS) as DefinedCatalog;

export type CheckId = keyof typeof CHECK_CATALOG;

/** The states a given check may answer, checked at compile time. */
export type CheckState<I extends CheckId> = keyof (typeof CHECK_CATALOG)[I]['states'] & string;

export const CHECK_IDS = Object.keys(CHECK_CATALOG) as CheckId[];
