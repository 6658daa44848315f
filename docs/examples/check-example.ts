// The shape of one example of docs/checks.md: a request body, what the data sources hold, and the
// state (and risk) of one check the engine must answer for it.
import type { CheckId, CheckState } from '@/lib/engine/checks/catalog';
import type { VerifyRequestInput } from '@/lib/engine/request';
import type { CheckContext, NormalizedRequest, RiskLevel } from '@/lib/engine/types';

/** Sets up, from the base context (context.ts), exactly what the example's note describes. */
export type ContextBuilder = (base: CheckContext, input: NormalizedRequest) => CheckContext;

export interface CheckExample {
  check: CheckId;
  state: string;
  /** The JSON body a caller sends to POST /api/verify. */
  request: VerifyRequestInput;
  /** Earlier calls of the session the request joins, oldest first (merged as Verify does). */
  session?: VerifyRequestInput[];
  /** What the data sources must hold for this state, when the request alone does not decide it. */
  note?: string;
  context?: ContextBuilder;
  /** The risk the engine answers when it is not the catalog's default for the state, and why. */
  risk?: { level: RiskLevel; why: string };
}

/** What an example may add to its request. */
export type ExampleExtras = Pick<CheckExample, 'note' | 'context' | 'risk' | 'session'>;

/** One example; the state is checked against the catalog at compile time. */
export function example<I extends CheckId>(
  check: I,
  state: CheckState<I>,
  request: VerifyRequestInput,
  extras: ExampleExtras = {},
): CheckExample {
  return { check, state, request, ...extras };
}

/** The graph was not consulted: every graph check answers UNKNOWN, awaiting it. */
export const NO_GRAPH = {
  note: 'The identity graph is not consulted (a context without it).',
  context: (base: CheckContext): CheckContext => ({ ...base, graph: null }),
} as const satisfies ExampleExtras;
