// contactsOf: which of the request's phones and street address the established email's identity
// already holds, from the rows gatherFacts reads (lib/services/graph/contacts.ts).
import { describe, expect, it } from 'vitest';
import { contactsOf } from '@/lib/services/graph/contacts';
import type { IdentityRow } from '@/lib/services/graph/facts-query';
import type { IdentifierMatch } from '@/lib/services/graph/person';

const NOW = Date.parse('2026-11-01T00:00:00Z');
const DAY = 86_400_000;

const row = (
  kind: string,
  value: string,
  person: string | null,
  daysOld: number,
  extra: Partial<IdentifierMatch> = {},
): IdentifierMatch => ({
  id: `${kind}:${value}`,
  kind,
  value,
  md5: null,
  sha1: null,
  countries: [],
  first_seen_at: new Date(NOW - daysOld * DAY),
  last_seen_at: new Date(NOW - DAY),
  observations: 3,
  person_id: person,
  link_count: 1,
  is_hub: false,
  ...extra,
});
const identity = (kind: string, person: string, extra: Partial<IdentityRow> = {}): IdentityRow => ({
  kind,
  person,
  firstSeenMs: NOW - 900 * DAY,
  observations: 2,
  hub: false,
  service: null,
  createdAtMs: null,
  country: null,
  ...extra,
});

const HOME = '9 elm st||springfield|il|62701|US';
const base = {
  emails: [row('email', 'e1', 'p1', 900)],
  phones: [row('phone', '+14155550123', 'p1', 900)],
  inputPhones: ['+14155550123'],
  address: HOME,
  identity: [identity('email', 'p1'), identity('phone', 'p1')],
  locations: [HOME],
  nowMs: NOW,
};

describe('contactsOf', () => {
  it("holds the identity's own phone and address", () => {
    expect(contactsOf(base)).toEqual({
      emailFirstSeenMs: NOW - 900 * DAY,
      identityPhones: 1,
      heldPhones: 1,
      newPhones: 0,
      identityAddresses: 1,
      addressKnown: true,
    });
  });

  it('counts a phone never seen, or seen in another identity, as new', () => {
    expect(contactsOf({ ...base, phones: [], inputPhones: ['+12125550199'] })?.newPhones).toBe(1);
    const elsewhere = [row('phone', '+12125550199', 'p2', 40)];
    expect(contactsOf({ ...base, phones: elsewhere, inputPhones: ['+12125550199'] })?.newPhones).toBe(1);
    const both = contactsOf({ ...base, inputPhones: ['+14155550123', '+12125550199'] });
    expect([both?.heldPhones, both?.newPhones]).toEqual([1, 1]);
  });

  it('tells a new street address from a known one', () => {
    expect(contactsOf({ ...base, address: '1 oak ave||boston|ma|02108|US' })?.addressKnown).toBe(false);
    expect(contactsOf({ ...base, address: null })?.addressKnown).toBeNull();
  });

  it('is null without an email first seen 30 days or more ago, or with nothing to compare', () => {
    expect(contactsOf({ ...base, emails: [row('email', 'e1', 'p1', 10)] })).toBeNull();
    expect(contactsOf({ ...base, emails: [row('email', 'e1', 'p1', 900, { is_hub: true })] })).toBeNull();
    expect(contactsOf({ ...base, emails: [row('email', 'e1', 'p1', 900, { observations: 0 })] })).toBeNull();
    expect(contactsOf({ ...base, inputPhones: [], address: null })).toBeNull();
  });

  it("counts only the email's identity's phones seen in activity", () => {
    const identityRows = [
      identity('phone', 'p2'),
      identity('phone', 'p1', { observations: 0 }),
      identity('phone', 'p1', { hub: true }),
    ];
    expect(contactsOf({ ...base, identity: identityRows })?.identityPhones).toBe(0);
  });
});
