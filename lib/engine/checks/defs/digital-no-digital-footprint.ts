// DIGITAL_NO_DIGITAL_FOOTPRINT (Digital): no digital footprint.
// Decided in ../digital.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { awaiting, isFalse, noInput } from '../common-states';
import { daysAgo, EMAIL_ONLY, IP_ONLY, NO_GRAPH, person, seen, withGraph, yearsAgo } from '../example-kit';
import { OBSERVATIONS } from '../source-phrases';

export const digitalNoDigitalFootprint = defineCheck({
  id: 'DIGITAL_NO_DIGITAL_FOOTPRINT',
  checkPackage: 'Digital',
  name: 'No digital footprint',
  states: {
    TRUE: {
      risk: 'HIGH',
      meaning:
        'No email, phone or profile of the identity was ever observed (records alone are no footprint).',
    },
    FALSE: isFalse,
    UNKNOWN: awaiting,
    NONE: noInput,
  },
  source: `Identity graph: ${OBSERVATIONS} of the identity's emails, phones and profiles`,
  examples: [
    example('TRUE', EMAIL_ONLY, {
      note: 'The identity graph has never seen the email.',
    }),
    example('FALSE', EMAIL_ONLY, {
      note: 'The graph first saw the email 6 years before the clock, 40 times in all.',
      context: (base) => withGraph(base, { emails: [seen(yearsAgo(6), daysAgo(5), 40)], person: person() }),
    }),
    example('UNKNOWN', EMAIL_ONLY, NO_GRAPH),
    example('NONE', IP_ONLY),
  ],
});
