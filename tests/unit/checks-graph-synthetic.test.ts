// SYNTHETIC_AGE_MISMATCH, SYNTHETIC_NAME_ADDRESS_NO_MATCH and SYNTHETIC_SSN_SHARED from hand-built facts.
import { describe, expect, it } from 'vitest';
import { syntheticIdentityChecks } from '@/lib/engine/checks/synthetic-identity';
import type { GraphFacts } from '@/lib/engine/graph/facts';
import type { NormalizedRequest } from '@/lib/engine/types';
import { findCheck, outcome } from './support/find-check';
import { person, withGraph } from './support/graph-facts';
import { ctx, location, name, normalizedRequest } from './support/normalized-request';

const run = (input: Partial<NormalizedRequest>, facts: Partial<GraphFacts> = {}) =>
  syntheticIdentityChecks(normalizedRequest(input), withGraph(facts));

const at = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe('SYNTHETIC_AGE_MISMATCH', () => {
  const sighted = (iso: string, kind: 'email' | 'phone' | 'profile' = 'email') => ({
    person: person({ oldestSighting: { ms: at(iso), kind } }),
  });

  it('is MISMATCH [HIGH] when an identifier was first seen before the person was 13', () => {
    const check = findCheck(run({ birthday: '2005-03-02' }, sighted('2012-05-01')), 'SYNTHETIC_AGE_MISMATCH');
    expect(check).toMatchObject({ state: 'MISMATCH', risk: 'HIGH' });
    expect(check.description).toBe(
      'An email of this identity was first seen on 2012-05-01, when someone born on 2005-03-02 was 7, ' +
        'under the minimum online age of 13.',
    );
  });

  it('is MISMATCH when the first sighting predates the birthday', () => {
    const check = findCheck(
      run({ birthday: '2001-01-01' }, sighted('1999-06-01', 'phone')),
      'SYNTHETIC_AGE_MISMATCH',
    );
    expect(check).toMatchObject({ state: 'MISMATCH', risk: 'HIGH' });
    expect(check.description).toBe(
      'A phone of this identity was first seen on 1999-06-01, before the birthday 2001-01-01.',
    );
  });

  it('is MATCHED [NONE] from the thirteenth birthday on', () => {
    expect(
      outcome(run({ birthday: '2000-05-01' }, sighted('2013-04-30')), 'SYNTHETIC_AGE_MISMATCH').state,
    ).toBe('MISMATCH');
    const check = findCheck(
      run({ birthday: '2000-05-01' }, sighted('2013-05-01', 'profile')),
      'SYNTHETIC_AGE_MISMATCH',
    );
    expect(check).toMatchObject({ state: 'MATCHED', risk: 'NONE' });
    expect(check.description).toBe(
      'A social profile of this identity was first seen on 2013-05-01 (the earliest sighting), when someone born on 2000-05-01 was 13.',
    );
  });

  it('is UNKNOWN [NONE] without a birthday, and without a sighting to compare', () => {
    expect(outcome(run({}, sighted('2012-05-01')), 'SYNTHETIC_AGE_MISMATCH')).toEqual({
      state: 'UNKNOWN',
      risk: 'NONE',
    });
    const noHistory = findCheck(
      run({ birthday: '1990-01-01' }, { person: person() }),
      'SYNTHETIC_AGE_MISMATCH',
    );
    expect(noHistory).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(noHistory.description).toMatch(/^No email, phone or profile of this identity has a sighting/);
    expect(outcome(run({ birthday: '1990-01-01' }), 'SYNTHETIC_AGE_MISMATCH').state).toBe('UNKNOWN');
  });
});

describe('SYNTHETIC_NAME_ADDRESS_NO_MATCH', () => {
  const jane = {
    name: name('Jane', 'Doe'),
    location: location({ addressLine1: '1 Main St', city: 'Springfield' }),
  };

  it('is TRUE [MED] when people are known at the address, none by this name', () => {
    const check = findCheck(
      run(jane, { address: { known: true, names: 2, inputNameLinked: false } }),
      'SYNTHETIC_NAME_ADDRESS_NO_MATCH',
    );
    expect(check).toMatchObject({ state: 'TRUE', risk: 'MED' });
    expect(check.description).toBe(
      'The identity graph knows 2 different names at this address, none of them this name.',
    );
  });

  it('is FALSE [NONE] when the name is among them', () => {
    const check = findCheck(
      run(jane, { address: { known: true, names: 3, inputNameLinked: true } }),
      'SYNTHETIC_NAME_ADDRESS_NO_MATCH',
    );
    expect(check).toMatchObject({ state: 'FALSE', risk: 'NONE' });
    expect(check.description).toBe('The name is among the 3 different names seen at this address.');
    const only = run(jane, { address: { known: true, names: 1, inputNameLinked: true } });
    expect(findCheck(only, 'SYNTHETIC_NAME_ADDRESS_NO_MATCH').description).toBe(
      'The name is the one name seen at this address.',
    );
  });

  it('says "at least" when the names were counted in a sample of a busy address', () => {
    const none = findCheck(
      run(jane, { address: { known: true, names: 24, inputNameLinked: false, sampled: true } }),
      'SYNTHETIC_NAME_ADDRESS_NO_MATCH',
    );
    expect(none).toMatchObject({ state: 'TRUE', risk: 'MED' });
    expect(none.description).toBe(
      'The identity graph knows at least 24 different names at this address, none of them this name.',
    );
    const among = findCheck(
      run(jane, { address: { known: true, names: 24, inputNameLinked: true, sampled: true } }),
      'SYNTHETIC_NAME_ADDRESS_NO_MATCH',
    );
    expect(among).toMatchObject({ state: 'FALSE', risk: 'NONE' });
    expect(among.description).toBe('The name is among at least 24 different names seen at this address.');
  });

  it('is UNKNOWN [NONE] for an unknown address, one without known names, or no street line', () => {
    const cases: [Partial<NormalizedRequest>, GraphFacts['address'], RegExp][] = [
      [jane, { known: false, names: 0, inputNameLinked: false }, /does not know this address/],
      [jane, { known: true, names: 0, inputNameLinked: false }, /no name of anyone seen there/],
      [{ ...jane, location: location({ city: 'Springfield' }) }, null, /No street address/],
    ];
    for (const [input, address, description] of cases) {
      const check = findCheck(run(input, { address }), 'SYNTHETIC_NAME_ADDRESS_NO_MATCH');
      expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
      expect(check.description).toMatch(description);
    }
  });

  it('is NONE without a name or without an address', () => {
    expect(outcome(run({ name: jane.name }), 'SYNTHETIC_NAME_ADDRESS_NO_MATCH').state).toBe('NONE');
    expect(outcome(run({ location: jane.location }), 'SYNTHETIC_NAME_ADDRESS_NO_MATCH').state).toBe('NONE');
  });
});

describe('SYNTHETIC_SSN_SHARED', () => {
  const ssn = { kind: 'full', digits: '219099999' } as const;

  it('is TRUE [HIGH] when the SSN is linked to several names', () => {
    const check = findCheck(
      run({ ssn, name: name('Jane', 'Doe') }, { ssn: { names: 3, inputNameLinked: true, persons: 1 } }),
      'SYNTHETIC_SSN_SHARED',
    );
    expect(check).toMatchObject({ state: 'TRUE', risk: 'HIGH' });
    expect(check.description).toBe(
      'The SSN is linked to 3 different names and one identity in the identity graph.',
    );
  });

  it('says "at least" when the SSN\'s names and identities were counted in a sample', () => {
    const check = findCheck(
      run(
        { ssn, name: name('Jane', 'Doe') },
        { ssn: { names: 24, inputNameLinked: true, persons: 9, sampled: true } },
      ),
      'SYNTHETIC_SSN_SHARED',
    );
    expect(check).toMatchObject({ state: 'TRUE', risk: 'HIGH' });
    expect(check.description).toBe(
      'The SSN is linked to at least 24 different names and at least 9 identities in the identity graph.',
    );
  });

  it("is TRUE when the request's own name is new to an SSN known under another", () => {
    const check = findCheck(
      run({ ssn, name: name('Jane', 'Doe') }, { ssn: { names: 1, inputNameLinked: false, persons: 1 } }),
      'SYNTHETIC_SSN_SHARED',
    );
    expect(check.state).toBe('TRUE');
    expect(check.description).toMatch(/2 different names \(counting this request's\)/);
  });

  it('is TRUE when several identity clusters use it', () => {
    expect(
      outcome(
        run({ ssn }, { ssn: { names: 0, inputNameLinked: false, persons: 2 } }),
        'SYNTHETIC_SSN_SHARED',
      ),
    ).toEqual({ state: 'TRUE', risk: 'HIGH' });
    // No name on it: the evidence names the identities alone, not "0 different names".
    expect(
      findCheck(
        run({ ssn }, { ssn: { names: 0, inputNameLinked: false, persons: 28 } }),
        'SYNTHETIC_SSN_SHARED',
      ).description,
    ).toBe('The SSN is linked to 28 identities in the identity graph.');
  });

  it('is FALSE [NONE] for one name and identity, and for an SSN the graph does not know', () => {
    const same = findCheck(
      run({ ssn, name: name('Jane', 'Doe') }, { ssn: { names: 1, inputNameLinked: true, persons: 1 } }),
      'SYNTHETIC_SSN_SHARED',
    );
    expect(same).toMatchObject({ state: 'FALSE', risk: 'NONE' });
    expect(same.description).toBe('The SSN is linked to one name and one identity in the identity graph.');
    const fresh = findCheck(
      run({ ssn, name: name('Jane', 'Doe') }, { ssn: { names: 0, inputNameLinked: false, persons: 0 } }),
      'SYNTHETIC_SSN_SHARED',
    );
    expect(fresh).toMatchObject({ state: 'FALSE', risk: 'NONE' });
    expect(fresh.description).toBe('No other name or identity uses this SSN in the identity graph.');
  });

  it('is UNKNOWN [NONE] for the last four digits, or while the graph is not consulted', () => {
    expect(outcome(run({ ssn: { kind: 'last4', digits: '9999' } }), 'SYNTHETIC_SSN_SHARED')).toEqual({
      state: 'UNKNOWN',
      risk: 'NONE',
    });
    const awaiting = findCheck(
      syntheticIdentityChecks(normalizedRequest({ ssn }), ctx),
      'SYNTHETIC_SSN_SHARED',
    );
    expect(awaiting).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(awaiting.description).toMatch(/^Awaiting the identity graph/);
  });

  it('is NONE without an SSN', () => {
    expect(outcome(run({}), 'SYNTHETIC_SSN_SHARED')).toEqual({ state: 'NONE', risk: 'NONE' });
  });
});
