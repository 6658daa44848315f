import type { BacktestResult, PolicyVersion } from '@/lib/contract/console/risk-policy';
import type { RiskOverrides } from '@/lib/engine/risk-policy/overrides';
import type { RiskWeights } from '@/lib/engine/risk-policy/weights';

export const POLICY_QUERY = ['risk-policy'] as const;

/** GET /api/console/risk-policy. */
export interface PolicyAnswer {
  version: number;
  overrides: RiskOverrides;
  weights: RiskWeights;
  history: PolicyVersion[];
}

export type { BacktestResult, PolicyVersion };
