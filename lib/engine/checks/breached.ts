// The Breached package: needs the breach records, which are not imported yet.
import type { Check, CheckContext, NormalizedRequest } from '../types';
import { hasName } from './input-presence';
import { awaitingCheck, makeCheck } from './make-check';

export function breachedChecks(input: NormalizedRequest, _ctx: CheckContext): Check[] {
  const searchable =
    input.emails.length > 0 ||
    input.phones.length > 0 ||
    input.ssn !== null ||
    input.profiles.length > 0 ||
    hasName(input);
  return [
    searchable
      ? awaitingCheck('BREACHED_IDENTITY_COMPROMISED', 'the breach records (POST /api/records, kind breach)')
      : makeCheck(
          'BREACHED_IDENTITY_COMPROMISED',
          'NONE',
          'No email, phone, SSN, profile or name was provided to look up in breaches.',
        ),
  ];
}
