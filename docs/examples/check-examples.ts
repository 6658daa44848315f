// Every example of docs/checks.md, and the catalog states no request can reach yet, from the
// check definitions (lib/engine/checks/defs).
import type { CheckId } from '@/lib/engine/checks/catalog';
import type { AnyCheckDef } from '@/lib/engine/checks/check-def';
import { CHECK_DEFS } from '@/lib/engine/checks/check-defs';
import type { CheckExample } from './check-example';

export const CHECK_EXAMPLES: readonly CheckExample[] = CHECK_DEFS.flatMap((def) =>
  def.examples.map((e): CheckExample => ({ check: def.id, ...e })),
);

export interface UnreachableState {
  check: CheckId;
  state: string;
  why: string;
}

/** In the vocabulary (the API names them) but no code path answers them with the sources we have. */
export const UNREACHABLE_STATES: readonly UnreachableState[] = CHECK_DEFS.flatMap(
  (def: AnyCheckDef & { id: CheckId }) =>
    Object.entries(def.unreachable ?? {}).flatMap(([state, why]): UnreachableState[] =>
      why === undefined ? [] : [{ check: def.id, state, why }],
    ),
);
