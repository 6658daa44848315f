import { describe, expect, it } from 'vitest';
import { scoreRisk } from '@/lib/engine/risk';
import { applyRiskPolicy } from '@/lib/engine/risk-policy/apply-policy';
import { overrideEntries, parseRiskOverrides, type RiskPolicy } from '@/lib/engine/risk-policy/overrides';
import { replayRisk } from '@/lib/engine/risk-policy/replay';
import type { Check, RiskLevel } from '@/lib/engine/types';

// A replay scores as Verify does: scoreRisk over the checks at the levels the policy leaves them.

const check = (id: string, state: string, risk: RiskLevel, description = 'Evidence.'): Check => ({
  id,
  state,
  risk,
  name: id,
  description,
  checkPackage: 'Email',
});

const policy = (overrides: RiskPolicy['overrides']): RiskPolicy => ({ version: 3, overrides, weights: {} });

describe('parseRiskOverrides', () => {
  it('accepts levels for catalog pairs, pinned states included', () => {
    const parsed = parseRiskOverrides({ EMAIL_TYPE: { BUSINESS: 'LOW', FREE: 'NONE' } });
    expect(parsed).toEqual({ ok: true, value: { EMAIL_TYPE: { BUSINESS: 'LOW', FREE: 'NONE' } } });
  });

  it('drops levels equal to the default (EMAIL_TYPE DISPOSABLE is HIGH) and checks left empty', () => {
    const parsed = parseRiskOverrides({
      EMAIL_TYPE: { DISPOSABLE: 'HIGH' },
      PHONE_TYPE: { VOIP: 'HIGH', MOBILE: 'NONE' },
    });
    expect(parsed).toEqual({ ok: true, value: { PHONE_TYPE: { VOIP: 'HIGH' } } });
  });

  it('refuses unknown check ids, unknown states and unknown levels, each by its path', () => {
    const parsed = parseRiskOverrides({
      NOT_A_CHECK: { TRUE: 'HIGH' },
      EMAIL_TYPE: { MAYBE: 'HIGH', FREE: 'SEVERE' },
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.code).toBe('INVALID_INPUT');
    expect(parsed.errors.map((e) => e.path).sort()).toEqual([
      'EMAIL_TYPE.FREE',
      'EMAIL_TYPE.MAYBE',
      'NOT_A_CHECK',
    ]);
  });

  it('refuses a body that is not a map of maps', () => {
    expect(parseRiskOverrides([]).ok).toBe(false);
    expect(parseRiskOverrides({ EMAIL_TYPE: 'HIGH' }).ok).toBe(false);
  });
});

describe('overrideEntries', () => {
  it('lists each override with the default it replaces and whether the spec pins it', () => {
    expect(overrideEntries({ EMAIL_TYPE: { BUSINESS: 'LOW' }, PHONE_TYPE: { VOIP: 'HIGH' } })).toEqual([
      { checkId: 'EMAIL_TYPE', state: 'BUSINESS', risk: 'LOW', defaultRisk: 'MED', pinned: true },
      { checkId: 'PHONE_TYPE', state: 'VOIP', risk: 'HIGH', defaultRisk: 'MED', pinned: false },
    ]);
  });
});

describe('applyRiskPolicy', () => {
  const checks = [
    check('EMAIL_NEVER_SEEN', 'TRUE', 'MED'),
    check('EMAIL_TYPE', 'FREE', 'LOW'),
    check('PHONE_TYPE', 'MOBILE', 'NONE'),
  ];

  it('sets the level of overridden pairs, says so, and leaves the rest untouched', () => {
    const applied = applyRiskPolicy(checks, policy({ EMAIL_TYPE: { FREE: 'HIGH', BUSINESS: 'NONE' } }));
    expect(applied[0]).toEqual({
      ...check('EMAIL_TYPE', 'FREE', 'HIGH'),
      description: "Evidence. Risk set by the workspace's policy (default LOW).",
    });
    // Re-sorted riskiest first; the other checks are the same objects.
    expect(applied.slice(1)).toEqual([checks[0], checks[2]]);
  });

  it('is the identity under the defaults (version 0, no overrides)', () => {
    expect(applyRiskPolicy(checks, { version: 0, overrides: {}, weights: {} })).toEqual(checks);
  });

  it('overrides by (check, state): another state of the same check keeps its level', () => {
    const applied = applyRiskPolicy(checks, policy({ PHONE_TYPE: { VOIP: 'HIGH' } }));
    expect(applied).toEqual(checks);
  });
});

describe('replayRisk', () => {
  // Three independent facts: no footprint [HIGH], name not at the address [MED], a mobile [NONE].
  const stored = [
    { id: 'DIGITAL_NO_DIGITAL_FOOTPRINT', state: 'TRUE', risk: 'HIGH' as const },
    { id: 'SYNTHETIC_NAME_ADDRESS_NO_MATCH', state: 'TRUE', risk: 'MED' as const },
    { id: 'PHONE_TYPE', state: 'MOBILE', risk: 'NONE' as const },
  ];
  const atLevels = (...levels: RiskLevel[]) =>
    scoreRisk(stored.map((s, i) => check(s.id, s.state, levels[i] ?? s.risk)));

  it('scores the catalog defaults under version 0 as Verify scores them: a HIGH and a MED are high', () => {
    const replayed = replayRisk(stored, { version: 0, overrides: {}, weights: {} });
    expect(replayed).toMatchObject({ risk: atLevels().risk, band: 'high' });
  });

  it('moves a call between bands when the policy changes a level', () => {
    const raised = replayRisk(stored, policy({ SYNTHETIC_NAME_ADDRESS_NO_MATCH: { TRUE: 'HIGH' } }));
    expect(raised).toMatchObject({ risk: atLevels('HIGH', 'HIGH').risk, band: 'high' });
    expect(raised.risk).toBeGreaterThan(replayRisk(stored, { version: 0, overrides: {}, weights: {} }).risk);
    // Two MEDs of independent facts are medium; one raised to HIGH is high.
    const twoMeds = [
      { id: 'SYNTHETIC_NAME_ADDRESS_NO_MATCH', state: 'TRUE', risk: 'MED' as const },
      { id: 'DIGITAL_EXCESSIVE_CONNECTIVITY', state: 'TRUE', risk: 'MED' as const },
    ];
    expect(replayRisk(twoMeds, { version: 0, overrides: {}, weights: {} }).band).toBe('medium');
    expect(replayRisk(twoMeds, policy({ DIGITAL_EXCESSIVE_CONNECTIVITY: { TRUE: 'HIGH' } })).band).toBe(
      'high',
    );
    // The HIGH lowered to LOW leaves one MED and one LOW: low.
    const lowered = replayRisk(stored, policy({ DIGITAL_NO_DIGITAL_FOOTPRINT: { TRUE: 'LOW' } }));
    expect(lowered).toMatchObject({ risk: atLevels('LOW').risk, band: 'low' });
  });

  it('starts from the catalog default, not the stored level (EMAIL_NO_MX_RECORD UNKNOWN is LOW)', () => {
    const awaiting = [{ id: 'EMAIL_NO_MX_RECORD', state: 'UNKNOWN', risk: 'NONE' as const }];
    const replayed = replayRisk(awaiting, { version: 0, overrides: {}, weights: {} }).risk;
    expect(replayed).toBeGreaterThan(0);
    expect(replayed).toBe(scoreRisk([check('EMAIL_NO_MX_RECORD', 'UNKNOWN', 'LOW')]).risk);
  });

  it('keeps the stored level of a pair the catalog does not know', () => {
    const retired = replayRisk([{ id: 'RETIRED_CHECK', state: 'TRUE', risk: 'MED' }], policy({}));
    expect(retired.risk).toBeGreaterThan(0);
    expect(retired.risk).toBe(scoreRisk([check('RETIRED_CHECK', 'TRUE', 'MED')]).risk);
  });

  it('runs adjust after the policy, on the levels the policy set', () => {
    const seen: RiskLevel[][] = [];
    const lowerHigh = (checks: Check[]): Check[] => {
      seen.push(checks.map((c) => c.risk));
      return checks.map((c) => (c.risk === 'HIGH' ? { ...c, risk: 'LOW' } : c));
    };
    const score = replayRisk(
      stored,
      policy({ SYNTHETIC_NAME_ADDRESS_NO_MATCH: { TRUE: 'HIGH' } }),
      lowerHigh,
    );
    expect(seen).toEqual([['HIGH', 'HIGH', 'NONE']]);
    // Both HIGH lowered to LOW.
    expect(score).toMatchObject({ risk: atLevels('LOW', 'LOW').risk, band: 'low' });
  });
});
