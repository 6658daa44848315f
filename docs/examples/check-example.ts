// The shape of one example of docs/checks.md: a request body, what the data sources hold, and the
// state (and risk) of one check the engine must answer for it.
import type { CheckId, CheckState } from '@/lib/engine/checks/catalog';
import type { ExampleExtras, StateExample } from '@/lib/engine/checks/check-def';
import type { VerifyRequestInput } from '@/lib/engine/request';

export type { ContextBuilder, ExampleExtras } from '@/lib/engine/checks/check-def';
export { NO_GRAPH } from '@/lib/engine/checks/example-kit';

/** An example of a check definition (lib/engine/checks/defs), tagged with its check. */
export interface CheckExample extends StateExample {
  check: CheckId;
}

/** One example; the state is checked against the catalog at compile time. */
export function example<I extends CheckId>(
  check: I,
  state: CheckState<I>,
  request: VerifyRequestInput,
  extras: ExampleExtras = {},
): CheckExample {
  return { check, state, request, ...extras };
}
