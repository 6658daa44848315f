import { type CheckExample, type ExampleExtras, example, NO_GRAPH } from '../check-example';
import { daysAgo, withGraph } from '../context';
import { EMAIL_ONLY, IP_ONLY, JANE } from '../requests';

const breachedAgo = (days: number): ExampleExtras => ({
  note: `A breach record holds the email: breach "ShopCo", ${days} days before the clock.`,
  context: (base) => withGraph(base, { breaches: [{ breach: 'ShopCo', breachedAtMs: daysAgo(days) }] }),
});

export const breachedExamples: CheckExample[] = [
  example('BREACHED_IDENTITY_COMPROMISED', 'HIGH', EMAIL_ONLY, breachedAgo(3)),
  example('BREACHED_IDENTITY_COMPROMISED', 'MED', EMAIL_ONLY, breachedAgo(20)),
  example('BREACHED_IDENTITY_COMPROMISED', 'LOW', EMAIL_ONLY, breachedAgo(400)),
  example('BREACHED_IDENTITY_COMPROMISED', 'FALSE', EMAIL_ONLY, {
    note: 'The graph holds 1200 breach records; none holds the email.',
    context: (base) => withGraph(base, { breachRecords: 1200 }),
  }),
  example('BREACHED_IDENTITY_COMPROMISED', 'UNKNOWN', EMAIL_ONLY, {
    note: 'No breach record is loaded at all.',
  }),
  example('BREACHED_IDENTITY_COMPROMISED', 'UNKNOWN', {
    name: JANE,
    location: { city: 'Springfield', regionCode: 'IL', countryCode: 'US' },
  }),
  example('BREACHED_IDENTITY_COMPROMISED', 'UNKNOWN', EMAIL_ONLY, NO_GRAPH),
  example('BREACHED_IDENTITY_COMPROMISED', 'NONE', IP_ONLY),
];
