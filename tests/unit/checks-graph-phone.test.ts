// The Phone checks that read the graph and the carrier records, from hand-built facts.
import { describe, expect, it } from 'vitest';
import { phoneChecks } from '@/lib/engine/checks/phone';
import { cannotOriginate } from '@/lib/engine/checks/phone-dno';
import type { PhoneFacts } from '@/lib/engine/graph/facts';
import type { PhoneInput } from '@/lib/engine/types';
import { findCheck, outcome } from './support/find-check';
import { daysAgo, phoneFacts, record, seen, withGraph, yearsAgo } from './support/graph-facts';
import { normalizedRequest, phone } from './support/normalized-request';

const NUMBER = phone('+14152345678', 'FIXED_LINE_OR_MOBILE');

const run = (facts: PhoneFacts, input: PhoneInput = NUMBER) =>
  phoneChecks(normalizedRequest({ phones: [input] }), withGraph({ phones: [facts] }));

const runMany = (pairs: [PhoneInput, PhoneFacts][]) =>
  phoneChecks(
    normalizedRequest({ phones: pairs.map(([p]) => p) }),
    withGraph({ phones: pairs.map(([, f]) => f) }),
  );

const noPhone = phoneChecks(normalizedRequest(), withGraph());

describe('PHONE_FIRST_SEEN and PHONE_LAST_SEEN', () => {
  it.each([
    ['NEW', 'HIGH', daysAgo(10)],
    ['RECENT', 'MED', daysAgo(200)],
    ['OLDER', 'NONE', yearsAgo(3)],
    ['LONG_AGO', 'NONE', yearsAgo(6)],
  ])('first seen %s [%s]', (state, risk, firstMs) => {
    const checks = run(phoneFacts([], seen(firstMs, daysAgo(1))));
    expect(outcome(checks, 'PHONE_FIRST_SEEN')).toEqual({ state, risk });
    expect(findCheck(checks, 'PHONE_FIRST_SEEN').description).toMatch(/^First seen on \d{4}-\d\d-\d\d \(/);
  });

  it.each([
    ['RECENT', 'NONE', daysAgo(30)],
    ['OLDER', 'LOW', yearsAgo(2)],
    ['LONG_AGO', 'LOW', yearsAgo(7)],
  ])('last seen %s [%s]', (state, risk, lastMs) => {
    expect(outcome(run(phoneFacts([], seen(yearsAgo(9), lastMs))), 'PHONE_LAST_SEEN')).toEqual({
      state,
      risk,
    });
  });

  it('are UNKNOWN [NONE] for a number never seen and NONE without a phone', () => {
    const checks = run(phoneFacts());
    expect(outcome(checks, 'PHONE_FIRST_SEEN')).toEqual({ state: 'UNKNOWN', risk: 'NONE' });
    expect(outcome(checks, 'PHONE_LAST_SEEN')).toEqual({ state: 'UNKNOWN', risk: 'NONE' });
    expect(findCheck(checks, 'PHONE_FIRST_SEEN').description).toMatch(/^Never seen/);
    expect(outcome(noPhone, 'PHONE_FIRST_SEEN').state).toBe('NONE');
    expect(outcome(noPhone, 'PHONE_LAST_SEEN').state).toBe('NONE');
  });
});

describe('PHONE_PORT', () => {
  it('is RECENT [HIGH] for a carrier change within 30 days, naming both carriers and the date', () => {
    const check = findCheck(
      run(phoneFacts([record(yearsAgo(2), 'MOBILE', 'Carrier A'), record(daysAgo(5), 'VOIP', 'Carrier B')])),
      'PHONE_PORT',
    );
    expect(check).toMatchObject({ state: 'RECENT', risk: 'HIGH' });
    expect(check.description).toBe(
      'Ported from Carrier A to Carrier B, first seen with the new carrier on 2026-10-27 (5 days ago).',
    );
  });

  it('is PORTED [LOW] for an earlier change', () => {
    const facts = phoneFacts([
      record(yearsAgo(3), 'MOBILE', 'Carrier A'),
      record(daysAgo(31), 'MOBILE', 'Carrier B'),
    ]);
    expect(outcome(run(facts), 'PHONE_PORT')).toEqual({ state: 'PORTED', risk: 'LOW' });
  });

  it('dates the latest change, also a port back to the first carrier', () => {
    const facts = phoneFacts([
      record(yearsAgo(3), 'MOBILE', 'Carrier A'),
      record(yearsAgo(2), 'MOBILE', 'Carrier B'),
      record(daysAgo(2), 'MOBILE', 'Carrier A'),
    ]);
    expect(findCheck(run(facts), 'PHONE_PORT').description).toMatch(/^Ported from Carrier B to Carrier A/);
  });

  it('is NOT_PORTED [NONE] with one carrier (case and records without a carrier ignored)', () => {
    const facts = phoneFacts([
      record(yearsAgo(3), 'MOBILE', 'Carrier A'),
      record(yearsAgo(2), 'MOBILE', null),
      record(daysAgo(2), 'MOBILE', 'carrier a '),
    ]);
    const check = findCheck(run(facts), 'PHONE_PORT');
    expect(check).toMatchObject({ state: 'NOT_PORTED', risk: 'NONE' });
    expect(check.description).toMatch(/^With Carrier A in all 2 carrier records since 2023-11-01\.$/);
  });

  it('is UNKNOWN [NONE] without records, with carrier-less records, and without a phone', () => {
    expect(outcome(run(phoneFacts()), 'PHONE_PORT')).toEqual({ state: 'UNKNOWN', risk: 'NONE' });
    expect(findCheck(run(phoneFacts()), 'PHONE_PORT').description).toBe('No carrier record of the number.');
    expect(findCheck(run(phoneFacts([record(daysAgo(3), 'MOBILE', null)])), 'PHONE_PORT').description).toBe(
      'No carrier record names a carrier.',
    );
    expect(outcome(noPhone, 'PHONE_PORT')).toEqual({ state: 'UNKNOWN', risk: 'NONE' });
  });

  it('lets a recent port of one number outrank another never ported', () => {
    const checks = runMany([
      [NUMBER, phoneFacts([record(yearsAgo(1), 'MOBILE', 'A')])],
      [
        phone('+14153987654'),
        phoneFacts([record(yearsAgo(1), 'MOBILE', 'A'), record(daysAgo(1), 'MOBILE', 'B')]),
      ],
    ]);
    expect(outcome(checks, 'PHONE_PORT').state).toBe('RECENT');
  });
});

describe('PHONE_PREV_TYPE', () => {
  it.each([
    ['MOBILE', 'NONE'],
    ['LANDLINE', 'NONE'],
    ['VOIP', 'MED'],
    ['TOLL_FREE', 'NONE'],
    ['PREPAID', 'NONE'],
  ] as const)('is %s [%s]: the line type before the latest carrier change', (lineType, risk) => {
    const facts = phoneFacts([
      record(yearsAgo(4), 'LANDLINE', 'Carrier 0'),
      record(yearsAgo(3), lineType, 'Carrier A'),
      record(daysAgo(40), 'MOBILE', 'Carrier B'),
    ]);
    expect(outcome(run(facts), 'PHONE_PREV_TYPE')).toEqual({ state: lineType, risk });
  });

  it('names the carriers and dates of the change', () => {
    const facts = phoneFacts([
      record(yearsAgo(3), 'VOIP', 'Carrier A'),
      record(daysAgo(40), 'MOBILE', 'Carrier B'),
    ]);
    expect(findCheck(run(facts), 'PHONE_PREV_TYPE').description).toBe(
      'A VoIP line with Carrier A (2023-11-01) before its port to Carrier B (2026-09-22).',
    );
  });

  it('is NONE without a change of carrier, without records, and without a phone', () => {
    expect(outcome(run(phoneFacts([record(yearsAgo(2), 'VOIP', 'A')])), 'PHONE_PREV_TYPE')).toEqual({
      state: 'NONE',
      risk: 'NONE',
    });
    expect(findCheck(run(phoneFacts()), 'PHONE_PREV_TYPE').description).toBe(
      'No carrier record of the number.',
    );
    expect(outcome(noPhone, 'PHONE_PREV_TYPE').state).toBe('NONE');
  });

  it('lets a ported number speak over one never ported', () => {
    const checks = runMany([
      [NUMBER, phoneFacts()],
      [
        phone('+14153987654'),
        phoneFacts([record(yearsAgo(2), 'PREPAID', 'A'), record(daysAgo(3), 'MOBILE', 'B')]),
      ],
    ]);
    expect(outcome(checks, 'PHONE_PREV_TYPE')).toEqual({ state: 'PREPAID', risk: 'NONE' });
  });
});

describe('PHONE_DNO_VOICE and PHONE_DNO_TEXT', () => {
  it.each([
    ['voice', 'TRUE', 'FALSE'],
    ['text', 'FALSE', 'TRUE'],
    ['both', 'TRUE', 'TRUE'],
    [null, 'FALSE', 'FALSE'],
  ] as const)("read the latest record's flag %s", (dno, voice, text) => {
    const checks = run(
      phoneFacts([record(yearsAgo(1), 'MOBILE', 'A', 'both'), record(daysAgo(3), 'MOBILE', 'A', dno)]),
    );
    expect(outcome(checks, 'PHONE_DNO_VOICE')).toEqual({
      state: voice,
      risk: voice === 'TRUE' ? 'HIGH' : 'NONE',
    });
    expect(outcome(checks, 'PHONE_DNO_TEXT')).toEqual({
      state: text,
      risk: text === 'TRUE' ? 'HIGH' : 'NONE',
    });
  });

  it('describe the record that flags the number', () => {
    const checks = run(phoneFacts([record(daysAgo(3), 'MOBILE', 'A', 'text')]));
    expect(findCheck(checks, 'PHONE_DNO_TEXT').description).toBe(
      'The latest carrier record (2026-10-29) flags it do-not-originate for texts.',
    );
  });

  // Issue 9, finding 7: no carrier record and no NANP rule speak for the number, so no FALSE.
  it('are UNKNOWN [NONE] without records, awaiting one', () => {
    const checks = run(phoneFacts());
    for (const id of ['PHONE_DNO_VOICE', 'PHONE_DNO_TEXT']) {
      expect(outcome(checks, id)).toEqual({ state: 'UNKNOWN', risk: 'NONE' });
      expect(findCheck(checks, id).description).toBe(
        'No carrier record of the number: whether it is flagged do-not-originate is not known.',
      );
    }
  });

  // Issue 9, finding 6: an invalid number is PHONE_FORMAT_INVALID's fact, not a second HIGH here.
  it.each([
    ['an invalid number', phone('+1555', null, false, null)],
    ['an unparseable string', { raw: 'call me', e164: null, valid: false, region: null, lineType: null }],
  ])('are NONE [NONE] for %s, naming PHONE_FORMAT_INVALID', (_label, input) => {
    const checks = run(phoneFacts(), input);
    for (const id of ['PHONE_DNO_VOICE', 'PHONE_DNO_TEXT']) {
      expect(outcome(checks, id)).toEqual({ state: 'NONE', risk: 'NONE' });
      expect(findCheck(checks, id).description).toMatch(/\(PHONE_FORMAT_INVALID\)/);
    }
  });

  it.each([
    ['an N11 exchange', phone('+14154111234'), /exchange 411 is an N11 service code/],
    ['a 911 exchange', phone('+12129115555'), /exchange 911/],
    ['a fictional 555-01XX line', phone('+14155550123'), /555-0100 to 555-0199/],
  ])('are TRUE [HIGH] for %s, which cannot originate', (_label, input, reason) => {
    const checks = run(phoneFacts(), input);
    for (const id of ['PHONE_DNO_VOICE', 'PHONE_DNO_TEXT']) {
      expect(outcome(checks, id)).toEqual({ state: 'TRUE', risk: 'HIGH' });
      expect(findCheck(checks, id).description).toMatch(reason);
    }
  });

  it('let ordinary and non-NANP numbers originate', () => {
    expect(cannotOriginate(phone('+14155551212'))).toBeNull();
    expect(cannotOriginate(phone('+14152345678'))).toBeNull();
    expect(cannotOriginate(phone('+447400123456', 'MOBILE', true, 'GB'))).toBeNull();
  });

  it('are NONE without a phone', () => {
    expect(outcome(noPhone, 'PHONE_DNO_VOICE')).toEqual({ state: 'NONE', risk: 'NONE' });
    expect(outcome(noPhone, 'PHONE_DNO_TEXT')).toEqual({ state: 'NONE', risk: 'NONE' });
  });
});

describe('PHONE_TYPE with carrier records', () => {
  it.each([
    ['PREPAID', 'LOW'],
    ['VOIP', 'MED'],
    ['MOBILE', 'NONE'],
    ['LANDLINE', 'NONE'],
    ['TOLL_FREE', 'HIGH'],
  ] as const)("takes the latest record's %s [%s] over the numbering plan", (lineType, risk) => {
    const checks = run(
      phoneFacts([record(yearsAgo(1), 'LANDLINE'), record(daysAgo(2), lineType, 'Carrier B')]),
      phone('+14152345678', 'MOBILE'),
    );
    expect(outcome(checks, 'PHONE_TYPE')).toEqual({ state: lineType, risk });
  });

  it('names the record', () => {
    const check = findCheck(run(phoneFacts([record(daysAgo(2), 'PREPAID', 'Carrier B')])), 'PHONE_TYPE');
    expect(check.description).toBe('The carrier record of 2026-10-30 says prepaid (Carrier B).');
  });

  it('falls back on the numbering plan without records', () => {
    expect(outcome(run(phoneFacts(), phone('+18005550199', 'TOLL_FREE')), 'PHONE_TYPE')).toEqual({
      state: 'TOLL_FREE',
      risk: 'HIGH',
    });
    expect(outcome(run(phoneFacts()), 'PHONE_TYPE')).toEqual({ state: 'UNKNOWN', risk: 'NONE' });
  });
});
