// DIGITAL_CONTACT_CHANGE: an account taken over arrives with the victim's long-known email and
// the taker's own phone, which the identity never used. The facts come from the graph
// (GraphFacts.contacts, gathered in lib/services/graph/contacts.ts); the state is decided here.
import type { ContactFacts, GraphFacts } from '../graph/facts';
import type { Check } from '../types';
import { awaitingCheck, makeCheck } from './make-check';
import { dated, MONTH_MS } from './time-spans';

/** An email first seen at least this long before the call has an account behind it. */
export const ESTABLISHED_MS = MONTH_MS;

export const CONTACT_SOURCE = "the identity graph's phones and addresses of the identity";

const phones = (n: number) => (n === 1 ? '1 phone' : `${n} phones`);

function decide(contacts: ContactFacts, nowMs: number): Check {
  const since = `The email, first seen ${dated(contacts.emailFirstSeenMs, nowMs)}, belongs to an identity with`;
  // A second phone beside one the identity holds is an addition, not someone else's account.
  if (contacts.identityPhones > 0 && contacts.heldPhones === 0 && contacts.newPhones > 0) {
    return makeCheck(
      'DIGITAL_CONTACT_CHANGE',
      'NEW_PHONE',
      `${since} ${phones(contacts.identityPhones)} on file; the phone given is not one of them` +
        `${contacts.addressKnown === false ? ', nor is the street address' : ''}. ` +
        "The email's history does not vouch for this applicant.",
    );
  }
  if (contacts.addressKnown === false && contacts.identityAddresses > 0) {
    return makeCheck(
      'DIGITAL_CONTACT_CHANGE',
      'NEW_ADDRESS',
      `${since} ${contacts.identityAddresses} street address${contacts.identityAddresses === 1 ? '' : 'es'} on file; ` +
        `the one given is new to it${contacts.heldPhones > 0 ? ', the phone is its own' : ''} (people move).`,
    );
  }
  if (contacts.identityPhones === 0 && contacts.identityAddresses === 0) {
    return makeCheck(
      'DIGITAL_CONTACT_CHANGE',
      'UNKNOWN',
      `${since} no phone or street address on file to compare the request's with.`,
    );
  }
  return makeCheck(
    'DIGITAL_CONTACT_CHANGE',
    'SAME',
    `${since} the phone and street address given on file (where the request gives them).`,
  );
}

export function contactChange(graph: GraphFacts, nowMs: number): Check {
  // Not gathered: a partial view cannot tell which phones are the identity's own.
  if (graph.contacts === undefined) return awaitingCheck('DIGITAL_CONTACT_CHANGE', CONTACT_SOURCE);
  if (graph.contacts === null) {
    return makeCheck(
      'DIGITAL_CONTACT_CHANGE',
      'NONE',
      'No email the graph has known for 30 days or more, or no phone and no street address to compare.',
    );
  }
  return decide(graph.contacts, nowMs);
}
