import { describe, expect, it } from 'vitest';
import { compareChecks } from '@/lib/engine/checks';
import { CHECK_CATALOG, CHECK_IDS, type StateSpec } from '@/lib/engine/checks/catalog';
import { riskBand, scoreChecks, scoreRisk } from '@/lib/engine/risk';
import { FACTS, levelForWeight } from '@/lib/engine/risk-weights';
import type { Check, RiskLevel } from '@/lib/engine/types';

const check = (id: string, risk: RiskLevel, state = 'X'): Check => ({
  id,
  risk,
  state,
  name: id,
  description: '',
  checkPackage: 'Email',
});

/** A check in a catalog state, at the catalog's level for it. */
function at(id: string, state: string): Check {
  const states: Readonly<Record<string, StateSpec>> | undefined = (
    CHECK_CATALOG as Readonly<Record<string, { states: Readonly<Record<string, StateSpec>> }>>
  )[id]?.states;
  const spec = states?.[state];
  if (spec === undefined) throw new Error(`${id} has no state ${state}`);
  return check(id, spec.risk, state);
}

/** What an ordinary applicant's answer holds besides the states a case adds (docs/risk.md, fresh install). */
const ORDINARY = [
  at('EMAIL_TYPE', 'FREE'),
  at('IP_TYPE', 'UNKNOWN'),
  at('PHONE_TYPE', 'UNKNOWN'),
  at('LOCATION_ADDRESS_IS_BUSINESS', 'UNKNOWN'),
  at('LOCATION_COUNTRY_RISK', 'LOW'),
  at('EMAIL_NO_MX_RECORD', 'FALSE'),
];

const score = (...levels: RiskLevel[]) => scoreRisk(levels.map((level, i) => check(`C${i}`, level)));
const bandOf = (...checks: Check[]) => scoreRisk([...ORDINARY, ...checks]).band;
const riskOf = (...checks: Check[]) => scoreRisk([...ORDINARY, ...checks]).risk;

describe('scoreRisk: levels (checks without a weight of their own, each a fact of its own)', () => {
  it('is 0 (low) with no checks or only NONE checks', () => {
    expect(score()).toEqual({ risk: 0, band: 'low', contributions: [] });
    expect(score('NONE', 'NONE').risk).toBe(0);
  });

  // The bands the levels promise (docs/checks.md): one HIGH is worth review, a HIGH and a MED
  // or three MEDs are high, a MED alone is not worth review, two independent MEDs are.
  it.each<[RiskLevel[], string]>([
    [['HIGH'], 'medium'],
    [['MED'], 'low'],
    [['LOW'], 'low'],
    [['LOW', 'LOW', 'LOW'], 'low'],
    [['HIGH', 'HIGH'], 'high'],
    [['HIGH', 'MED'], 'high'],
    [['MED', 'MED'], 'medium'],
    [['MED', 'MED', 'MED'], 'high'],
  ])('%j is %s', (levels, band) => expect(score(...levels).band).toBe(band));

  it('approaches 1 with overwhelming evidence and never leaves [0, 1]', () => {
    const many = score(...Array.from({ length: 11 }, (): RiskLevel => 'HIGH'));
    expect(many.risk).toBe(1);
    expect(score('LOW').risk).toBeGreaterThanOrEqual(0);
  });

  it('does not depend on the order of the checks', () => {
    expect(score('LOW', 'HIGH', 'MED', 'NONE').risk).toBe(score('MED', 'NONE', 'LOW', 'HIGH').risk);
  });

  it('gives each check its marginal delta, in check order, summing to the risk', () => {
    const result = score('HIGH', 'NONE', 'MED', 'LOW');
    expect(result.contributions.map((c) => c.id)).toEqual(['C0', 'C1', 'C2', 'C3']);
    expect(result.contributions[1]?.delta).toBe(0);
    expect(result.contributions.every((c, i) => i === 1 || c.delta > 0)).toBe(true);
    const sum = result.contributions.reduce((total, c) => total + c.delta, 0);
    expect(sum).toBeCloseTo(result.risk, 10);
  });
});

describe('scoreRisk: honest applicants with ordinary irregularities stay low (issue 30)', () => {
  it.each<[string, Check[]]>([
    ['a privacy VPN', [at('IP_TYPE', 'VPN')]],
    ['a number kept after a move', [at('PHONE_LOCATION_MISMATCH', 'TRUE')]],
    [
      'a kept number and a business address',
      [at('PHONE_LOCATION_MISMATCH', 'TRUE'), at('LOCATION_ADDRESS_IS_BUSINESS', 'TRUE')],
    ],
    [
      'a kept number and a trip abroad',
      [at('PHONE_LOCATION_MISMATCH', 'TRUE'), at('IP_GEOLOCATION_MISMATCH', 'TRUE')],
    ],
    [
      'a business address and a trip abroad',
      [at('LOCATION_ADDRESS_IS_BUSINESS', 'TRUE'), at('IP_GEOLOCATION_MISMATCH', 'TRUE')],
    ],
    ['a VPN exit abroad', [at('IP_TYPE', 'VPN'), at('IP_GEOLOCATION_MISMATCH', 'TRUE')]],
    ['a prepaid phone and a VPN', [at('PHONE_TYPE', 'PREPAID'), at('IP_TYPE', 'VPN')]],
  ])('%s', (_, checks) => expect(bandOf(...checks)).toBe('low'));

  it('lowers risk for a long, consistent history: a returning customer scores under a stranger', () => {
    const history = [
      at('EMAIL_FIRST_SEEN', 'LONG_AGO'),
      at('EMAIL_LAST_SEEN', 'RECENT'),
      at('PHONE_FIRST_SEEN', 'OLDER'),
    ];
    const vpn = at('IP_TYPE', 'VPN');
    const geo = at('IP_GEOLOCATION_MISMATCH', 'TRUE');
    expect(riskOf(vpn, geo, ...history)).toBeLessThan(riskOf(vpn, geo));
    const scored = scoreChecks([...ORDINARY, geo, ...history]);
    const trust = scored.checks.find((c) => c.id === 'EMAIL_FIRST_SEEN');
    expect(trust?.contribution).toBeLessThan(0);
    expect(scored.checks.reduce((sum, c) => sum + c.contribution, 0)).toBeCloseTo(scored.risk, 4);
  });
});

describe('scoreRisk: an account takeover voids the history it arrives with (issue 30)', () => {
  const history = [at('EMAIL_FIRST_SEEN', 'LONG_AGO'), at('EMAIL_LAST_SEEN', 'RECENT')];

  it("counts a long-known email's trust for nothing once the phone is not its identity's", () => {
    const takeover = [...history, at('DIGITAL_CONTACT_CHANGE', 'NEW_PHONE')];
    const alone = [at('DIGITAL_CONTACT_CHANGE', 'NEW_PHONE')];
    expect(riskOf(...takeover)).toBe(riskOf(...alone));
    // In the API's order (most risky first) the void comes before the trust, which then adds 0.
    const scored = scoreChecks([...ORDINARY, ...takeover].sort(compareChecks));
    expect(scored.checks.find((c) => c.id === 'EMAIL_FIRST_SEEN')?.contribution ?? 0).toBeGreaterThanOrEqual(
      0,
    );
    expect(scored.checks.reduce((sum, c) => sum + c.contribution, 0)).toBeCloseTo(scored.risk, 4);
  });

  it('takes a new phone from a data center, a VPN or abroad out of the low band', () => {
    const newPhone = at('DIGITAL_CONTACT_CHANGE', 'NEW_PHONE');
    for (const connection of [
      at('IP_TYPE', 'DATA_CENTER'),
      at('IP_TYPE', 'VPN'),
      at('IP_GEOLOCATION_MISMATCH', 'TRUE'),
    ]) {
      expect(bandOf(...history, newPhone, connection)).not.toBe('low');
    }
  });

  it('keeps a returning customer with a new number, or who moved, low', () => {
    expect(bandOf(...history, at('DIGITAL_CONTACT_CHANGE', 'NEW_PHONE'))).toBe('low');
    const moved = [...history, at('DIGITAL_CONTACT_CHANGE', 'NEW_ADDRESS')];
    expect(riskOf(...moved)).toBeLessThan(riskOf());
  });

  it('keeps the trust when a policy weighs the new phone at nothing', () => {
    const checks = [...history, { ...at('DIGITAL_CONTACT_CHANGE', 'NEW_PHONE'), risk: 'NONE' as const }];
    expect(riskOf(...checks)).toBeLessThan(riskOf());
  });
});

describe('scoreRisk: one fact counts once', () => {
  it('counts "never seen", "no footprint" and "first seen this month" as one absence', () => {
    const footprint = at('DIGITAL_NO_DIGITAL_FOOTPRINT', 'TRUE');
    const all = [
      footprint,
      at('EMAIL_FIRST_SEEN', 'NEW'),
      at('EMAIL_NEVER_SEEN', 'TRUE'),
      at('PHONE_FIRST_SEEN', 'NEW'),
    ];
    expect(riskOf(...all)).toBe(riskOf(footprint, at('EMAIL_FIRST_SEEN', 'NEW')));
    const scored = scoreChecks(all);
    expect(scored.checks.slice(1).map((c) => c.contribution)).toEqual([0, 0, 0]);
  });

  it('counts one person on two sanctions lists once, and a name-and-location hit is high alone', () => {
    const ofac = at('IDENTITY_OFAC_LIST', 'INPUT_NAME');
    expect(riskOf(ofac, at('IDENTITY_UN_SANCTION_LIST', 'INPUT_NAME'))).toBe(riskOf(ofac));
    expect(bandOf(at('IDENTITY_OFAC_LIST', 'INPUT_NAME_LOC'))).toBe('high');
  });

  it('still adds independent facts: a disposable email and a Tor exit are high', () => {
    expect(bandOf(at('EMAIL_TYPE', 'DISPOSABLE'), at('IP_TYPE', 'TOR'))).toBe('high');
  });
});

describe('scoreRisk: a level set by policy or the coverage rule weighs that level', () => {
  it('weighs an absence lowered to NONE at nothing, and a state raised to HIGH like a HIGH', () => {
    expect(riskOf(check('DIGITAL_NO_DIGITAL_FOOTPRINT', 'NONE', 'TRUE'))).toBe(riskOf());
    expect(scoreRisk([check('IP_TYPE', 'HIGH', 'VPN')]).risk).toBe(score('HIGH').risk);
  });
});

describe('the catalog weights', () => {
  const entries = CHECK_IDS.flatMap((id) =>
    Object.entries(CHECK_CATALOG[id].states as Readonly<Record<string, StateSpec>>).map(
      ([state, spec]) => [id, state, spec] as const,
    ),
  );

  it('put every unpinned state with a weight of its own at the level its weight falls in', () => {
    const off = entries.filter(
      ([, , spec]) => spec.weight !== undefined && !spec.pinned && levelForWeight(spec.weight) !== spec.risk,
    );
    expect(off.map(([id, state, spec]) => `${id} ${state} ${spec.risk} ${spec.weight}`)).toEqual([]);
  });

  it('name only catalog checks in its facts, each in one fact', () => {
    const ids = Object.values(FACTS).flat();
    expect(ids.filter((id) => !CHECK_IDS.some((known) => known === id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
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
    expect(scored.band).toBe('high');
    expect(scored.checks.map((c) => c.id)).toEqual(['A', 'B', 'C', 'D']);
    expect(scored.checks[2]?.contribution).toBe(0);
    expect(scored.checks.reduce((sum, c) => sum + c.contribution, 0)).toBeCloseTo(scored.risk, 4);
    expect(scored.checks[0]).toMatchObject({ id: 'A', state: 'X', risk: 'HIGH', checkPackage: 'Email' });
  });
});

describe('scoreRisk: privacy services are not fraud (issue 30, item 2)', () => {
  it("keeps Apple's Hide My Email and iCloud Private Relay low, alone and together", () => {
    const relayEmail = [at('EMAIL_TYPE', 'PRIVACY_RELAY'), at('EMAIL_USER_PORTION', 'GENERATED')];
    expect(bandOf(...relayEmail)).toBe('low');
    expect(bandOf(at('IP_TYPE', 'PRIVACY_RELAY'))).toBe('low');
    expect(bandOf(...relayEmail, at('IP_TYPE', 'PRIVACY_RELAY'), at('PHONE_LOCATION_MISMATCH', 'TRUE'))).toBe(
      'low',
    );
  });
});
