// Verify's step between running the checks and scoring them: the workspace's levels replace the
// catalog's for the (check, state) pairs its policy names.
import { compareChecks } from '../checks';
import type { Check } from '../types';
import { policyRisk, type RiskPolicy } from './overrides';

/**
 * Every check whose (id, state) the policy overrides takes the policy's level; its description
 * says so and names the level it had without the policy, so an analyst can tell why a check
 * differs from the documented default. The list is re-sorted riskiest first, as Verify answers.
 */
export function applyRiskPolicy(checks: readonly Check[], policy: RiskPolicy): Check[] {
  return checks
    .map((check) => {
      const risk = policyRisk(policy, check.id, check.state);
      if (risk === undefined || risk === check.risk) return check;
      return {
        ...check,
        risk,
        description: `${check.description} Risk set by the workspace's policy (default ${check.risk}).`,
      };
    })
    .sort(compareChecks);
}
