import { describe, expect, it } from 'vitest';
import { RISK_WEIGHTS, riskBand, scoreChecks, scoreRisk } from '@/lib/engine/risk';
import type { Check, RiskLevel } from '@/lib/engine/types';

const check = (id: string, risk: RiskLevel): Check => ({
  id,
  risk,
  state: 'X',
  name: id,
  description: '',
  checkPackage: 'Email',
});

const score = (...levels: RiskLevel[]) => scoreRisk(levels.map((level, i) => check(`C${i}`, level)));

describe('scoreRisk', () => {
  it('uses the documented weights', () => {
    expect(RISK_WEIGHTS).toEqual({ HIGH: 0.6, MED: 0.4, LOW: 0.02, NONE: 0 });
  });

  it('is 0 (low) with no checks or only NONE checks', () => {
    expect(score()).toEqual({ risk: 0, band: 'low', contributions: [] });
    expect(score('NONE', 'NONE').risk).toBe(0);
  });

  it.each<[RiskLevel[], number, string]>([
    // 1 - 0.4 = 0.6
    [['HIGH'], 0.6, 'medium'],
    // 1 - 0.6 = 0.4
    [['MED'], 0.4, 'low'],
    // 1 - 0.98 = 0.02
    [['LOW'], 0.02, 'low'],
    // 1 - 0.4 × 0.4 = 0.84
    [['HIGH', 'HIGH'], 0.84, 'high'],
    // 1 - 0.4 × 0.6 = 0.76
    [['HIGH', 'MED'], 0.76, 'high'],
    // 1 - 0.4 × 0.6 × 0.6 = 1 - 0.144 = 0.856
    [['HIGH', 'MED', 'MED'], 0.856, 'high'],
    // 1 - 0.6 × 0.6 = 0.64
    [['MED', 'MED'], 0.64, 'medium'],
    // 1 - 0.6³ = 1 - 0.216 = 0.784
    [['MED', 'MED', 'MED'], 0.784, 'high'],
    // 1 - 0.98³ = 1 - 0.941192 = 0.058808, rounded 0.0588
    [['LOW', 'LOW', 'LOW'], 0.0588, 'low'],
    // 1 - 0.4¹¹ = 1 - 0.0000419… = 0.99996, rounded 1
    [['HIGH', 'HIGH', 'HIGH', 'HIGH', 'HIGH', 'HIGH', 'HIGH', 'HIGH', 'HIGH', 'HIGH', 'HIGH'], 1, 'high'],
  ])('noisy-OR of %j is %d (%s)', (levels, risk, band) => {
    const result = score(...levels);
    expect(result.risk).toBe(risk);
    expect(result.band).toBe(band);
  });

  it('does not depend on the order of the checks', () => {
    expect(score('LOW', 'HIGH', 'MED', 'NONE').risk).toBe(score('MED', 'NONE', 'LOW', 'HIGH').risk);
  });

  it('gives each check its weight and marginal delta, in check order, summing to the risk', () => {
    const result = score('HIGH', 'NONE', 'MED', 'LOW');
    // Running scores: 1 - 0.4 = 0.6; NONE leaves 0.6; 1 - 0.4 × 0.6 = 0.76 (step 0.16);
    // 1 - 0.24 × 0.98 = 1 - 0.2352 = 0.7648 (step 0.0048).
    expect(result.contributions).toEqual([
      { id: 'C0', weight: 0.6, delta: 0.6 },
      { id: 'C1', weight: 0, delta: 0 },
      { id: 'C2', weight: 0.4, delta: 0.16 },
      { id: 'C3', weight: 0.02, delta: 0.0048 },
    ]);
    expect(result.risk).toBe(0.7648);
    const sum = result.contributions.reduce((total, c) => total + c.delta, 0);
    expect(sum).toBeCloseTo(result.risk, 10);
  });

  it('keeps the deltas summing to the rounded risk over many checks', () => {
    const levels: RiskLevel[] = ['LOW', 'MED', 'LOW', 'LOW', 'HIGH', 'LOW', 'MED', 'NONE', 'LOW'];
    const result = score(...levels);
    const sum = result.contributions.reduce((total, c) => total + c.delta, 0);
    expect(sum).toBeCloseTo(result.risk, 10);
    expect(Number.isInteger(Math.round(result.risk * 10_000))).toBe(true);
  });
});

describe('riskBand', () => {
  it.each([
    [0, 'low'],
    [0.5, 'low'],
    [0.5001, 'medium'],
    [0.51, 'medium'],
    [0.75, 'medium'],
    [0.7501, 'high'],
    [0.76, 'high'],
    [1, 'high'],
  ])('%d is %s', (risk, band) => expect(riskBand(risk)).toBe(band));
});

describe('scoreChecks', () => {
  it('attaches each check its waterfall step, in order, summing to the risk', () => {
    const checks = [check('A', 'HIGH'), check('B', 'MED'), check('C', 'NONE'), check('D', 'LOW')];
    const scored = scoreChecks(checks);
    // 0.6, then 1 - 0.4 × 0.6 = 0.76 (step 0.16), NONE (step 0), 1 - 0.24 × 0.98 = 0.7648 (step 0.0048).
    expect(scored.risk).toBe(0.7648);
    expect(scored.band).toBe('high');
    expect(scored.checks.map((c) => [c.id, c.contribution])).toEqual([
      ['A', 0.6],
      ['B', 0.16],
      ['C', 0],
      ['D', 0.0048],
    ]);
    expect(scored.checks.reduce((sum, c) => sum + c.contribution, 0)).toBeCloseTo(scored.risk, 4);
    expect(scored.checks[0]).toMatchObject({ id: 'A', state: 'X', risk: 'HIGH', checkPackage: 'Email' });
  });
});
