// The shape of one check's module (lib/engine/checks/defs/<check-id>.ts): its package, name,
// states, data source and the examples docs/checks.md runs. The catalog, the sources and the
// examples list are derived from these, so a check is added or changed in one place.
// The run functions stay with the package runners: the catalog is imported by client components,
// which must not pull in the engine's lookups (libphonenumber, zipcodes, sanctions matching).
import type { VerifyRequestInput } from '@/lib/contract/schemas/request';
import type { CheckContext, CheckPackage, NormalizedRequest, RiskLevel } from '../types';

export interface StateSpec {
  risk: RiskLevel;
  /**
   * Weight of evidence: ln(P(state | fraud) / P(state | honest applicant)), in log-odds; negative
   * for trust. Omitted, the state weighs its level's representative weight (LEVEL_WEIGHTS in
   * lib/engine/risk-weights.ts). Where given, an unpinned level is the one this weight falls in
   * (levelForWeight), and docs/risk.md cites the prevalence figures behind it.
   */
  weight?: number;
  /**
   * Present, the trust of this check's fact counts for nothing: the history vouches for someone
   * else (a long-known email arriving with a phone its owner never used). Only while the state
   * weighs more than 0, so a policy that zeroes it also lifts it.
   */
  voidsTrust?: true;
  /** The evidence that produces this state. */
  meaning: string;
  /** Pinned: this risk is part of the API's contract (docs/api/operations.md); it must not change. */
  pinned?: true;
}

export interface CheckSpec {
  checkPackage: CheckPackage;
  name: string;
  states: Readonly<Record<string, StateSpec>>;
}

/** Sets up, from the base context of the examples, exactly what the example's note describes. */
export type ContextBuilder = (base: CheckContext, input: NormalizedRequest) => CheckContext;

/** What an example may add to its request. */
export interface ExampleExtras {
  /** What the data sources must hold for this state, when the request alone does not decide it. */
  note?: string;
  context?: ContextBuilder;
  /** The risk the engine answers when it is not the catalog's default for the state, and why. */
  risk?: { level: RiskLevel; why: string };
  /** Earlier calls of the session the request joins, oldest first (merged as Verify does). */
  session?: VerifyRequestInput[];
}

/** One example of a check: a request body and the state the engine must answer for it. */
export interface StateExample<S extends string = string> extends ExampleExtras {
  state: S;
  /** The JSON body a caller sends to POST /api/verify. */
  request: VerifyRequestInput;
}

/** One example; the state is checked against the check's own states by defineCheck. */
export function example<const S extends string>(
  state: S,
  request: VerifyRequestInput,
  extras: ExampleExtras = {},
): StateExample<S> {
  return { state, request, ...extras };
}

export interface CheckDef<
  I extends string = string,
  P extends CheckPackage = CheckPackage,
  S extends Readonly<Record<string, StateSpec>> = Readonly<Record<string, StateSpec>>,
> {
  id: I;
  checkPackage: P;
  name: string;
  states: S;
  /** Where the check gets its evidence, for docs/checks.md and the console. */
  source: string;
  /** Run by docs/checks.md and its unit test; every state needs one or an `unreachable` reason. */
  examples: readonly StateExample<keyof S & string>[];
  /** States in the vocabulary (the API names them) that no code path answers with our sources. */
  unreachable?: { readonly [K in keyof S]?: string };
}

/** Any definition, as the derivations read it (CheckDef itself is invariant in its states). */
export interface AnyCheckDef {
  id: string;
  checkPackage: CheckPackage;
  name: string;
  states: Readonly<Record<string, StateSpec>>;
  source: string;
  examples: readonly StateExample[];
  unreachable?: Readonly<Partial<Record<string, string>>>;
}

/** A check definition; `const` keeps the ids and state names literal for CheckId and CheckState. */
export function defineCheck<
  const I extends string,
  const P extends CheckPackage,
  const S extends Readonly<Record<string, StateSpec>>,
>(def: {
  id: I;
  checkPackage: P;
  name: string;
  states: S;
  source: string;
  examples: readonly StateExample<NoInfer<keyof S & string>>[];
  unreachable?: { readonly [K in NoInfer<keyof S>]?: string };
}): CheckDef<I, P, S> {
  return def;
}
