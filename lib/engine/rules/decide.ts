// Runs a workspace's rules over what one Verify call found: the first rule whose conditions hold
// decides, else the rule set's default. Pure: the service passes the call's checks, risk, list
// matches and velocity counts, or a backtest passes the ones a stored call kept.
import type { ListKind, ListName } from '@/lib/contract/console/workspace-lists';
import { type RiskBand, riskBand } from '../risk';
import type { WorkspaceListHit } from '../types';
import {
  otherIdentities,
  VELOCITY_HUB_KINDS,
  type VelocityFacts,
  type VelocityHubKind,
  type VelocityWindow,
} from '../velocity/facts';
import type { Rule, RuleCondition, RuleOutcome, RuleSetVersion } from './rule-set';

/** Other identities per hub kind and window: the most of the request's hubs of that kind. */
export type VelocityCounts = Partial<Record<VelocityHubKind, Record<VelocityWindow, number>>>;

/** What the rules read of a call; nothing personal, so a stored call keeps it for backtests. */
export interface RuleFacts {
  checks: readonly { id: string; state: string }[];
  risk: number;
  /** Null when not known (a call stored before the counts were kept): no velocity condition holds. */
  velocity: VelocityCounts | null;
  lists: readonly { list: ListName; kind: ListKind }[];
}

/** The part of RuleFacts a stored call keeps beside its checks and risk (session_calls.rule_facts). */
export type StoredRuleFacts = Pick<RuleFacts, 'velocity' | 'lists'>;

/** The rules' decision on a call, as Verify answers it (`outcome`) and the call stores it. */
export interface RuleDecision {
  decision: RuleOutcome;
  reasonCode: string;
  /** The rule that matched; null when the default decided. */
  rule: { id: string; name: string } | null;
  rulesVersion: number;
}

/** The counts the velocity checks judged, per kind (the highest of several phones, say). */
export function velocityCounts(facts: VelocityFacts | null | undefined): VelocityCounts | null {
  if (!facts) return null;
  const counts: VelocityCounts = {};
  for (const kind of VELOCITY_HUB_KINDS) {
    for (const hub of facts[kind]) {
      const others = otherIdentities(hub);
      const kept = counts[kind];
      counts[kind] = kept
        ? {
            hour: Math.max(kept.hour, others.hour),
            day: Math.max(kept.day, others.day),
            week: Math.max(kept.week, others.week),
            month: Math.max(kept.month, others.month),
          }
        : others;
    }
  }
  return counts;
}

/** Which lists matched which kinds of value; the entries and values stay out of it. */
export function listMatches(hits: readonly WorkspaceListHit[] | null | undefined): RuleFacts['lists'] {
  const seen = new Map<string, { list: ListName; kind: ListKind }>();
  for (const hit of hits ?? []) {
    seen.set(`${hit.list}:${hit.kind}`, { list: hit.list, kind: hit.kind });
  }
  return [...seen.values()];
}

function holds(condition: RuleCondition, facts: RuleFacts, band: RiskBand): boolean {
  switch (condition.type) {
    case 'check':
      return facts.checks.some((c) => c.id === condition.checkId && condition.states.includes(c.state));
    case 'risk_band':
      return condition.bands.includes(band);
    case 'list':
      return facts.lists.some(
        (m) =>
          m.list === condition.list && (condition.kinds === undefined || condition.kinds.includes(m.kind)),
      );
    case 'velocity': {
      const counts = facts.velocity?.[condition.hub];
      return counts !== undefined && counts[condition.window] >= condition.atLeast;
    }
  }
}

export function ruleMatches(rule: Rule, facts: RuleFacts): boolean {
  const band = riskBand(facts.risk);
  return rule.match === 'all'
    ? rule.conditions.every((c) => holds(c, facts, band))
    : rule.conditions.some((c) => holds(c, facts, band));
}

/** The first matching rule's outcome, in order; the default when none matches. */
export function decide(set: RuleSetVersion, facts: RuleFacts): RuleDecision {
  const rule = set.rules.find((r) => ruleMatches(r, facts));
  return rule
    ? {
        decision: rule.outcome,
        reasonCode: rule.reasonCode,
        rule: { id: rule.id, name: rule.name },
        rulesVersion: set.version,
      }
    : {
        decision: set.defaultOutcome,
        reasonCode: set.defaultReasonCode,
        rule: null,
        rulesVersion: set.version,
      };
}
