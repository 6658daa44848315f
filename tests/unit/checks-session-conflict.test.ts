// SYNTHETIC_SESSION_CONFLICT from hand-built sessions: one applicant has one SSN and one birthday.
import { describe, expect, it } from 'vitest';
import { syntheticIdentityChecks } from '@/lib/engine/checks/synthetic-identity';
import type { NormalizedRequest, SessionValues } from '@/lib/engine/types';
import { outcome } from './support/find-check';
import { ctx, normalizedRequest } from './support/normalized-request';

const NO_VALUES: SessionValues = { ssns: [], names: [], locations: [], ipAddresses: [], birthdays: [] };
const full = (digits: string) => ({ kind: 'full' as const, digits });
const last4 = (digits: string) => ({ kind: 'last4' as const, digits });

const conflict = (input: Partial<NormalizedRequest>, others: Partial<SessionValues> = {}) =>
  outcome(
    syntheticIdentityChecks(normalizedRequest({ ...input, sessionValues: { ...NO_VALUES, ...others } }), ctx),
    'SYNTHETIC_SESSION_CONFLICT',
  );

describe('SYNTHETIC_SESSION_CONFLICT', () => {
  it('is TRUE [HIGH] when the session gave two different full SSNs', () => {
    expect(conflict({ ssn: full('002045678') }, { ssns: [full('001034567')] })).toEqual({
      state: 'TRUE',
      risk: 'HIGH',
    });
  });

  it('is TRUE [HIGH] for a last four that the full SSN does not end with, or two last fours', () => {
    expect(conflict({ ssn: full('001034567') }, { ssns: [last4('9999')] }).state).toBe('TRUE');
    expect(conflict({ ssn: last4('1111') }, { ssns: [last4('2222')] }).state).toBe('TRUE');
  });

  it('is TRUE [HIGH] when the session gave two different birthdays', () => {
    expect(conflict({ birthday: '1990-07-04' }, { birthdays: ['1985-02-03'] })).toEqual({
      state: 'TRUE',
      risk: 'HIGH',
    });
  });

  it('is FALSE [NONE] for a last four and the full SSN that ends with it', () => {
    expect(conflict({ ssn: full('001034567') }, { ssns: [last4('4567')] })).toEqual({
      state: 'FALSE',
      risk: 'NONE',
    });
  });

  it('is NONE with one SSN and one birthday, in a session or outside one', () => {
    expect(conflict({ ssn: full('001034567'), birthday: '1990-07-04' })).toEqual({
      state: 'NONE',
      risk: 'NONE',
    });
    const single = syntheticIdentityChecks(normalizedRequest({ ssn: full('001034567') }), ctx);
    expect(outcome(single, 'SYNTHETIC_SESSION_CONFLICT')).toEqual({ state: 'NONE', risk: 'NONE' });
  });
});
