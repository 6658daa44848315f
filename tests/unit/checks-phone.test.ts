import { describe, expect, it } from 'vitest';
import { phoneChecks } from '@/lib/engine/checks/phone';
import type { PhoneInput } from '@/lib/engine/types';
import { findCheck, outcome } from './support/find-check';
import { phoneFacts, withGraph } from './support/graph-facts';
import { ctx, location, normalizedRequest, phone } from './support/normalized-request';

const run = (...phones: PhoneInput[]) => phoneChecks(normalizedRequest({ phones }), ctx);

const PHONE_IDS = [
  'PHONE_DNO_TEXT',
  'PHONE_DNO_VOICE',
  'PHONE_FIRST_SEEN',
  'PHONE_FORMAT_INVALID',
  'PHONE_LAST_SEEN',
  'PHONE_LOCATION_MISMATCH',
  'PHONE_PORT',
  'PHONE_PREV_TYPE',
  'PHONE_TYPE',
];

describe('Phone package', () => {
  it('answers NONE, or UNKNOWN where NONE is not a state, when no phone was sent', () => {
    const checks = run();
    expect(checks.map((c) => c.id).sort()).toEqual(PHONE_IDS);
    for (const check of checks) {
      const expected = ['PHONE_LOCATION_MISMATCH', 'PHONE_PORT'].includes(check.id) ? 'UNKNOWN' : 'NONE';
      expect(check, check.id).toMatchObject({
        state: expected,
        risk: 'NONE',
        description: 'No phone was provided.',
      });
    }
  });

  it('lets the record-bound checks await the phone records or the graph', () => {
    const checks = run(phone('+14155550123'));
    // PHONE_LOCATION_MISMATCH needs no source: without a location it is UNKNOWN (checks-phone-location).
    const bound = ['PHONE_FORMAT_INVALID', 'PHONE_TYPE', 'PHONE_LOCATION_MISMATCH'];
    expect(findCheck(checks, 'PHONE_LOCATION_MISMATCH')).toMatchObject({
      state: 'UNKNOWN',
      risk: 'NONE',
      description: 'No location country was given to compare the phone number with.',
    });
    for (const id of PHONE_IDS.filter((id) => !bound.includes(id))) {
      expect(outcome(checks, id), id).toEqual({ state: 'UNKNOWN', risk: 'NONE' });
      expect(findCheck(checks, id).description).toMatch(/^Awaiting /);
    }
  });
});

describe('PHONE_FORMAT_INVALID', () => {
  it('is FALSE [NONE] for a valid number', () => {
    expect(outcome(run(phone('+14155550123')), 'PHONE_FORMAT_INVALID')).toEqual({
      state: 'FALSE',
      risk: 'NONE',
    });
  });

  it('is TRUE [HIGH] for a number libphonenumber calls invalid', () => {
    const check = findCheck(run(phone('+1555', null, false, null)), 'PHONE_FORMAT_INVALID');
    expect(check).toMatchObject({ state: 'TRUE', risk: 'HIGH' });
    expect(check.description).toBe('Not a valid number in its numbering plan.');
  });

  it('is TRUE when one of several numbers is invalid', () => {
    const check = findCheck(
      run(phone('+14155550123'), phone('+44 12', null, false, 'GB')),
      'PHONE_FORMAT_INVALID',
    );
    expect(check.state).toBe('TRUE');
    expect(check.description).toBe(
      'Riskiest of 2 phones. Phone 1: A valid number for region US. Phone 2: Not a valid number for region GB in its numbering plan.',
    );
  });
});

describe('PHONE_TYPE', () => {
  it.each([
    ['MOBILE', 'MOBILE', 'NONE'],
    ['LANDLINE', 'LANDLINE', 'NONE'],
    ['VOIP', 'VOIP', 'MED'],
    ['TOLL_FREE', 'TOLL_FREE', 'HIGH'],
    ['FIXED_LINE_OR_MOBILE', 'UNKNOWN', 'NONE'],
    ['PREMIUM_RATE', 'UNKNOWN', 'NONE'],
    ['PAGER', 'UNKNOWN', 'NONE'],
    ['UNKNOWN', 'UNKNOWN', 'NONE'],
  ] as const)('line type %s gives %s [%s]', (lineType, state, risk) => {
    expect(outcome(run(phone('+14155550123', lineType)), 'PHONE_TYPE')).toEqual({ state, risk });
  });

  it('says the plan cannot tell fixed-line from mobile', () => {
    expect(findCheck(run(phone('+14155550123', 'FIXED_LINE_OR_MOBILE')), 'PHONE_TYPE').description).toMatch(
      /does not tell fixed-line and mobile numbers apart/,
    );
  });

  // Issue 9, finding 6: the invalid number is PHONE_FORMAT_INVALID's fact, not an UNKNOWN [LOW] here.
  it('is NONE [NONE] for an invalid number, naming PHONE_FORMAT_INVALID', () => {
    const check = findCheck(run(phone('+1555', null, false, null)), 'PHONE_TYPE');
    expect(check).toMatchObject({ state: 'NONE', risk: 'NONE' });
    expect(check.description).toMatch(/\(PHONE_FORMAT_INVALID\)/);
  });

  it('never answers PREPAID from the numbering plan alone', () => {
    const types = [
      'MOBILE',
      'LANDLINE',
      'VOIP',
      'TOLL_FREE',
      'FIXED_LINE_OR_MOBILE',
      'PERSONAL_NUMBER',
    ] as const;
    for (const lineType of types) {
      expect(findCheck(run(phone('+14155550123', lineType)), 'PHONE_TYPE').state).not.toBe('PREPAID');
    }
  });

  it('lets the riskiest of several numbers decide', () => {
    const checks = run(
      phone('+14155550123', 'MOBILE'),
      phone('+14155550124', 'VOIP'),
      phone('+1800', 'TOLL_FREE'),
    );
    expect(outcome(checks, 'PHONE_TYPE')).toEqual({ state: 'TOLL_FREE', risk: 'HIGH' });
  });
});

// Issue 9, finding 6: one malformed phone made PHONE_FORMAT_INVALID, PHONE_DNO_TEXT and
// PHONE_DNO_VOICE all HIGH (risk 0.93 from a typo). The fact counts once.
describe('an invalid phone counts once', () => {
  const typo = phone('+1415555', null, false, null);
  const checks = phoneChecks(
    normalizedRequest({ phones: [typo], location: location({ countryCode: 'US', regionCode: 'CA' }) }),
    withGraph({ phones: [phoneFacts()] }),
  );

  it('leaves every risk of the typo to PHONE_FORMAT_INVALID', () => {
    expect(outcome(checks, 'PHONE_FORMAT_INVALID')).toEqual({ state: 'TRUE', risk: 'HIGH' });
    const risky = checks.filter((c) => c.risk !== 'NONE').map((c) => c.id);
    expect(risky).toEqual(['PHONE_FORMAT_INVALID']);
  });

  it('says in each derived check that PHONE_FORMAT_INVALID carries the fact', () => {
    for (const id of [
      'PHONE_DNO_TEXT',
      'PHONE_DNO_VOICE',
      'PHONE_TYPE',
      'PHONE_LOCATION_MISMATCH',
      'PHONE_PORT',
      'PHONE_PREV_TYPE',
    ]) {
      expect(findCheck(checks, id).description, id).toMatch(/^Not judged: .*\(PHONE_FORMAT_INVALID\)\.$/);
    }
  });
});
