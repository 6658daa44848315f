// The situations the seed plants in the graph, each with the check states it is there to reach
// (docs/checks.md). Every block of BLOCK_SIZE people holds each of them
// at least once (population.ts), so even the 200-person demo graph reaches every state.
//
// States no stored data can reach, because they describe the request rather than the graph:
// every NONE (that input absent), EMAIL_INVALID TRUE (malformed text is never an identifier),
// PHONE_FORMAT_INVALID TRUE (an invalid number has no E.164 key), SYNTHETIC_EMAIL_MISMATCH
// UNKNOWN (a hashed email), and INPUT_NAME / INPUT_NAME_LOC (the caller's own name).
//
// DIGITAL_NO_DIGITAL_FOOTPRINT TRUE and EMAIL_NEVER_SEEN TRUE: an identifier with no observation.
// Online, a record (a breach dump) creates identifiers without activity; the `ghost` people are
// exactly that: an email, phone and name known from a breach only, with zero observations. Any
// identifier the graph does not hold at all reaches the same states.
export const PHENOMENA = {
  'email-free': 'EMAIL_TYPE FREE',
  'email-business': 'EMAIL_TYPE BUSINESS',
  'email-disposable': 'EMAIL_TYPE DISPOSABLE',
  'email-education': 'EMAIL_TYPE EDUCATION',
  'email-government': 'EMAIL_TYPE GOVERNMENT',
  'email-no-mx': 'EMAIL_NO_MX_RECORD TRUE, EMAIL_DELIVERABILITY FALSE (a .invalid domain)',
  'local-name': 'EMAIL_USER_PORTION NAME_BASED, SYNTHETIC_EMAIL_MISMATCH MATCHED',
  'local-numeric': 'EMAIL_USER_PORTION NUMERIC, SYNTHETIC_EMAIL_MISMATCH MISMATCH',
  'local-random': 'EMAIL_USER_PORTION RANDOM',
  'local-role': 'EMAIL_USER_PORTION ROLE',
  'local-other': 'EMAIL_USER_PORTION OTHER',
  'phone-mobile': 'PHONE_TYPE MOBILE (numbering plan)',
  'phone-landline': 'PHONE_TYPE LANDLINE',
  'phone-voip': 'PHONE_TYPE VOIP',
  'phone-toll-free': 'PHONE_TYPE TOLL_FREE',
  'phone-prepaid': 'PHONE_TYPE PREPAID (carrier records)',
  'phone-plan-unknown': 'PHONE_TYPE UNKNOWN (US numbers: the plan does not tell mobile from fixed)',
  'phone-not-ported': 'PHONE_PORT NOT_PORTED',
  'phone-no-records': 'PHONE_PORT UNKNOWN, PHONE_PREV_TYPE NONE (no carrier records)',
  'ported-recent': 'PHONE_PORT RECENT (carrier changed within 30 days)',
  'ported-long-ago': 'PHONE_PORT PORTED',
  'prev-mobile': 'PHONE_PREV_TYPE MOBILE',
  'prev-landline': 'PHONE_PREV_TYPE LANDLINE',
  'prev-voip': 'PHONE_PREV_TYPE VOIP',
  'prev-toll-free': 'PHONE_PREV_TYPE TOLL_FREE',
  'prev-prepaid': 'PHONE_PREV_TYPE PREPAID',
  'dno-voice': 'PHONE_DNO_VOICE TRUE',
  'dno-text': 'PHONE_DNO_TEXT TRUE',
  'phone-location-mismatch': 'PHONE_LOCATION_MISMATCH TRUE (a foreign number at a US address)',
  us: 'PHONE_LOCATION_MISMATCH FALSE, DIGITAL_SOCIAL_NETWORK_NON_US FALSE, LOCATION_COUNTRY_RISK LOW',
  'non-us': 'DIGITAL_SOCIAL_NETWORK_NON_US TRUE',
  'fatf-high': 'LOCATION_COUNTRY_RISK HIGH',
  'fatf-increased': 'LOCATION_COUNTRY_RISK MED',
  'profile-new': 'DIGITAL_SOCIAL_AGE NEW, DIGITAL_SOCIAL_NETWORK_AVG_AGE NEW',
  'profile-recent': 'DIGITAL_SOCIAL_AGE RECENT, DIGITAL_SOCIAL_NETWORK_AVG_AGE RECENT',
  'profile-older': 'DIGITAL_SOCIAL_AGE OLDER, DIGITAL_SOCIAL_NETWORK_AVG_AGE OLDER',
  'no-profiles': 'DIGITAL_NO_SOCIAL_NETWORK_PROFILES TRUE',
  'breach-7d': 'BREACHED_IDENTITY_COMPROMISED HIGH',
  'breach-30d': 'BREACHED_IDENTITY_COMPROMISED MED',
  'breach-older': 'BREACHED_IDENTITY_COMPROMISED LOW',
  'no-breach': 'BREACHED_IDENTITY_COMPROMISED FALSE',
  'first-seen-new': 'EMAIL_FIRST_SEEN NEW, PHONE_FIRST_SEEN NEW',
  'first-seen-recent': 'EMAIL_FIRST_SEEN RECENT, PHONE_FIRST_SEEN RECENT',
  'first-seen-older': 'EMAIL_FIRST_SEEN OLDER, PHONE_FIRST_SEEN OLDER',
  'first-seen-long-ago': 'EMAIL_FIRST_SEEN LONG_AGO, PHONE_FIRST_SEEN LONG_AGO',
  'last-seen-recent': 'EMAIL_LAST_SEEN RECENT, PHONE_LAST_SEEN RECENT',
  'last-seen-older': 'EMAIL_LAST_SEEN OLDER, PHONE_LAST_SEEN OLDER',
  'last-seen-long-ago': 'EMAIL_LAST_SEEN LONG_AGO, PHONE_LAST_SEEN LONG_AGO',
  ghost: 'DIGITAL_NO_DIGITAL_FOOTPRINT TRUE, EMAIL_NEVER_SEEN TRUE (known from a breach only)',
  seen: 'DIGITAL_NO_DIGITAL_FOOTPRINT FALSE, EMAIL_NEVER_SEEN FALSE',
  'ssn-ring': 'one SSN under 3-6 names: a shared-SSN synthetic ring (one cluster, several names)',
  'hub-phone': 'DIGITAL_EXCESSIVE_CONNECTIVITY TRUE (one phone across 30+ emails, is_hub)',
  'ssn-invalid': 'an SSN with area 000, 666 or 9xx',
  'ssn-before-birth': 'SYNTHETIC_AGE_MISMATCH MISMATCH (SSN issued before the birthday)',
  'age-mismatch': 'SYNTHETIC_AGE_MISMATCH MISMATCH (activity years before the person turned 13)',
  'age-matched': 'SYNTHETIC_AGE_MISMATCH MATCHED',
  'sanctioned-name-loc': 'IDENTITY_*_LIST IDENTITY_NAME_LOC (a listed name at the listed place)',
  'sanctioned-name': 'IDENTITY_*_LIST IDENTITY_NAME (a listed name elsewhere)',
  'ip-residential': 'IP_TYPE RESIDENTIAL_OR_BUSINESS, IP_GEOLOCATION_MISMATCH FALSE',
  'ip-mobile': 'IP_TYPE MOBILE',
  'ip-tor': 'IP_TYPE TOR',
  'ip-vpn': 'IP_TYPE VPN',
  'ip-datacenter': 'IP_TYPE DATA_CENTER',
  'ip-private': 'IP_TYPE PRIVATE',
  'ip-foreign': 'IP_GEOLOCATION_MISMATCH TRUE (a home IP abroad)',
  'address-business': 'LOCATION_ADDRESS_IS_BUSINESS TRUE (a suite at the employer)',
  'address-residential': 'LOCATION_ADDRESS_IS_BUSINESS FALSE, LOCATION_ADDRESS_INVALID FALSE',
  'address-missing-unit': 'LOCATION_ADDRESS_INVALID MISSING_EXTENDED (apartment building, no unit)',
  'address-invalid': 'LOCATION_ADDRESS_INVALID TRUE (ZIP code of another state)',
  'name-at-address':
    "SYNTHETIC_NAME_ADDRESS_NO_MATCH FALSE for a resident's name, TRUE for anyone else's name at the address",
  'power-user': 'hundreds to thousands of events (the long tail)',
} as const;

export type Phenomenon = keyof typeof PHENOMENA;

export const PHENOMENON_NAMES = Object.keys(PHENOMENA) as Phenomenon[];
