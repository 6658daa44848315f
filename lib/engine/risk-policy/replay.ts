// The backtest's scorer: a stored call's checks scored again under a policy, from their states
// alone (no identifiers needed).
import { CHECK_CATALOG, type CheckSpec } from '../checks/catalog';
import { type RiskScore, scoreRisk } from '../risk';
import type { Check, RiskLevel } from '../types';
import { applyRiskPolicy } from './apply-policy';
import { policyWeights, type RiskPolicy, stateDefault } from './overrides';

export interface StoredCheck {
  id: string;
  state: string;
  risk: RiskLevel;
}

const catalog: Readonly<Record<string, CheckSpec>> = CHECK_CATALOG;

/** A stored check at its catalog default; a pair the catalog no longer has keeps its stored level. */
function atDefault(stored: StoredCheck): Check {
  const spec = catalog[stored.id];
  return {
    id: stored.id,
    state: stored.state,
    name: spec?.name ?? stored.id,
    description: '',
    risk: stateDefault(stored.id, stored.state)?.risk ?? stored.risk,
    // The package only orders ties; a retired check has none left, any one will do.
    checkPackage: spec?.checkPackage ?? 'Email',
  };
}

/**
 * Scores stored checks as Verify would under `policy`: catalog defaults, then the policy, then
 * `adjust` (the steps Verify runs after the policy), then scoreRisk with the policy's weights. Starting from the defaults
 * rather than the stored levels makes two replays of one call differ only by their policies.
 */
export function replayRisk(
  storedChecks: readonly StoredCheck[],
  policy: RiskPolicy,
  adjust: (checks: Check[]) => Check[] = (checks) => checks,
): RiskScore {
  return scoreRisk(adjust(applyRiskPolicy(storedChecks.map(atDefault), policy)), policyWeights(policy));
}
