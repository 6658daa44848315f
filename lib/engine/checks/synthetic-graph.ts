// The Synthetic Identity checks that compare the request with the identity graph: the birthday
// with the identity's earliest sighting, the name with the people seen at the address, and
// the SSN with the other names and identities using it.
import type { AddressFacts, PersonSummary, SsnFacts } from '../graph/facts';
import type { Check } from '../types';
import { makeCheck } from './make-check';
import { ageAt, isoDay } from './time-spans';

/** Most online services (and COPPA) do not take members under 13. */
export const MINIMUM_ONLINE_AGE = 13;

const A_KIND = { email: 'An email', phone: 'A phone', profile: 'A social profile' } as const;

/** MISMATCH when an email, phone or profile of the identity was first seen before the person was 13. */
export function ageMismatch(birthday: string, person: PersonSummary | null): Check {
  const oldest = person?.oldestSighting ?? null;
  if (oldest === null) {
    return makeCheck(
      'SYNTHETIC_AGE_MISMATCH',
      'UNKNOWN',
      'No email, phone or profile of this identity has a sighting in the identity graph to compare the birthday with.',
    );
  }
  const what = `${A_KIND[oldest.kind]} of this identity was first seen on ${isoDay(oldest.ms)}`;
  const bornMs = Date.parse(`${birthday}T00:00:00Z`);
  if (oldest.ms < bornMs) {
    return makeCheck('SYNTHETIC_AGE_MISMATCH', 'MISMATCH', `${what}, before the birthday ${birthday}.`);
  }
  const age = ageAt(birthday, oldest.ms);
  if (age < MINIMUM_ONLINE_AGE) {
    return makeCheck(
      'SYNTHETIC_AGE_MISMATCH',
      'MISMATCH',
      `${what}, when someone born on ${birthday} was ${age}, under the minimum online age of ${MINIMUM_ONLINE_AGE}.`,
    );
  }
  return makeCheck(
    'SYNTHETIC_AGE_MISMATCH',
    'MATCHED',
    `${what} (the earliest sighting), when someone born on ${birthday} was ${age}.`,
  );
}

/** `n` names; "at least" when they were counted in a sample of a busy address's or SSN's links. */
const people = (n: number, sampled = false) =>
  `${sampled ? 'at least ' : ''}${n === 1 ? 'one name' : `${n} different names`}`;

/** TRUE when people are known at the address and none of them by the input's name. */
export function nameAddressMatch(address: AddressFacts | null): Check {
  if (address === null) {
    return makeCheck(
      'SYNTHETIC_NAME_ADDRESS_NO_MATCH',
      'UNKNOWN',
      'No street address (addressLine1) was provided; a city or postal code alone is not looked up.',
    );
  }
  if (!address.known || address.names === 0) {
    return makeCheck(
      'SYNTHETIC_NAME_ADDRESS_NO_MATCH',
      'UNKNOWN',
      address.known
        ? 'The identity graph knows this address but no name of anyone seen there.'
        : 'The identity graph does not know this address yet.',
    );
  }
  const sampled = address.sampled === true;
  return address.inputNameLinked
    ? makeCheck(
        'SYNTHETIC_NAME_ADDRESS_NO_MATCH',
        'FALSE',
        sampled
          ? `The name is among ${people(address.names, true)} seen at this address.`
          : address.names === 1
            ? 'The name is the one name seen at this address.'
            : `The name is among the ${address.names} different names seen at this address.`,
      )
    : makeCheck(
        'SYNTHETIC_NAME_ADDRESS_NO_MATCH',
        'TRUE',
        `The identity graph knows ${people(address.names, sampled)} at this address, none of them this name.`,
      );
}

/**
 * TRUE when the SSN is linked to more than one distinct name (the request's own name counts
 * when it is not among them yet) or to more than one identity cluster.
 */
export function ssnShared(ssn: SsnFacts, named: boolean): Check {
  const counted = named && !ssn.inputNameLinked;
  const names = ssn.names + (counted ? 1 : 0);
  const sampled = ssn.sampled === true;
  // No name at all is said by leaving names out ("linked to 28 identities").
  const parts = names > 0 ? [`${people(names, sampled)}${counted ? " (counting this request's)" : ''}`] : [];
  if (ssn.persons > 0)
    parts.push(
      `${sampled ? 'at least ' : ''}${ssn.persons === 1 ? 'one identity' : `${ssn.persons} identities`}`,
    );
  const evidence = parts.join(' and ');
  if (names > 1 || ssn.persons > 1) {
    return makeCheck(
      'SYNTHETIC_SSN_SHARED',
      'TRUE',
      `The SSN is linked to ${evidence} in the identity graph.`,
    );
  }
  if (ssn.names === 0 && ssn.persons === 0) {
    return makeCheck(
      'SYNTHETIC_SSN_SHARED',
      'FALSE',
      'No other name or identity uses this SSN in the identity graph.',
    );
  }
  return makeCheck(
    'SYNTHETIC_SSN_SHARED',
    'FALSE',
    `The SSN is linked to ${evidence} in the identity graph.`,
  );
}
