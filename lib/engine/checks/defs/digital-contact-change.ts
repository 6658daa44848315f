// DIGITAL_CONTACT_CHANGE (Digital): a long-known email arriving with a phone its identity never used.
// Decided in ../contact-change.ts; run with the Digital package (../digital.ts).

import type { ContactFacts } from '../../graph/facts';
import type { CheckContext } from '../../types';
import { defineCheck, example } from '../check-def';
import { awaiting } from '../common-states';
import { contactFacts, EMAIL_ONLY, IP_ONLY, JANE, NO_GRAPH, PHONE_ONLY, withGraph } from '../example-kit';
import { BEVERLY_HILLS } from '../example-kits/location';

const REQUEST = { ...EMAIL_ONLY, ...PHONE_ONLY, name: JANE, location: BEVERLY_HILLS } as const;

const known = (note: string, contacts: Partial<ContactFacts>) => ({
  note,
  context: (base: CheckContext) => withGraph(base, { contacts: contactFacts(contacts) }),
});

// Beyond the 37 core checks (docs/api/operations.md): account takeover, the other half of fraud
// on long-known customers, shows as an old email with a new phone.
export const digitalContactChange = defineCheck({
  id: 'DIGITAL_CONTACT_CHANGE',
  checkPackage: 'Digital',
  name: 'Contact change on a known identity',
  states: {
    NEW_PHONE: {
      risk: 'MED',
      // ln(0.95 / 0.10): nearly every takeover brings the taker's phone; about 1 returning
      // customer in 10 has changed numbers since (docs/risk.md, "Account takeover").
      weight: 2.3,
      voidsTrust: true,
      meaning:
        'The email has been known for 30 days or more, its identity has a phone on file, and the ' +
        "phone given is not one of them: how an account taken over arrives (the victim's email, " +
        "the taker's phone). The email's long history then vouches for its owner, not for this " +
        'applicant, so its trust does not count.',
    },
    NEW_ADDRESS: {
      risk: 'LOW',
      weight: 0.2,
      meaning:
        'The email has been known for 30 days or more and the phone is its own (or none is on ' +
        'file), but the street address is new to its identity: people move (about 1 in 12 a year).',
    },
    SAME: {
      risk: 'NONE',
      meaning: "The phone and street address given are the established email's identity's own.",
    },
    UNKNOWN: {
      ...awaiting,
      meaning:
        "The established email's identity has no phone or street address on file, or the graph " +
        'was not consulted (or a partial view cannot tell whose they are).',
    },
    NONE: {
      risk: 'NONE',
      meaning: 'No email known for 30 days or more, or no phone and no street address to compare.',
    },
  },
  source: "Identity graph: the phones and street addresses linked to the established email's identity",
  examples: [
    example(
      'NEW_PHONE',
      REQUEST,
      known('The email, first seen 6 years ago, has one phone on file; the phone given is not it.', {
        heldPhones: 0,
        newPhones: 1,
      }),
    ),
    example(
      'NEW_ADDRESS',
      REQUEST,
      known("The phone is the identity's own; the street address is not on file.", { addressKnown: false }),
    ),
    example(
      'SAME',
      REQUEST,
      known('The phone and the street address are both on file for the identity.', {}),
    ),
    example('UNKNOWN', REQUEST, NO_GRAPH),
    example('NONE', IP_ONLY),
  ],
});
