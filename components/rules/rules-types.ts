import type { SavedVersion } from '@/components/ui/saved-version-cells';
import type { RuleSet, RuleSetVersion, RulesBacktest } from '@/lib/contract/console/rules';

export const RULES_QUERY = ['rules'] as const;

/** One saved version, as GET /api/console/rules lists them (newest first). */
export interface RulesVersionRecord extends RuleSetVersion, SavedVersion {}

/** GET /api/console/rules: the version in force (null: the workspace never saved rules). */
export interface RulesAnswer {
  current: RuleSetVersion | null;
  history: RulesVersionRecord[];
}

/** PUT /api/console/rules: changed is false when the rules equal the version in force. */
export interface SavedRules {
  current: RuleSetVersion;
  changed: boolean;
}

/** POST /api/console/rules/backtest. */
export interface RulesBacktestResult extends RulesBacktest {
  days: number;
  /** The version the "before" side was decided under; 0 when the workspace has no rules. */
  currentVersion: number;
}

export type { RuleSet };
