// DIGITAL_EXCESSIVE_CONNECTIVITY (Digital): excessive connectivity.
// Decided in ../digital.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { awaiting, isFalse, noInput } from '../common-states';
import { EMAIL_ONLY, IP_ONLY, NO_GRAPH, withGraph } from '../example-kit';
import { EXAMPLE_LINK_LIMIT } from '../example-kits/digital';

export const digitalExcessiveConnectivity = defineCheck({
  id: 'DIGITAL_EXCESSIVE_CONNECTIVITY',
  checkPackage: 'Digital',
  name: 'Excessive connectivity',
  states: {
    TRUE: {
      risk: 'MED',
      meaning:
        'An input identifier is a hub: linked to more emails, phones, SSNs or profiles than one person has.',
    },
    FALSE: isFalse,
    UNKNOWN: awaiting,
    NONE: noInput,
  },
  source: 'Identity graph: links between identifiers (link counts and hub flags of the input identifiers)',
  examples: [
    example('TRUE', EMAIL_ONLY, {
      note: `The graph links the email to 60 other identifiers (one person's limit is ${EXAMPLE_LINK_LIMIT}) and flags it a hub.`,
      context: (base) =>
        withGraph(base, { connectivity: { hub: true, maxLinkCount: 60, linkLimit: EXAMPLE_LINK_LIMIT } }),
    }),
    example('FALSE', EMAIL_ONLY, {
      note: 'The graph links the email to no other identifier.',
    }),
    example('UNKNOWN', EMAIL_ONLY, NO_GRAPH),
    example('NONE', IP_ONLY),
  ],
});
