// BREACHED_IDENTITY_COMPROMISED: breach records holding the input's identifiers or those of the
// identity they resolve to; the latest breach dates the compromise. Run by ../breached.ts.
import { defineCheck, type ExampleExtras, example } from '../check-def';
import { noInput } from '../common-states';
import { daysAgo, EMAIL_ONLY, IP_ONLY, JANE, NO_GRAPH, withGraph } from '../example-kit';

const breachedAgo = (days: number): ExampleExtras => ({
  note: `A breach record holds the email: breach "ShopCo", ${days} days before the clock.`,
  context: (base) => withGraph(base, { breaches: [{ breach: 'ShopCo', breachedAtMs: daysAgo(days) }] }),
});

export const breachedIdentityCompromised = defineCheck({
  id: 'BREACHED_IDENTITY_COMPROMISED',
  checkPackage: 'Breached',
  name: 'Identity compromised in a breach',
  states: {
    HIGH: { risk: 'HIGH', meaning: 'An identifier appeared in a breach within the last 7 days.' },
    MED: {
      risk: 'MED',
      meaning: 'An identifier appeared in a breach within the last 30 days.',
      pinned: true,
    },
    LOW: { risk: 'LOW', weight: 0.1, meaning: 'An identifier appeared in a breach more than 30 days ago.' },
    FALSE: {
      risk: 'NONE',
      meaning: 'Breach records are loaded, and none holds an email, phone, SSN or profile of the identity.',
    },
    UNKNOWN: {
      risk: 'NONE',
      meaning:
        'Only a name or the last four SSN digits were given (too common to look up), no breach record ' +
        'is loaded at all, or the breach records were not consulted.',
    },
    NONE: noInput,
  },
  source:
    'Identity graph: breach records (POST /api/records, kind breach) holding an email, phone, full SSN or ' +
    'profile of the request or of the identity it resolves to, and how many breach records are loaded at all',
  examples: [
    example('HIGH', EMAIL_ONLY, breachedAgo(3)),
    example('MED', EMAIL_ONLY, breachedAgo(20)),
    example('LOW', EMAIL_ONLY, breachedAgo(400)),
    example('FALSE', EMAIL_ONLY, {
      note: 'The graph holds 1200 breach records; none holds the email.',
      context: (base) => withGraph(base, { breachRecords: 1200 }),
    }),
    example('UNKNOWN', EMAIL_ONLY, {
      note: 'No breach record is loaded at all.',
    }),
    example('UNKNOWN', {
      name: JANE,
      location: { city: 'Springfield', regionCode: 'IL', countryCode: 'US' },
    }),
    example('UNKNOWN', EMAIL_ONLY, NO_GRAPH),
    example('NONE', IP_ONLY),
  ],
});
