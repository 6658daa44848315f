// The request the doc's "Overall risk" section scores check by check.
import type { VerifyRequestInput } from '@/lib/contract/schemas/request';
import type { ExampleExtras } from './check-example';
import { daysAgo, person, phoneFacts, profile, record, seen, withGraph, yearsAgo } from './context';

export const WORKED_REQUEST = {
  email: 'jane.doe@gmail.com',
  phone: '+14155552671',
  name: { given: 'Jane', family: 'Doe' },
  location: { city: 'San Francisco', regionCode: 'CA', countryCode: 'US' },
  ipAddress: '3.5.140.2',
  birthday: '1988-04-12',
} as const satisfies VerifyRequestInput;

export const WORKED_CONTEXT = {
  note:
    'The graph first saw the email 8 years and the phone 6 years before the clock, and both again in ' +
    'the last week; a carrier record says the phone is a Carrier A mobile; the identity has a github ' +
    'profile created in 2017; the email was in a breach 2 years before the clock. 3.5.140.2 is on the ' +
    'data-center list, and geoip-country places it in KR.',
  context: (base) =>
    withGraph(base, {
      emails: [seen(yearsAgo(8), daysAgo(3), 120)],
      phones: [phoneFacts([record(yearsAgo(6), 'MOBILE', 'Carrier A')], seen(yearsAgo(6), daysAgo(6), 40))],
      breaches: [{ breach: 'ShopCo', breachedAtMs: yearsAgo(2) }],
      person: person({
        identifiers: 3,
        observedIdentifiers: 2,
        oldestSighting: { ms: yearsAgo(8), kind: 'email' },
        profiles: [profile('github', Date.parse('2017-03-02T00:00:00Z'))],
      }),
    }),
} as const satisfies ExampleExtras;
