import { describe, expect, it } from 'vitest';
import { CHECK_CATALOG, CHECK_IDS, compareChecks, PACKAGE_ORDER, runChecks } from '@/lib/engine/checks';
import type { CheckSpec } from '@/lib/engine/checks/catalog';
import { RISK_ORDER, type RiskLevel } from '@/lib/engine/types';
import { findCheck, outcome } from './support/find-check';
import { cleartextEmail, ctx, location, name, normalizedRequest, phone } from './support/normalized-request';

const full = normalizedRequest({
  emails: [cleartextEmail('x7k9q2m4@mailinator.com'), cleartextEmail('jane.doe@acme.com')],
  phones: [phone('+14155550123', 'VOIP'), phone('+1555', null, false, null)],
  ssn: { kind: 'full', digits: '123456789' },
  name: name('Jane', 'Doe'),
  location: location({ addressLine1: '1 Main St', city: 'Springfield', countryCode: 'IR' }),
  ipAddress: { address: '10.0.0.1', version: 4 },
  birthday: '1990-04-01',
});

const requests = {
  'an SSN only': normalizedRequest({ ssn: { kind: 'last4', digits: '6789' } }),
  'an IP only': normalizedRequest({ ipAddress: { address: '8.8.8.8', version: 4 } }),
  'an email only': normalizedRequest({ emails: [cleartextEmail('jane@gmail.com')] }),
  'every field': full,
};

const catalog: Readonly<Record<string, CheckSpec>> = CHECK_CATALOG;

const rank = (level: RiskLevel) => RISK_ORDER.indexOf(level);

describe('runChecks', () => {
  it.each(Object.entries(requests))('returns every catalog check once for %s', (_label, input) => {
    const checks = runChecks(input, ctx);
    expect(checks).toHaveLength(CHECK_IDS.length);
    expect(checks.map((c) => c.id).sort()).toEqual([...CHECK_IDS].sort());
  });

  it.each(Object.entries(requests))('orders %s by risk, then package, then id', (_label, input) => {
    const checks = runChecks(input, ctx);
    for (let i = 1; i < checks.length; i++) {
      const [a, b] = [checks[i - 1], checks[i]];
      if (a === undefined || b === undefined) throw new Error('unreachable');
      expect(compareChecks(a, b), `${a.id} before ${b.id}`).toBeLessThan(0);
      expect(rank(a.risk)).toBeLessThanOrEqual(rank(b.risk));
      if (a.risk === b.risk) {
        expect(PACKAGE_ORDER.indexOf(a.checkPackage)).toBeLessThanOrEqual(
          PACKAGE_ORDER.indexOf(b.checkPackage),
        );
      }
    }
  });

  it('puts the HIGH checks of a risky request first', () => {
    const checks = runChecks(full, ctx);
    expect(checks.slice(0, 6).map((c) => [c.id, c.risk])).toEqual([
      ['EMAIL_TYPE', 'HIGH'],
      ['LOCATION_COUNTRY_RISK', 'HIGH'],
      ['PHONE_FORMAT_INVALID', 'HIGH'],
      ['SYNTHETIC_SSN_INVALID', 'HIGH'],
      ['EMAIL_USER_PORTION', 'MED'],
      ['IP_TYPE', 'MED'],
    ]);
  });

  it('reports each real check of the full request', () => {
    const checks = runChecks(full, ctx);
    expect(outcome(checks, 'EMAIL_TYPE')).toEqual({ state: 'DISPOSABLE', risk: 'HIGH' });
    expect(outcome(checks, 'EMAIL_USER_PORTION')).toEqual({ state: 'RANDOM', risk: 'MED' });
    expect(outcome(checks, 'IP_TYPE')).toEqual({ state: 'PRIVATE', risk: 'MED' });
    expect(outcome(checks, 'PHONE_TYPE')).toEqual({ state: 'VOIP', risk: 'MED' });
    expect(outcome(checks, 'SYNTHETIC_EMAIL_MISMATCH')).toEqual({ state: 'MISMATCH', risk: 'LOW' });
    expect(outcome(checks, 'SYNTHETIC_SSN_INVALID')).toEqual({ state: 'TRUE', risk: 'HIGH' });
  });

  // Issue 9, finding 7: without a street LOCATION_ADDRESS_IS_BUSINESS is NONE, no longer UNKNOWN [LOW].
  it('gives an SSN-only request only NONE and UNKNOWN, all at risk NONE', () => {
    const checks = runChecks(requests['an SSN only'], ctx);
    const risky = checks.filter((c) => c.risk !== 'NONE');
    expect(risky.map((c) => [c.id, c.state, c.risk])).toEqual([]);
    for (const check of checks) expect(['NONE', 'UNKNOWN']).toContain(check.state);
    expect(findCheck(checks, 'BREACHED_IDENTITY_COMPROMISED').state).toBe('UNKNOWN');
  });

  it.each(Object.entries(requests))(
    'answers only catalog states, names and risks for %s',
    (_label, input) => {
      for (const check of runChecks(input, ctx)) {
        const entry = catalog[check.id];
        const state = entry?.states[check.state];
        expect(state, `${check.id} ${check.state}`).toBeDefined();
        expect(check.name).toBe(entry?.name);
        expect(check.checkPackage).toBe(entry?.checkPackage);
        // Awaiting a data source adds no risk unless the spec pins UNKNOWN's risk.
        const awaiting =
          check.state === 'UNKNOWN' && check.description.startsWith('Awaiting ') && !state?.pinned;
        expect(check.risk, check.id).toBe(awaiting ? 'NONE' : state?.risk);
        expect(check.description.length).toBeGreaterThan(10);
      }
    },
  );

  it('is deterministic', () => {
    expect(runChecks(full, ctx)).toEqual(runChecks(full, ctx));
  });
});
