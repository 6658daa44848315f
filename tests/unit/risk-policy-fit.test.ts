// Learning a workspace's weights from its decisions (docs/risk.md, "Learning from decisions"): the
// policy's weights in the scorer, the regularised fit on synthetic labels, and the held-out metrics.
import { describe, expect, it } from 'vitest';
import { scoreRisk } from '@/lib/engine/risk';
import {
  FIT_LAMBDA,
  fitWeights,
  type LabelledSession,
  MIN_LABELLED_SESSIONS,
  MIN_PER_CLASS,
  suggestWeights,
} from '@/lib/engine/risk-policy/fit-weights';
import { auc, heldOutMetrics, inTraining } from '@/lib/engine/risk-policy/held-out';
import { DEFAULT_POLICY, policyWeights, type RiskPolicy } from '@/lib/engine/risk-policy/overrides';
import { replayRisk, type StoredCheck } from '@/lib/engine/risk-policy/replay';
import { riskWeightsSchema } from '@/lib/engine/risk-policy/weights';
import { defaultWeight } from '@/lib/engine/risk-weights';
import type { Check } from '@/lib/engine/types';

/** A seeded generator (a 32-bit LCG), so the synthetic workspace is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const VPN: StoredCheck = { id: 'IP_TYPE', state: 'VPN', risk: 'LOW' };

/**
 * A workspace where a VPN truly separates the classes (80 % of declines, 5 % of approvals) and the
 * email's type is noise (free or business, half and half whatever the label).
 */
function workspace(size: number, declineShare: number, seed = 7): LabelledSession[] {
  const next = random(seed);
  return Array.from({ length: size }, (_, i): LabelledSession => {
    const declined = next() < declineShare;
    const checks: StoredCheck[] = [
      next() < 0.5
        ? { id: 'EMAIL_TYPE', state: 'FREE', risk: 'LOW' }
        : { id: 'EMAIL_TYPE', state: 'BUSINESS', risk: 'MED' },
    ];
    if (next() < (declined ? 0.8 : 0.05)) checks.push(VPN);
    return { sessionId: `ses_${seed}_${i}`, checks, declined };
  });
}

const priorOf = (checkId: string, state: string) => defaultWeight(checkId, state) ?? 0;
const fitted = (result: ReturnType<typeof fitWeights>, checkId: string, state: string) =>
  result.pairs.find((p) => p.checkId === checkId && p.state === state)?.fitted;

const asCheck = (stored: StoredCheck): Check => ({
  ...stored,
  name: stored.id,
  description: '',
  checkPackage: 'IP Address',
});

describe('policy weights', () => {
  it('are validated like the levels: catalog pairs, finite, within range; the catalog weight is dropped', () => {
    const refused = riskWeightsSchema.safeParse({
      NOT_A_CHECK: { TRUE: 1 },
      IP_TYPE: { SOMETIMES: 1, VPN: 9, TOR: Number.NaN },
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'IP_TYPE.SOMETIMES',
      'IP_TYPE.TOR',
      'IP_TYPE.VPN',
      'NOT_A_CHECK',
    ]);
    expect(riskWeightsSchema.parse({ IP_TYPE: { VPN: 2.345, TOR: 4.1 } })).toEqual({
      IP_TYPE: { VPN: 2.35 },
    });
  });

  it('score a (check, state) at its level with the policy weight, and as before elsewhere', () => {
    const policy: RiskPolicy = { version: 1, overrides: {}, weights: { IP_TYPE: { VPN: 3.2 } } };
    const vpn = asCheck(VPN);
    expect(policyWeights(policy)(vpn)).toBe(3.2);
    expect(scoreRisk([vpn], policyWeights(policy)).risk).toBeGreaterThan(scoreRisk([vpn]).risk);
    // Lowered by a later step (the coverage rule), the check weighs as its level says.
    expect(policyWeights(policy)({ ...vpn, risk: 'NONE' })).toBe(0);
    // A level override and a weight together: the weight applies at the overridden level.
    const both: RiskPolicy = { ...policy, overrides: { IP_TYPE: { VPN: 'MED' } } };
    expect(replayRisk([VPN], both).contributions[0]?.weight).toBe(3.2);
    expect(replayRisk([VPN], DEFAULT_POLICY).contributions[0]?.weight).toBe(1.2);
  });
});

describe('fitWeights', () => {
  const sessions = workspace(600, 0.4);

  it('raises the weight of a state that truly separates declines from approvals, and leaves noise near its default', () => {
    const result = fitWeights({ sessions, priorWeight: priorOf, fittable: () => true });
    // Default 1.2; a VPN here is worth ln(0.8/0.05) ≈ 2.8 against the other pairs.
    expect(fitted(result, 'IP_TYPE', 'VPN')).toBeGreaterThan(2.2);
    const free = fitted(result, 'EMAIL_TYPE', 'FREE') ?? Number.NaN;
    const business = fitted(result, 'EMAIL_TYPE', 'BUSINESS') ?? Number.NaN;
    // The noise pairs differ from each other no more than their defaults do (0.1 and 0.3), give or take.
    expect(Math.abs(business - free - 0.2)).toBeLessThan(0.6);
    expect(result.sweeps).toBeLessThan(200);
    // Deterministic: the same sessions give the same fit.
    expect(fitWeights({ sessions, priorWeight: priorOf, fittable: () => true })).toEqual(result);
  });

  it('keeps the weights at their defaults when λ is large', () => {
    const result = fitWeights({ sessions, priorWeight: priorOf, fittable: () => true, lambda: 1e6 });
    for (const pair of result.pairs) expect(Math.abs(pair.fitted - pair.prior)).toBeLessThan(0.01);
    expect(FIT_LAMBDA).toBeGreaterThan(0);
  });

  it('fits only pairs seen in enough sessions', () => {
    const rare = [
      ...sessions,
      { sessionId: 'rare', checks: [{ id: 'IP_TYPE', state: 'TOR', risk: 'HIGH' as const }], declined: true },
    ];
    const result = fitWeights({ sessions: rare, priorWeight: priorOf, fittable: () => true });
    expect(fitted(result, 'IP_TYPE', 'TOR')).toBeUndefined();
  });
});

describe('suggestWeights', () => {
  it('needs the minimum of labelled sessions and of each class', () => {
    const few = suggestWeights(workspace(MIN_LABELLED_SESSIONS - 1, 0.4), DEFAULT_POLICY);
    expect(few).toMatchObject({
      kind: 'not-enough',
      labelled: { sessions: MIN_LABELLED_SESSIONS - 1 },
      minimum: { sessions: MIN_LABELLED_SESSIONS, perClass: MIN_PER_CLASS },
    });
    // Enough sessions, but hardly any declines.
    const oneSided = suggestWeights(workspace(400, 0.02), DEFAULT_POLICY);
    expect(oneSided.kind).toBe('not-enough');
    if (oneSided.kind === 'not-enough') expect(oneSided.labelled.declines).toBeLessThan(MIN_PER_CLASS);
  });

  it('suggests the fitted weights as a policy change, judged on held-out sessions', () => {
    const sessions = workspace(600, 0.4);
    const suggestion = suggestWeights(sessions, DEFAULT_POLICY);
    expect(suggestion.kind).toBe('suggestion');
    if (suggestion.kind !== 'suggestion') return;
    expect(suggestion.training.sessions + suggestion.heldOut.sessions).toBe(600);
    expect(suggestion.heldOut.sessions).toBe(sessions.filter((s) => !inTraining(s.sessionId)).length);
    const vpn = suggestion.changes.find((c) => c.checkId === 'IP_TYPE' && c.state === 'VPN');
    expect(vpn?.current).toBe(1.2);
    expect(vpn?.suggested).toBeGreaterThan(2.2);
    expect(suggestion.weights.IP_TYPE?.VPN).toBe(vpn?.suggested);
    // The held-out declines are caught more often with the learned weight, the ranking no worse.
    expect(suggestion.after.aboveLow.declines ?? 0).toBeGreaterThan(suggestion.before.aboveLow.declines ?? 0);
    expect(suggestion.after.auc ?? 0).toBeGreaterThanOrEqual(suggestion.before.auc ?? 1);
    expect(suggestWeights(sessions, DEFAULT_POLICY)).toEqual(suggestion);
  });

  it('starts from the policy in force: its weights are the prior, its levels are kept', () => {
    const policy: RiskPolicy = {
      version: 4,
      overrides: { EMAIL_TYPE: { FREE: 'NONE' } },
      weights: { IP_TYPE: { TOR: 5 } },
    };
    const suggestion = suggestWeights(workspace(600, 0.4), policy);
    if (suggestion.kind !== 'suggestion') throw new Error('expected a suggestion');
    expect(suggestion.currentVersion).toBe(4);
    // TOR is never seen: the policy's weight for it stays.
    expect(suggestion.weights.IP_TYPE?.TOR).toBe(5);
    // FREE is overridden to NONE: its prior is NONE's weight, 0.
    expect(suggestion.changes.find((c) => c.state === 'FREE')?.current ?? 0).toBe(0);
  });
});

describe('held-out metrics', () => {
  const d = (risk: number) => ({ risk, declined: true });
  const a = (risk: number) => ({ risk, declined: false });

  it('AUC: the share of (decline, approval) pairs ranked right, ties counting half', () => {
    expect(auc([d(0.9), d(0.6), a(0.2), a(0.1)])).toBe(1);
    expect(auc([d(0.1), a(0.9)])).toBe(0);
    expect(auc([d(0.2), a(0.2)])).toBe(0.5);
    // (0.9>0.4) 1, (0.9>0.1) 1, (0.4=0.4) ½, (0.4>0.1) 1: 3.5 of 4.
    expect(auc([d(0.9), d(0.4), a(0.4), a(0.1)])).toBe(0.875);
    expect(auc([d(0.5)])).toBeNull();
  });

  it('shares of declines caught and approvals flagged above the low band and in the high band', () => {
    expect(heldOutMetrics([d(0.9), d(0.6), d(0.4), a(0.55), a(0.1)])).toEqual({
      sessions: 5,
      declines: 3,
      approvals: 2,
      auc: round(5 / 6),
      aboveLow: { declines: round(2 / 3), approvals: 0.5 },
      high: { declines: round(1 / 3), approvals: 0 },
    });
    expect(heldOutMetrics([])).toMatchObject({ auc: null, aboveLow: { declines: null, approvals: null } });
  });

  it('splits 70/30 by the session id, the same on every run', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `ses_${i}`);
    const share = ids.filter(inTraining).length / ids.length;
    expect(share).toBeGreaterThan(0.66);
    expect(share).toBeLessThan(0.74);
    expect(ids.map(inTraining)).toEqual(ids.map(inTraining));
  });
});

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
