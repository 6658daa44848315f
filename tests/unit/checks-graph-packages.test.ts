// Breached and Digital read only data that is not loaded yet: they await it when their input
// is present, and answer NONE when it is absent. (Identity: tests/unit/checks-identity.test.ts.)
import { describe, expect, it } from 'vitest';
import { breachedChecks } from '@/lib/engine/checks/breached';
import { digitalChecks } from '@/lib/engine/checks/digital';
import type { NormalizedRequest } from '@/lib/engine/types';
import { findCheck } from './support/find-check';
import { cleartextEmail, ctx, name, normalizedRequest, phone } from './support/normalized-request';

const ipOnly = normalizedRequest({ ipAddress: { address: '8.8.8.8', version: 4 } });

describe('Breached', () => {
  it('is NONE without an identifier to look up', () => {
    const [check] = breachedChecks(ipOnly, ctx);
    expect(check).toMatchObject({ id: 'BREACHED_IDENTITY_COMPROMISED', state: 'NONE', risk: 'NONE' });
  });

  it.each<[string, Partial<NormalizedRequest>]>([
    ['an email', { emails: [cleartextEmail('a@b.com')] }],
    ['a phone', { phones: [phone('+14155550123')] }],
    ['an SSN', { ssn: { kind: 'last4', digits: '1234' } }],
    ['a name', { name: name('Jane', 'Doe') }],
  ])('awaits the breach records given %s', (_label, overrides) => {
    const checks = breachedChecks(normalizedRequest(overrides), ctx);
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ state: 'UNKNOWN', risk: 'NONE', checkPackage: 'Breached' });
    expect(checks[0]?.description).toMatch(/^Awaiting the breach records/);
  });
});

describe('Digital', () => {
  const ids = [
    'DIGITAL_CONTACT_CHANGE',
    'DIGITAL_EXCESSIVE_CONNECTIVITY',
    'DIGITAL_NO_DIGITAL_FOOTPRINT',
    'DIGITAL_NO_SOCIAL_NETWORK_PROFILES',
    'DIGITAL_SOCIAL_AGE',
    'DIGITAL_SOCIAL_NETWORK_AVG_AGE',
    'DIGITAL_SOCIAL_NETWORK_NON_US',
  ];

  it('answers all seven NONE without an email, phone or profile', () => {
    const checks = digitalChecks(ipOnly, ctx);
    expect(checks.map((c) => c.id).sort()).toEqual(ids);
    for (const check of checks) expect(check).toMatchObject({ state: 'NONE', risk: 'NONE' });
  });

  it('awaits the identity graph for all seven given an email', () => {
    const checks = digitalChecks(normalizedRequest({ emails: [cleartextEmail('a@b.com')] }), ctx);
    for (const id of ids) {
      expect(findCheck(checks, id)).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
      expect(findCheck(checks, id).description).toMatch(/^Awaiting the identity graph/);
    }
  });
});
