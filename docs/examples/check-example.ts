// The shape of one example of docs/checks.md: a request body, what the data sources hold, and the
// state (and risk) of one check the engine must answer for it.
import type { CheckId } from '@/lib/engine/checks/catalog';
import type { StateExample } from '@/lib/engine/checks/check-def';

export type { ExampleExtras } from '@/lib/engine/checks/check-def';

/** An example of a check definition (lib/engine/checks/defs), tagged with its check. */
export interface CheckExample extends StateExample {
  check: CheckId;
}
