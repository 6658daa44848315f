// A realistic Verify call. The response is the engine's own answer for the example request,
// with the checks that wait for data sources (identity graph, lists, DNS, geolocation) shown as
// a loaded service would answer them; names, packages, risks, order and score stay the engine's.
import type { VerifyRequestInput } from '@/lib/contract/schemas/request';
import { compareChecks, runChecks } from '@/lib/engine/checks';
import { makeCheck } from '@/lib/engine/checks/make-check';
import { normalizeEmail } from '@/lib/engine/normalize/email';
import { parseVerifyRequest } from '@/lib/engine/request';
import { scoreRisk } from '@/lib/engine/risk';
import type { Check } from '@/lib/engine/types';

/** The fixed clock of every example, so the document is the same on every start. */
export const EXAMPLE_NOW = new Date('2026-07-01T12:00:00Z');

export const EXAMPLE_EMAIL = 'jane.doe@gmail.com';
export const EXAMPLE_PHONE = '+14155552671';
export const EXAMPLE_IP = '73.223.14.201';

export const verifyRequestExample = {
  emails: [EXAMPLE_EMAIL],
  phones: [EXAMPLE_PHONE],
  name: { given: 'Jane', family: 'Doe' },
  location: {
    addressLine1: '350 Oak Street',
    addressLine2: 'Apt 4B',
    city: 'San Francisco',
    regionCode: 'CA',
    postalCode: '94102',
    countryCode: 'US',
  },
  ipAddress: EXAMPLE_IP,
  birthday: '1988-04-12',
} satisfies VerifyRequestInput;

export const EXAMPLE_SESSION_ID = 'ses_7Qm2Vt9KxR4pZcW8nLbH3d';

export const verifyJoinExample = {
  sessionId: EXAMPLE_SESSION_ID,
  ssns: ['6789'],
} satisfies VerifyRequestInput;

export const verifyHashedExample = {
  emails: [normalizeEmail(EXAMPLE_EMAIL).sha256 ?? ''],
  phone: '(415) 555-2671',
} satisfies VerifyRequestInput;

const listNames = {
  IDENTITY_OFAC_LIST: 'OFAC SDN',
  IDENTITY_UN_SANCTION_LIST: 'UN Security Council Consolidated List',
  IDENTITY_EU_SANCTION_LIST: 'EU Consolidated Financial Sanctions List',
  IDENTITY_UK_SANCTION_LIST: 'UK Sanctions List',
  IDENTITY_CA_SANCTION_LIST: 'Canada Consolidated Autonomous Sanctions List',
} as const;

/** What a service with its data sources loaded answers where the bare engine still waits. */
const loaded: readonly Check[] = [
  makeCheck('BREACHED_IDENTITY_COMPROMISED', 'LOW', 'The email appeared in a breach on 2019-01-07.'),
  makeCheck(
    'DIGITAL_EXCESSIVE_CONNECTIVITY',
    'FALSE',
    'The identifiers link to 4 others, within the limit of 25.',
  ),
  makeCheck('DIGITAL_NO_DIGITAL_FOOTPRINT', 'FALSE', 'The identifiers were observed 412 times by 9 sources.'),
  makeCheck('DIGITAL_NO_SOCIAL_NETWORK_PROFILES', 'FALSE', '2 social profiles are linked to the identity.'),
  makeCheck('DIGITAL_SOCIAL_AGE', 'OLDER', 'The oldest linked profile (github) was created on 2012-05-14.'),
  makeCheck('DIGITAL_SOCIAL_NETWORK_AVG_AGE', 'OLDER', 'The linked profiles are 9.4 years old on average.'),
  makeCheck('DIGITAL_SOCIAL_NETWORK_NON_US', 'FALSE', 'Every linked profile with a country is in the US.'),
  makeCheck('EMAIL_FIRST_SEEN', 'LONG_AGO', 'First seen on 2014-09-02.'),
  makeCheck('EMAIL_LAST_SEEN', 'RECENT', 'Last seen on 2026-06-28.'),
  makeCheck('EMAIL_NEVER_SEEN', 'FALSE', 'Observed 187 times.'),
  makeCheck('EMAIL_NO_MX_RECORD', 'FALSE', 'gmail.com publishes MX records.'),
  ...Object.entries(listNames).map(([id, list]) =>
    makeCheck(id as keyof typeof listNames, 'NO_MATCH', `No entry of the ${list} matches Jane Doe.`),
  ),
  makeCheck('IP_GEOLOCATION_MISMATCH', 'FALSE', 'The IP address is located in the US, as is the address.'),
  makeCheck('IP_TYPE', 'RESIDENTIAL_OR_BUSINESS', 'On none of the Tor, VPN or data-center lists.'),
  makeCheck(
    'LOCATION_ADDRESS_INVALID',
    'UNKNOWN',
    'ZIP code 94102 is in San Francisco, CA; San Francisco is served in CA (zipcodes). The street itself ' +
      'was not checked: no street-level address data is loaded.',
  ),
  makeCheck('LOCATION_ADDRESS_IS_BUSINESS', 'FALSE', 'Not a known business address.'),
  makeCheck('PHONE_DNO_TEXT', 'FALSE', 'The latest carrier record (2026-05-03) does not flag it for texts.'),
  makeCheck(
    'PHONE_DNO_VOICE',
    'FALSE',
    'The latest carrier record (2026-05-03) does not flag it for voice calls.',
  ),
  makeCheck('PHONE_FIRST_SEEN', 'LONG_AGO', 'First seen on 2016-02-11.'),
  makeCheck('PHONE_LAST_SEEN', 'RECENT', 'Last seen on 2026-06-30.'),
  makeCheck('PHONE_LOCATION_MISMATCH', 'FALSE', 'The number and the address are both in CA, US.'),
  makeCheck('PHONE_PORT', 'NOT_PORTED', 'The carrier of the number never changed.'),
  makeCheck('PHONE_TYPE', 'MOBILE', 'The latest carrier record says MOBILE.'),
  makeCheck('SYNTHETIC_AGE_MISMATCH', 'MATCHED', "The birthday agrees with the identity's history."),
  makeCheck('SYNTHETIC_NAME_ADDRESS_NO_MATCH', 'FALSE', 'Jane Doe is a known resident of the address.'),
];

/** The Verify answer to verifyRequestExample, with each check's contribution to the risk. */
export function verifyResponseExample() {
  const parsed = parseVerifyRequest(verifyRequestExample);
  if (!parsed.ok) throw new Error(`the Verify example does not parse: ${parsed.errors[0]?.message}`);
  const byId = new Map(loaded.map((check) => [check.id, check]));
  const checks = runChecks(parsed.value, { now: EXAMPLE_NOW, graph: null })
    .map((check) => (check.state === 'UNKNOWN' ? (byId.get(check.id) ?? check) : check))
    .sort(compareChecks);
  const { risk, contributions } = scoreRisk(checks);
  return {
    risk,
    sessionId: EXAMPLE_SESSION_ID,
    checks: checks.map((check, index) => ({ ...check, contribution: contributions[index]?.delta ?? 0 })),
  };
}
