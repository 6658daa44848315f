import { describe, expect, it } from 'vitest';
import { SSN_SAMPLE_NUMBERS, ssnStructure } from '@/lib/engine/checks/ssn-structure';
import { syntheticIdentityChecks } from '@/lib/engine/checks/synthetic-identity';
import { findCheck } from './support/find-check';
import { ctx, normalizedRequest } from './support/normalized-request';

const judge = (digits: string) => {
  const { state, risk } = ssnStructure({ kind: 'full', digits });
  return { state, risk };
};

const TRUE = { state: 'TRUE', risk: 'HIGH' };
const ITIN = { state: 'ITIN', risk: 'MED' };
const FALSE = { state: 'FALSE', risk: 'NONE' };

describe('SYNTHETIC_SSN_INVALID', () => {
  it('answers NONE without an SSN, and says so', () => {
    const check = ssnStructure(null);
    expect(check).toMatchObject({ id: 'SYNTHETIC_SSN_INVALID', state: 'NONE', risk: 'NONE' });
    expect(check.description).toBe('No SSN was provided.');
  });

  it('answers NONE for the last four digits alone, and says so', () => {
    const check = ssnStructure({ kind: 'last4', digits: '0000' });
    expect(check).toMatchObject({ state: 'NONE', risk: 'NONE', checkPackage: 'Synthetic Identity' });
    expect(check.description).toMatch(/^Only the last four digits/);
  });

  it('answers FALSE for a structurally valid SSN', () => {
    const check = ssnStructure({ kind: 'full', digits: '524351234' });
    expect(check).toMatchObject({ state: 'FALSE', risk: 'NONE', name: 'SSN never issued' });
    expect(check.description.length).toBeGreaterThan(10);
  });

  it.each([
    ['000123456', TRUE],
    ['001123456', FALSE],
    ['665123456', FALSE],
    ['666123456', TRUE],
    ['667123456', FALSE],
    ['899123456', FALSE],
    ['900123456', TRUE],
    ['999123456', TRUE],
  ])('judges the area of %s', (digits, expected) => {
    expect(judge(digits)).toEqual(expected);
  });

  it.each([
    ['524001234', TRUE],
    ['524011234', FALSE],
    ['524990000', TRUE],
    ['524990001', FALSE],
  ])('judges the group and serial of %s', (digits, expected) => {
    expect(judge(digits)).toEqual(expected);
  });

  it.each([
    ['900491234', TRUE],
    ['900501234', ITIN],
    ['900651234', ITIN],
    ['900661234', TRUE],
    ['900691234', TRUE],
    ['900701234', ITIN],
    ['900881234', ITIN],
    ['900891234', TRUE],
    ['900901234', ITIN],
    ['900921234', ITIN],
    ['900931234', TRUE],
    ['900941234', ITIN],
    ['999991234', ITIN],
    ['999990000', TRUE],
    ['900001234', TRUE],
  ])('judges the ITIN group ranges: %s', (digits, expected) => {
    expect(judge(digits)).toEqual(expected);
  });

  it.each(['078051120', '219099999', '123456789', '987654320', '987654329'])(
    'answers TRUE for the sample number %s, naming it',
    (digits) => {
      const check = ssnStructure({ kind: 'full', digits });
      expect(check).toMatchObject(TRUE);
      expect(check.description).toMatch(/published sample or advertising number/);
    },
  );

  it('keeps the neighbours of sample numbers valid', () => {
    expect(judge('078051121')).toEqual(FALSE);
    expect(judge('123456788')).toEqual(FALSE);
    expect(judge('987654330')).toEqual(ITIN);
    expect(SSN_SAMPLE_NUMBERS.size).toBe(13);
  });

  it('names the failing part in the description', () => {
    expect(ssnStructure({ kind: 'full', digits: '666123456' }).description).toBe(
      'The area number 666 is never issued.',
    );
    expect(ssnStructure({ kind: 'full', digits: '524001234' }).description).toBe(
      'The group number 00 is never issued.',
    );
    expect(ssnStructure({ kind: 'full', digits: '524010000' }).description).toBe(
      'The serial number 0000 is never issued.',
    );
    expect(ssnStructure({ kind: 'full', digits: '912781234' }).description).toMatch(/ITIN/);
  });

  it('is answered by the Synthetic Identity package', () => {
    const checks = syntheticIdentityChecks(
      normalizedRequest({ ssn: { kind: 'full', digits: '666123456' } }),
      ctx,
    );
    expect(findCheck(checks, 'SYNTHETIC_SSN_INVALID')).toMatchObject(TRUE);
  });
});
