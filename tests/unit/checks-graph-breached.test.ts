// BREACHED_IDENTITY_COMPROMISED from hand-built breach facts.
import { describe, expect, it } from 'vitest';
import { breachedChecks } from '@/lib/engine/checks/breached';
import type { BreachFacts } from '@/lib/engine/graph/facts';
import type { NormalizedRequest } from '@/lib/engine/types';
import { DAY, daysAgo, withGraph } from './support/graph-facts';
import { cleartextEmail, name, normalizedRequest, phone } from './support/normalized-request';

const withEmail = normalizedRequest({ emails: [cleartextEmail('jane@acme.com')] });

/** Breach records the graph holds for anyone: the corpus a clean answer is checked against. */
const LOADED = 1200;

const run = (
  breaches: BreachFacts[],
  input: NormalizedRequest = withEmail,
  breachRecords: number | undefined = LOADED,
) => {
  const [check] = breachedChecks(input, withGraph({ breaches, breachRecords }));
  if (check === undefined) throw new Error('no check');
  return check;
};

describe('BREACHED_IDENTITY_COMPROMISED', () => {
  it.each([
    ['HIGH', 'HIGH', daysAgo(0)],
    ['HIGH', 'HIGH', daysAgo(7)],
    ['MED', 'MED', daysAgo(7) - DAY],
    ['MED', 'MED', daysAgo(30)],
    ['LOW', 'LOW', daysAgo(31)],
    ['LOW', 'LOW', daysAgo(3000)],
  ])('is %s [%s] for the latest breach at %d', (state, risk, at) => {
    expect(run([{ breach: 'ExampleLeak', breachedAtMs: at }])).toMatchObject({ state, risk });
  });

  it('names the latest breach, its date and the others', () => {
    const check = run([
      { breach: 'Fresh', breachedAtMs: daysAgo(12) },
      { breach: 'Older', breachedAtMs: Date.parse('2024-05-01T00:00:00Z') },
      { breach: 'Oldest', breachedAtMs: Date.parse('2019-01-01T00:00:00Z') },
    ]);
    expect(check).toMatchObject({ state: 'MED', risk: 'MED' });
    expect(check.description).toBe(
      'Identifiers of this identity appear in 3 breaches; the latest, Fresh, on 2026-10-20 (12 days ago). ' +
        'Also in Older (2024-05-01), Oldest (2019-01-01).',
    );
  });

  it('counts the breaches it does not name', () => {
    const breaches = Array.from({ length: 6 }, (_, i) => ({
      breach: `B${i}`,
      breachedAtMs: daysAgo(100 + i),
    }));
    expect(run(breaches).description).toMatch(/Also in B1 \(.*\), B2 \(.*\), B3 \(.*\) and 2 more\.$/);
  });

  it('is FALSE [NONE] when breach records are loaded and none holds an identifier', () => {
    const check = run([]);
    expect(check).toMatchObject({ state: 'FALSE', risk: 'NONE' });
    expect(check.description).toBe(
      'None of the 1200 breach records loaded holds an email, phone, SSN or profile of this identity.',
    );
  });

  // Issue 9, finding 7: with no breach data at all, "no breach" is no evidence of a clean identity.
  it('is UNKNOWN [NONE] when no breach record is loaded, or the graph does not say', () => {
    const [unsaid] = breachedChecks(withEmail, withGraph({ breaches: [] }));
    for (const check of [run([], withEmail, 0), unsaid]) {
      expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
      expect(check?.description).toMatch(/^Awaiting the breach records/);
    }
  });

  it('is UNKNOWN [NONE] for a name or the last four SSN digits, too common to look up', () => {
    for (const input of [
      normalizedRequest({ name: name('Jane', 'Doe') }),
      normalizedRequest({ ssn: { kind: 'last4', digits: '6789' } }),
    ]) {
      const check = run([], input);
      expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
      expect(check.description).toMatch(/shared by too many people/);
    }
  });

  it('is NONE without an identifier', () => {
    const input = normalizedRequest({ ipAddress: { address: '8.8.8.8', version: 4 } });
    expect(run([], input)).toMatchObject({ state: 'NONE', risk: 'NONE' });
  });

  it('looks up phones and full SSNs', () => {
    expect(run([], normalizedRequest({ phones: [phone('+14152345678')] })).state).toBe('FALSE');
    expect(run([], normalizedRequest({ ssn: { kind: 'full', digits: '219099999' } })).state).toBe('FALSE');
  });
});
