// DIGITAL_CONTACT_CHANGE from hand-built contact facts: a long-known email arriving with a phone
// its identity never used is how an account taken over arrives (issue 30).
import { describe, expect, it } from 'vitest';
import { digitalChecks } from '@/lib/engine/checks/digital';
import { contactFacts } from '@/lib/engine/checks/example-kit';
import type { GraphFacts } from '@/lib/engine/graph/facts';
import { findCheck, outcome } from './support/find-check';
import { withGraph } from './support/graph-facts';
import { cleartextEmail, normalizedRequest, phone } from './support/normalized-request';

const request = normalizedRequest({
  emails: [cleartextEmail('jane@acme.com')],
  phones: [phone('+14155550123')],
});
const facts = contactFacts;
const run = (contacts: GraphFacts['contacts']) =>
  findCheck(digitalChecks(request, withGraph({ contacts })), 'DIGITAL_CONTACT_CHANGE');

describe('DIGITAL_CONTACT_CHANGE', () => {
  it('is NEW_PHONE [MED] when the phone is not one the identity has on file', () => {
    const check = run(facts({ heldPhones: 0, newPhones: 1 }));
    expect(check).toMatchObject({ state: 'NEW_PHONE', risk: 'MED', checkPackage: 'Digital' });
    expect(check.description).toMatch(
      /first seen \d{4}-\d\d-\d\d \(6 years ago\).*1 phone on file; the phone given is not one of them\./,
    );
    expect(check.description).toMatch(/does not vouch for this applicant/);
  });

  it('says when the street address is new as well', () => {
    expect(run(facts({ heldPhones: 0, newPhones: 1, addressKnown: false })).description).toMatch(
      /nor is the street address/,
    );
  });

  it('is NEW_ADDRESS [LOW] when only the street address is new: people move', () => {
    const check = run(facts({ addressKnown: false, identityAddresses: 2 }));
    expect(outcome([check], 'DIGITAL_CONTACT_CHANGE')).toEqual({ state: 'NEW_ADDRESS', risk: 'LOW' });
    expect(check.description).toMatch(
      /2 street addresses on file; the one given is new to it, the phone is its own/,
    );
  });

  it('is SAME [NONE] when the phone and address are on file', () => {
    expect(outcome([run(facts({}))], 'DIGITAL_CONTACT_CHANGE')).toEqual({ state: 'SAME', risk: 'NONE' });
  });

  it("does not call a second phone new when the other given is the identity's own", () => {
    expect(run(facts({ heldPhones: 1, newPhones: 1 })).state).toBe('SAME');
  });

  it('does not call a phone new when the identity had none on file to compare with', () => {
    expect(run(facts({ identityPhones: 0, heldPhones: 0, newPhones: 1 })).state).toBe('SAME');
    expect(
      run(
        facts({ identityPhones: 0, heldPhones: 0, newPhones: 1, identityAddresses: 0, addressKnown: false }),
      ).state,
    ).toBe('UNKNOWN');
  });

  it('is NONE without an established email, UNKNOWN when the facts were not gathered', () => {
    expect(outcome([run(null)], 'DIGITAL_CONTACT_CHANGE')).toEqual({ state: 'NONE', risk: 'NONE' });
    expect(run(undefined)).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(run(undefined).description).toMatch(/^Awaiting /);
  });
});
