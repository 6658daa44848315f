// The velocity checks' shared states, sources and example contexts (defs/velocity-*.ts).

import type { RiskLevel } from '../../types';
import type { VelocityHubKind, VelocityWindow } from '../../velocity/facts';
import type { ExampleExtras, StateSpec } from '../check-def';
import { thresholdText, VELOCITY_RULES } from '../velocity-rules';

/** Sessions the examples' counts name (as the console pivots to them). */
export const EXAMPLE_SESSIONS = ['ses_7Ycq2XfT9hWbLk3mPzR4sD', 'ses_3NvK8pQx2LmTb9wZ5rJc1F'];

export const VELOCITY_SOURCE =
  "The workspace's own Verify calls by API key (not the console's): distinct identities first seen " +
  'with the identifier in the last hour, day, 7 days and 30 days, counted as the calls are recorded';

/**
 * The five states of a velocity check; `why` says what the identifier is and why its thresholds
 * (velocity-rules.ts) sit where they do.
 */
export function velocityStates(
  kind: VelocityHubKind,
  noun: string,
  risks: { elevated: RiskLevel; burst: RiskLevel },
  why: string,
  /** A burst's own weight of evidence, where it must outweigh an elevated count of the same level. */
  burstWeight?: number,
) {
  const rule = VELOCITY_RULES[kind];
  return {
    BURST: {
      risk: risks.burst,
      ...(burstWeight === undefined ? {} : { weight: burstWeight }),
      meaning: `At least ${thresholdText(rule.burst)} used this ${noun}: ${why}`,
    },
    ELEVATED: {
      risk: risks.elevated,
      meaning: `At least ${thresholdText(rule.elevated)} used this ${noun}, below the burst thresholds.`,
    },
    NORMAL: {
      risk: 'NONE',
      meaning: `Fewer other identities used this ${noun} than the elevated threshold (the applicant's own identity is never counted).`,
    },
    UNKNOWN: { risk: 'NONE', meaning: "The workspace's Verify traffic was not read for this call." },
    NONE: { risk: 'NONE', meaning: `No ${noun} was provided.` },
  } as const satisfies Record<string, StateSpec>;
}

const EMPTY_COUNTS = { hour: 0, day: 0, week: 0, month: 0 };

/** The workspace's traffic holds `others` other identities with the request's hub in each window. */
export function othersUsed(
  kind: VelocityHubKind,
  noun: string,
  others: Partial<Record<VelocityWindow, number>>,
): ExampleExtras {
  const identities = { ...EMPTY_COUNTS, ...others };
  return {
    note:
      `The workspace's Verify calls paired this ${noun} with ${identities.hour} other identities in the last hour, ` +
      `${identities.day} in the last day, ${identities.week} in 7 days and ${identities.month} in 30 days.`,
    context: (base) => ({
      ...base,
      velocity: {
        ...(base.velocity ?? { phone: [], ip: [], address: [], ssn: [], email: [] }),
        [kind]: [{ identities, own: [], recentSessions: EXAMPLE_SESSIONS }],
      },
    }),
  };
}

/** The velocity counts were not read (a context without them). */
export const NO_VELOCITY: ExampleExtras = {
  note: "The workspace's Verify traffic is not read (a context without it).",
  context: (base) => ({ ...base, velocity: null }),
};
