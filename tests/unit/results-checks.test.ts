import { describe, expect, it } from 'vitest';
import { checkEvidence } from '@/components/results/check-evidence';
import { compareChecks, countByRisk, groupChecks } from '@/components/results/check-groups';
import { waterfallSteps } from '@/components/results/waterfall-steps';
import { CHECK_CATALOG, type CheckId } from '@/lib/engine/checks/catalog';
import { CHECK_SOURCES } from '@/lib/engine/checks/sources';
import { scoreChecks } from '@/lib/engine/risk';
import { type Check, RISK_ORDER, type RiskLevel } from '@/lib/engine/types';

/** A check as the engine answers it: name and package from the catalog, risk of that state. */
function check(id: CheckId, state: string): Check {
  const spec = CHECK_CATALOG[id];
  const states: Record<string, { risk: RiskLevel }> = spec.states;
  const risk = states[state]?.risk;
  if (!risk) throw new Error(`${id} has no state ${state}`);
  return {
    id,
    state,
    name: spec.name,
    description: `${spec.name}: ${state}`,
    risk,
    checkPackage: spec.checkPackage,
  };
}

// Ordered as the API orders them (riskiest first), then scored: contributions in that order.
const answer = scoreChecks(
  [
    check('BREACHED_IDENTITY_COMPROMISED', 'HIGH'),
    check('PHONE_DNO_VOICE', 'TRUE'),
    check('EMAIL_FIRST_SEEN', 'RECENT'),
    check('DIGITAL_SOCIAL_AGE', 'NEW'),
    check('EMAIL_TYPE', 'FREE'),
    check('PHONE_PORT', 'PORTED'),
    check('EMAIL_INVALID', 'FALSE'),
    check('PHONE_FORMAT_INVALID', 'FALSE'),
    check('IP_TYPE', 'NONE'),
  ].sort((a, b) => RISK_ORDER.indexOf(a.risk) - RISK_ORDER.indexOf(b.risk)),
);

describe('groupChecks', () => {
  it('groups by package, riskiest package first, riskiest check first within', () => {
    const groups = groupChecks(answer.checks, new Set(RISK_ORDER));
    expect(groups.map((group) => [group.checkPackage, group.highest])).toEqual([
      // Two HIGH packages: Breached moved the score first, Phone after it.
      ['Breached', 'HIGH'],
      ['Phone', 'HIGH'],
      // Two MED packages: Email's MED came before Digital's, so it moved the score more.
      ['Email', 'MED'],
      ['Digital', 'MED'],
      ['IP Address', 'NONE'],
    ]);
    const email = groups.find((group) => group.checkPackage === 'Email');
    expect(email?.checks.map((c) => `${c.id} ${c.risk}`)).toEqual([
      'EMAIL_FIRST_SEEN MED',
      'EMAIL_TYPE LOW',
      'EMAIL_INVALID NONE',
    ]);
    const phone = groups.find((group) => group.checkPackage === 'Phone');
    expect(phone?.checks.map((c) => c.id)).toEqual(['PHONE_DNO_VOICE', 'PHONE_PORT', 'PHONE_FORMAT_INVALID']);
  });

  it('filters by risk level, dropping packages left empty but keeping their highest level', () => {
    const groups = groupChecks(answer.checks, new Set<RiskLevel>(['LOW']));
    expect(groups.map((group) => [group.checkPackage, group.highest, group.checks.map((c) => c.id)])).toEqual(
      [
        ['Phone', 'HIGH', ['PHONE_PORT']],
        ['Email', 'MED', ['EMAIL_TYPE']],
      ],
    );
    expect(groupChecks(answer.checks, new Set())).toEqual([]);
  });

  it('counts the checks per level and orders ties by contribution, then name', () => {
    expect(countByRisk(answer.checks)).toEqual({ HIGH: 2, MED: 2, LOW: 2, NONE: 3 });
    const [a, b] = answer.checks.filter((c) => c.risk === 'NONE');
    if (!a || !b) throw new Error('expected two NONE checks');
    expect(compareChecks(a, b)).toBe(a.name.localeCompare(b.name));
  });
});

describe('waterfallSteps', () => {
  it('chains the steps of the checks that moved the score and ends at the risk', () => {
    const steps = waterfallSteps(answer.checks);
    expect(steps.map((step) => step.id)).toEqual([
      'BREACHED_IDENTITY_COMPROMISED',
      'PHONE_DNO_VOICE',
      'EMAIL_FIRST_SEEN',
      'DIGITAL_SOCIAL_AGE',
      'EMAIL_TYPE',
      'PHONE_PORT',
    ]);
    expect(steps[0]).toMatchObject({ start: 0 });
    expect(steps[0]?.end).toBe(steps[0]?.contribution);
    steps.slice(1).forEach((step, i) => {
      expect(step.start).toBe(steps[i]?.end);
    });
    expect(steps.at(-1)?.end).toBe(answer.risk);
    // Two HIGH and two MED of independent facts: the high band.
    expect(answer.risk).toBeGreaterThan(0.75);
  });

  it('is empty when nothing moved the score', () => {
    expect(waterfallSteps(scoreChecks([check('EMAIL_INVALID', 'FALSE')]).checks)).toEqual([]);
  });
});

describe('checkEvidence', () => {
  it('gives the catalog meaning of the state, the data source and every state', () => {
    const evidence = checkEvidence('EMAIL_TYPE', 'DISPOSABLE');
    expect(evidence.meaning).toBe(CHECK_CATALOG.EMAIL_TYPE.states.DISPOSABLE.meaning);
    expect(evidence.defaultRisk).toBe('HIGH');
    expect(evidence.source).toBe(CHECK_SOURCES.EMAIL_TYPE);
    expect(evidence.states.map((s) => s.state)).toEqual(Object.keys(CHECK_CATALOG.EMAIL_TYPE.states));
  });

  it('says nothing it does not know', () => {
    expect(checkEvidence('NOT_A_CHECK', 'TRUE')).toEqual({
      meaning: null,
      defaultRisk: null,
      source: null,
      states: [],
    });
    expect(checkEvidence('EMAIL_TYPE', 'NOT_A_STATE').meaning).toBeNull();
  });
});
