// Bodies and answers of the console's risk-policy routes: the routes parse with these schemas and
// the editor's form validates with the same ones (browser-safe: zod and engine types only).
import { z } from 'zod';
import type { RiskBand } from '@/lib/engine/risk';
import { type RiskOverrides, riskOverridesSchema } from '@/lib/engine/risk-policy/overrides';
import { type RiskWeights, riskWeightsSchema } from '@/lib/engine/risk-policy/weights';

/** GET /api/console/risk-policy/suggestion: not enough decisions, or weights and their backtest. */
export type {
  LabelCounts,
  WeightChange,
  WeightSuggestion,
} from '@/lib/engine/risk-policy/fit-weights';
export type { BandShares, HeldOutMetrics } from '@/lib/engine/risk-policy/held-out';

/** How far back a backtest may look: a year of sessions at most. */
export const MAX_BACKTEST_DAYS = 365;

/**
 * PUT /api/console/risk-policy: the levels (and weights) to save, on top of the version the editor
 * loaded. Without `weights` the policy's weights stay as they are, so a levels-only editor or
 * client cannot drop weights it never showed.
 */
export const savePolicyRequestSchema = z.strictObject({
  overrides: riskOverridesSchema,
  weights: riskWeightsSchema.optional(),
  expectedVersion: z.int().min(0),
});
export type SavePolicyRequest = z.output<typeof savePolicyRequestSchema>;

/** POST /api/console/risk-policy/backtest: the levels (and weights: else the policy's) to try. */
export const backtestRequestSchema = z.strictObject({
  overrides: riskOverridesSchema,
  weights: riskWeightsSchema.optional(),
  days: z.int().min(1).max(MAX_BACKTEST_DAYS).default(30),
});
export type BacktestRequest = z.output<typeof backtestRequestSchema>;

export type BandCounts = Record<RiskBand, number>;

/** The answer of a backtest: the same sessions scored under the policy in force and a proposed one. */
export interface BacktestResult {
  days: number;
  /** Sessions replayed: those with a call in the window, at most `limit`, newest first. */
  sessions: number;
  /** The version the "before" side was scored under (the policy in force). */
  currentVersion: number;
  before: BandCounts;
  after: BandCounts;
  /** Sessions that change band, by (from, to); most first. */
  moves: { from: RiskBand; to: RiskBand; count: number }[];
  /** A few sessions that change band, to open in the console. */
  examples: { sessionId: string; from: RiskBand; to: RiskBand; riskBefore: number; riskAfter: number }[];
}

/** One saved version of a workspace's policy, as the history lists it. */
export interface PolicyVersion {
  version: number;
  overrides: RiskOverrides;
  weights: RiskWeights;
  /** `cli` or a console user id. */
  createdBy: string;
  /** The console user's email, when the version was saved in the console. */
  createdByEmail: string | null;
  createdAt: string;
}
