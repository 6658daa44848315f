// SYNTHETIC_AGE_MISMATCH (Synthetic Identity): age mismatch.
// Decided in ../synthetic-identity.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { EMAIL_ONLY, NO_GRAPH } from '../example-kit';
import { firstSighting } from '../example-kits/synthetic-identity';
import { OBSERVATIONS } from '../source-phrases';

export const syntheticAgeMismatch = defineCheck({
  id: 'SYNTHETIC_AGE_MISMATCH',
  checkPackage: 'Synthetic Identity',
  name: 'Age mismatch',
  states: {
    MATCHED: {
      risk: 'NONE',
      meaning: "The identity's earliest email, phone or profile sighting came at age 13 or later.",
    },
    MISMATCH: {
      risk: 'HIGH',
      meaning: 'An email, phone or profile of the identity was first seen before the person was 13.',
    },
    UNKNOWN: { risk: 'NONE', meaning: 'No birthday, or no history to compare it with yet.' },
  },
  source: `Identity graph: the earliest of the ${OBSERVATIONS} of the identity's emails, phones and profiles; the request birthday`,
  examples: [
    example('MATCHED', { ...EMAIL_ONLY, birthday: '1985-04-12' }, firstSighting('2010-06-01')),
    example('MISMATCH', { ...EMAIL_ONLY, birthday: '2005-03-01' }, firstSighting('2012-09-15')),
    example('UNKNOWN', EMAIL_ONLY),
    example('UNKNOWN', { ...EMAIL_ONLY, birthday: '1985-04-12' }, NO_GRAPH),
  ],
});
