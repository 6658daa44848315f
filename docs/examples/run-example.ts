// Runs an example the way Verify does: the real request parser, then every check package.
import { runChecks } from '@/lib/engine/checks';
import type { StateSpec } from '@/lib/engine/checks/catalog';
import { CHECK_CATALOG } from '@/lib/engine/checks/catalog';
import { mergeRequests } from '@/lib/engine/merge';
import { parseVerifyRequest } from '@/lib/engine/request';
import type { Check, NormalizedRequest, RiskLevel } from '@/lib/engine/types';
import type { CheckExample } from './check-example';
import { baseContext } from './context';

export type ExampleRun = { ok: true; checks: Check[]; check: Check } | { ok: false; problem: string };

/** The risk the example claims: its documented override, else the catalog's default for the state. */
export function expectedRisk(example: CheckExample): RiskLevel | null {
  if (example.risk) return example.risk.level;
  const states: Readonly<Record<string, StateSpec>> = CHECK_CATALOG[example.check].states;
  return states[example.state]?.risk ?? null;
}

export function runExample(example: CheckExample): ExampleRun {
  // The session's earlier calls, then this one, merged into what Verify evaluates.
  let evaluated: NormalizedRequest | null = null;
  for (const body of [...(example.session ?? []), example.request]) {
    const parsed = parseVerifyRequest(body);
    if (!parsed.ok) {
      return {
        ok: false,
        problem: `the request does not parse: ${parsed.errors.map((e) => e.message).join('; ')}`,
      };
    }
    evaluated = evaluated === null ? parsed.value : mergeRequests(evaluated, parsed.value);
  }
  if (evaluated === null) return { ok: false, problem: 'the example has no request' };
  const base = baseContext(evaluated);
  const ctx = example.context ? example.context(base, evaluated) : base;
  const checks = runChecks(evaluated, ctx);
  const check = checks.find((c) => c.id === example.check);
  if (check === undefined) return { ok: false, problem: 'the engine did not answer the check' };
  return { ok: true, checks, check };
}

/** Why the example does not hold, or null when the engine answers its state at its risk. */
export function exampleProblem(example: CheckExample): string | null {
  const run = runExample(example);
  if (!run.ok) return run.problem;
  const risk = expectedRisk(example);
  if (risk === null) return `${example.state} is not a state of ${example.check} in the catalog`;
  const { state, risk: actual, description } = run.check;
  if (state === example.state && actual === risk) return null;
  return `expected ${example.state} [${risk}], the engine answered ${state} [${actual}]: ${description}`;
}
