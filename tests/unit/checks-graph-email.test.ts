// EMAIL_FIRST_SEEN, EMAIL_LAST_SEEN and EMAIL_NEVER_SEEN from hand-built graph facts.
import { describe, expect, it } from 'vitest';
import { emailChecks } from '@/lib/engine/checks/email';
import type { SeenFacts } from '@/lib/engine/graph/facts';
import { findCheck, outcome } from './support/find-check';
import { daysAgo, seen, withGraph, yearsAgo } from './support/graph-facts';
import { cleartextEmail, hashedEmail, normalizedRequest } from './support/normalized-request';

/** One email per entry of `facts`, each with those sightings. */
const run = (...facts: (SeenFacts | null)[]) =>
  emailChecks(
    normalizedRequest({ emails: facts.map((_, i) => cleartextEmail(`person${i}@acme.com`)) }),
    withGraph({ emails: facts }),
  );

describe('EMAIL_FIRST_SEEN', () => {
  it.each([
    ['NEW', 'HIGH', daysAgo(29)],
    ['RECENT', 'MED', daysAgo(31)],
    ['RECENT', 'MED', daysAgo(364)],
    ['OLDER', 'NONE', yearsAgo(1)],
    ['OLDER', 'NONE', yearsAgo(5)],
    ['LONG_AGO', 'NONE', yearsAgo(5) - 86_400_000],
  ])('is %s [%s] for a first sighting at %d', (state, risk, firstMs) => {
    expect(outcome(run(seen(firstMs, daysAgo(1))), 'EMAIL_FIRST_SEEN')).toEqual({ state, risk });
  });

  it('names the date of the first sighting', () => {
    const check = findCheck(run(seen(Date.parse('2019-03-04T05:06:07Z'), daysAgo(1))), 'EMAIL_FIRST_SEEN');
    expect(check.description).toBe('First seen on 2019-03-04 (7 years ago).');
  });

  it('is UNKNOWN [NONE] for an email never seen', () => {
    const check = findCheck(run(null), 'EMAIL_FIRST_SEEN');
    expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(check.description).toMatch(/^Never seen/);
  });

  it('is NONE without an email', () => {
    expect(outcome(emailChecks(normalizedRequest(), withGraph()), 'EMAIL_FIRST_SEEN')).toEqual({
      state: 'NONE',
      risk: 'NONE',
    });
  });

  it('lets the riskiest sighting decide; a never-seen email does not hide a known one', () => {
    const check = findCheck(run(seen(yearsAgo(8)), null, seen(daysAgo(3))), 'EMAIL_FIRST_SEEN');
    expect(check).toMatchObject({ state: 'NEW', risk: 'HIGH' });
    expect(check.description).toMatch(
      /^Riskiest of 3 emails\. Email 1: First seen on .* Email 2: Never seen/,
    );
    expect(outcome(run(seen(yearsAgo(8)), null), 'EMAIL_FIRST_SEEN').state).toBe('LONG_AGO');
  });
});

describe('EMAIL_LAST_SEEN', () => {
  it.each([
    ['RECENT', 'LOW', daysAgo(1)],
    ['RECENT', 'LOW', daysAgo(364)],
    ['OLDER', 'LOW', yearsAgo(2)],
    ['LONG_AGO', 'LOW', yearsAgo(6)],
  ])('is %s [%s] for a last sighting at %d', (state, risk, lastMs) => {
    expect(outcome(run(seen(yearsAgo(10), lastMs)), 'EMAIL_LAST_SEEN')).toEqual({ state, risk });
  });

  it('names the date of the last sighting', () => {
    expect(findCheck(run(seen(yearsAgo(10), daysAgo(12))), 'EMAIL_LAST_SEEN').description).toBe(
      'Last seen on 2026-10-20 (12 days ago).',
    );
  });

  it('is UNKNOWN [NONE] for an email never seen, NONE without an email', () => {
    expect(outcome(run(null), 'EMAIL_LAST_SEEN')).toEqual({ state: 'UNKNOWN', risk: 'NONE' });
    expect(outcome(emailChecks(normalizedRequest(), withGraph()), 'EMAIL_LAST_SEEN').state).toBe('NONE');
  });
});

describe('EMAIL_NEVER_SEEN', () => {
  it('is TRUE [MED] with FIRST and LAST SEEN UNKNOWN [NONE] for an email the graph never observed', () => {
    const checks = run(null);
    expect(outcome(checks, 'EMAIL_NEVER_SEEN')).toEqual({ state: 'TRUE', risk: 'MED' });
    expect(findCheck(checks, 'EMAIL_NEVER_SEEN').description).toBe(
      'Never seen: the identity graph holds no observation of it.',
    );
    expect(outcome(checks, 'EMAIL_FIRST_SEEN')).toEqual({ state: 'UNKNOWN', risk: 'NONE' });
    expect(outcome(checks, 'EMAIL_LAST_SEEN')).toEqual({ state: 'UNKNOWN', risk: 'NONE' });
  });

  it('is FALSE [NONE] with the count of observations', () => {
    const check = findCheck(
      run(seen(Date.parse('2021-03-04T00:00:00Z'), daysAgo(1), 12)),
      'EMAIL_NEVER_SEEN',
    );
    expect(check).toMatchObject({ state: 'FALSE', risk: 'NONE' });
    expect(check.description).toBe('Seen 12 times since 2021-03-04.');
    expect(findCheck(run(seen(daysAgo(2))), 'EMAIL_NEVER_SEEN').description).toMatch(/^Seen once since/);
  });

  // Issue 9, finding 6: a malformed address is EMAIL_INVALID's fact; its absence adds nothing.
  it('does not judge a malformed address never seen, naming EMAIL_INVALID', () => {
    const malformed = (emails: ReturnType<typeof cleartextEmail>[], facts: (SeenFacts | null)[]) =>
      findCheck(emailChecks(normalizedRequest({ emails }), withGraph({ emails: facts })), 'EMAIL_NEVER_SEEN');
    const alone = malformed([cleartextEmail('jane.doe@gmail', false)], [null]);
    expect(alone).toMatchObject({ state: 'NONE', risk: 'NONE' });
    expect(alone.description).toBe('Not judged: the address is malformed (EMAIL_INVALID).');
    // A well-formed address beside it still speaks for itself.
    const both = malformed(
      [cleartextEmail('jane.doe@gmail', false), cleartextEmail('jane@acme.com')],
      [null, null],
    );
    expect(both).toMatchObject({ state: 'TRUE', risk: 'MED' });
  });

  it('is TRUE when any of several emails was never seen', () => {
    expect(outcome(run(seen(daysAgo(400)), null), 'EMAIL_NEVER_SEEN')).toEqual({
      state: 'TRUE',
      risk: 'MED',
    });
  });

  it('reads a digest the same way', () => {
    const checks = emailChecks(
      normalizedRequest({ emails: [hashedEmail('md5', 'jane@acme.com')] }),
      withGraph({ emails: [seen(yearsAgo(3))] }),
    );
    expect(outcome(checks, 'EMAIL_NEVER_SEEN').state).toBe('FALSE');
    expect(outcome(checks, 'EMAIL_FIRST_SEEN').state).toBe('OLDER');
  });

  it('is NONE without an email', () => {
    expect(outcome(emailChecks(normalizedRequest(), withGraph()), 'EMAIL_NEVER_SEEN')).toEqual({
      state: 'NONE',
      risk: 'NONE',
    });
  });
});
