// Issue 33 item 2, the backtest: recent sessions decided under the rules in force and proposed
// ones; where analysts decided, how many of their declines the rules catch and how many of their
// approvals the rules would decline. The counts below are worked out by hand.
import { describe, expect, it } from 'vitest';
import { backtestRules, type ReplayedCall } from '@/lib/engine/rules/backtest';
import type { RuleSetVersion } from '@/lib/engine/rules/rule-set';

const highDeclines: RuleSetVersion = {
  version: 2,
  rules: [
    {
      id: 'high',
      name: 'High risk',
      match: 'all',
      conditions: [{ type: 'risk_band', bands: ['high'] }],
      outcome: 'decline',
      reasonCode: 'HIGH_RISK',
    },
  ],
  defaultOutcome: 'approve',
  defaultReasonCode: 'OK',
};
const alsoMedium: RuleSetVersion = {
  ...highDeclines,
  version: 3,
  rules: [
    {
      id: 'high',
      name: 'Medium or high',
      match: 'all',
      conditions: [{ type: 'risk_band', bands: ['medium', 'high'] }],
      outcome: 'decline',
      reasonCode: 'RISKY',
    },
  ],
};

const call = (sessionId: string, risk: number, analyst: ReplayedCall['analyst']): ReplayedCall => ({
  sessionId,
  facts: { checks: [], risk, velocity: null, lists: [] },
  analyst,
});

const calls = [
  call('s1', 0.9, 'decline'),
  call('s2', 0.6, 'decline'),
  call('s3', 0.6, 'approve'),
  call('s4', 0.2, 'approve'),
  call('s5', 0.7, null),
];

describe('backtestRules', () => {
  it('compares the proposed outcomes with the rules in force and with the analysts', () => {
    const result = backtestRules(highDeclines, alsoMedium, calls);
    expect(result.sessions).toBe(5);
    expect(result.before).toEqual({ approve: 4, review: 0, decline: 1 });
    expect(result.after).toEqual({ approve: 1, review: 0, decline: 4 });
    expect(result.changed).toBe(3);
    expect(result.examples.map((e) => e.sessionId)).toEqual(['s2', 's3', 's5']);
    expect(result.declinedByAnalysts).toBe(2);
    expect(result.declinesCaught).toBe(2);
    expect(result.approvedByAnalysts).toBe(2);
    expect(result.approvalsDeclined).toBe(1);
    expect(result.versusAnalysts.approve).toEqual({ approve: 1, review: 0, decline: 1 });
    expect(result.byRule).toEqual([
      { ruleId: 'high', name: 'Medium or high', count: 4 },
      { ruleId: null, name: 'Default', count: 1 },
    ]);
  });

  it('has no "before" when the workspace has no rules, and every session changes', () => {
    const result = backtestRules(null, highDeclines, calls);
    expect(result.before).toBeNull();
    expect(result.changed).toBe(5);
    expect(result.declinesCaught).toBe(1);
    expect(result.approvalsDeclined).toBe(0);
  });
});
