import { Badge } from '@/components/ui/badge';
import { OUTCOME_LABEL, type RuleDecision, type RuleOutcome } from '@/lib/contract/console/rules';
import { DECISION_TONE } from './decision-types';

/**
 * What the workspace's rules decided (approve, review, decline), told apart from an analyst's
 * decision by its "Rules:" prefix; nothing when the workspace had no rules.
 */
export function OutcomeBadge({ outcome, reasonCode }: { outcome: RuleOutcome | null; reasonCode?: string }) {
  if (outcome === null) return null;
  return (
    <Badge tone={DECISION_TONE[outcome]}>
      Rules: {OUTCOME_LABEL[outcome]}
      {reasonCode ? (
        <>
          {' '}
          · <code>{reasonCode}</code>
        </>
      ) : null}
    </Badge>
  );
}

/** One call's outcome with the rule (or the default) and the rules version that decided it. */
export function OutcomeLine({ outcome }: { outcome: RuleDecision }) {
  return (
    <p className="inline">
      <OutcomeBadge outcome={outcome.decision} reasonCode={outcome.reasonCode} />
      <span className="field-hint">
        {outcome.rule
          ? `Rule "${outcome.rule.name}", rules version ${outcome.rulesVersion}.`
          : `No rule matched: the default of rules version ${outcome.rulesVersion}.`}
      </span>
    </p>
  );
}
