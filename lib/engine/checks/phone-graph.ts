// The Phone checks that read the identity graph and the carrier records: sightings, ports,
// the previous line type and do-not-originate flags. Each phone gets a finding; the riskiest decides.
import type { GraphFacts, PhoneFacts } from '../graph/facts';
import type { Check, PhoneInput } from '../types';
import { findingsCheck } from './finding-check';
import { awaitingCheck } from './make-check';
import { dnoFinding } from './phone-dno';
import { portFinding, previousTypeFinding } from './phone-records';
import { firstSeenFinding, lastSeenFinding } from './seen';

const NO_FACTS: PhoneFacts = { seen: null, records: [] };

/** The graph's facts of each input phone, in input order. */
export function phoneFacts(phones: readonly PhoneInput[], graph: GraphFacts): PhoneFacts[] {
  return phones.map((_, index) => graph.phones[index] ?? NO_FACTS);
}

export function phoneGraphChecks(
  phones: readonly PhoneInput[],
  facts: readonly PhoneFacts[],
  now: Date,
): Check[] {
  const nowMs = now.getTime();
  const each = <T>(finding: (phone: PhoneInput, known: PhoneFacts) => T) =>
    phones.map((phone, index) => finding(phone, facts[index] ?? NO_FACTS));
  return [
    // Numbers without a carrier record (UNKNOWN) or invalid ones (NONE) speak only when no other can.
    findingsCheck(
      'PHONE_DNO_TEXT',
      'phone',
      each((p, f) => dnoFinding('PHONE_DNO_TEXT', p, f)),
      'UNKNOWN',
      ['UNKNOWN', 'NONE'],
    ),
    findingsCheck(
      'PHONE_DNO_VOICE',
      'phone',
      each((p, f) => dnoFinding('PHONE_DNO_VOICE', p, f)),
      'UNKNOWN',
      ['UNKNOWN', 'NONE'],
    ),
    findingsCheck(
      'PHONE_FIRST_SEEN',
      'phone',
      each((_, f) => firstSeenFinding('PHONE_FIRST_SEEN', f.seen, nowMs)),
      'UNKNOWN',
    ),
    findingsCheck(
      'PHONE_LAST_SEEN',
      'phone',
      each((_, f) => lastSeenFinding('PHONE_LAST_SEEN', f.seen, nowMs)),
      'UNKNOWN',
    ),
    findingsCheck(
      'PHONE_PORT',
      'phone',
      each((p, f) => portFinding(p, f, nowMs)),
      'UNKNOWN',
    ),
    // A phone that never changed carrier says NONE; that speaks only when no phone has a previous type.
    findingsCheck('PHONE_PREV_TYPE', 'phone', each(previousTypeFinding), 'NONE', ['NONE']),
  ];
}

/** The same checks while the graph is not consulted. */
export function awaitingPhoneGraphChecks(): Check[] {
  const observations = "the identity graph's observations of this phone";
  return [
    awaitingCheck('PHONE_DNO_TEXT', 'the phone records (do-not-originate flags)'),
    awaitingCheck('PHONE_DNO_VOICE', 'the phone records (do-not-originate flags)'),
    awaitingCheck('PHONE_FIRST_SEEN', observations),
    awaitingCheck('PHONE_LAST_SEEN', observations),
    awaitingCheck('PHONE_PORT', 'the phone records (carrier history)'),
    awaitingCheck('PHONE_PREV_TYPE', 'the phone records (carrier history)'),
  ];
}
