// "Preview impact": the workspace's recent sessions scored again, from their latest call's stored
// check states, under the policy in force and under a proposed one (no identifiers are read).
import { and, desc, eq, gte } from 'drizzle-orm';
import type { BacktestResult, BandCounts } from '@/lib/contract/console/risk-policy';
import type { Executor } from '@/lib/db/client';
import { sessionCalls } from '@/lib/db/schema';
import { weighAbsence } from '@/lib/engine/coverage';
import type { RiskBand } from '@/lib/engine/risk';
import type { RiskOverrides } from '@/lib/engine/risk-policy/overrides';
import { replayRisk } from '@/lib/engine/risk-policy/replay';
import type { RiskWeights } from '@/lib/engine/risk-policy/weights';
import type { Check } from '@/lib/engine/types';
import type { WorkspaceContext } from '../context';
import { workspaceCoverage } from '../coverage';
import { latestPolicy } from './get-policy';

export const BACKTEST_DAYS = 30;
/** The most recent sessions replayed at most: enough for a distribution, cheap to score. */
export const BACKTEST_LIMIT = 5_000;
const EXAMPLES = 5;

export interface BacktestOptions {
  days?: number;
  limit?: number;
  now?: Date;
  /** Verify's steps after the policy (see replayRisk); by default the workspace's coverage today. */
  adjust?: (checks: Check[]) => Check[];
}

const noBands = (): BandCounts => ({ low: 0, medium: 0, high: 0 });

export async function backtest(
  db: Executor,
  ctx: WorkspaceContext,
  overrides: RiskOverrides,
  options: BacktestOptions = {},
  /** The weights to try; undefined keeps the policy's. */
  weights?: RiskWeights,
): Promise<BacktestResult> {
  const { workspaceId } = ctx;
  const days = options.days ?? BACKTEST_DAYS;
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - days * 86_400_000);
  const current = await latestPolicy(db, workspaceId);
  const proposed = { version: current.version + 1, overrides, weights: weights ?? current.weights };
  // Absence is weighed as Verify weighs it now, on both sides, so only the policy differs.
  const coverage = options.adjust ? null : await workspaceCoverage(db, workspaceId, now);
  const adjust = options.adjust ?? ((checks: Check[]) => weighAbsence(checks, coverage));
  // Each session's latest call in the window (its band today); the most recent sessions first.
  const latest = db
    .selectDistinctOn([sessionCalls.sessionId], {
      sessionId: sessionCalls.sessionId,
      checks: sessionCalls.checks,
      createdAt: sessionCalls.createdAt,
    })
    .from(sessionCalls)
    .where(and(eq(sessionCalls.workspaceId, workspaceId), gte(sessionCalls.createdAt, since)))
    .orderBy(sessionCalls.sessionId, desc(sessionCalls.createdAt))
    .as('latest');
  const calls = await db
    .select({ sessionId: latest.sessionId, checks: latest.checks })
    .from(latest)
    .orderBy(desc(latest.createdAt))
    .limit(options.limit ?? BACKTEST_LIMIT);

  const result: BacktestResult = {
    days,
    sessions: calls.length,
    currentVersion: current.version,
    before: noBands(),
    after: noBands(),
    moves: [],
    examples: [],
  };
  const moves = new Map<string, { from: RiskBand; to: RiskBand; count: number }>();
  for (const call of calls) {
    const before = replayRisk(call.checks, current, adjust);
    const after = replayRisk(call.checks, proposed, adjust);
    result.before[before.band]++;
    result.after[after.band]++;
    if (before.band === after.band) continue;
    const key = `${before.band}>${after.band}`;
    const move = moves.get(key) ?? { from: before.band, to: after.band, count: 0 };
    move.count++;
    moves.set(key, move);
    if (result.examples.length < EXAMPLES) {
      result.examples.push({
        sessionId: call.sessionId,
        from: before.band,
        to: after.band,
        riskBefore: before.risk,
        riskAfter: after.risk,
      });
    }
  }
  result.moves = [...moves.values()].sort((a, b) => b.count - a.count);
  return result;
}
