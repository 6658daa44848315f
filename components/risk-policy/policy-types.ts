import type { RiskOverrides } from '@/lib/engine/risk-policy/overrides';
// biome-ignore lint/style/noRestrictedImports: type-only, erased from the bundle; the type is to move to lib/contract
import type { BacktestResult } from '@/lib/services/risk-policy/backtest';
// biome-ignore lint/style/noRestrictedImports: type-only, erased from the bundle; the type is to move to lib/contract
import type { PolicyVersion } from '@/lib/services/risk-policy/get-policy';

export const POLICY_QUERY = ['risk-policy'] as const;

/** GET /api/console/risk-policy. */
export interface PolicyAnswer {
  version: number;
  overrides: RiskOverrides;
  history: PolicyVersion[];
}

export type { BacktestResult, PolicyVersion };
