import { type CheckExample, type ExampleExtras, example, NO_GRAPH } from '../check-example';
import { person, SSA_ROWS, seen, withGraph } from '../context';
import { EMAIL_ONLY, JANE } from '../requests';

const at = (day: string) => Date.parse(`${day}T00:00:00Z`);

const firstSighting = (day: string): ExampleExtras => ({
  note: `The graph first saw the email on ${day} (the identity's earliest sighting).`,
  context: (base) =>
    withGraph(base, {
      emails: [seen(at(day))],
      person: person({ oldestSighting: { ms: at(day), kind: 'email' } }),
    }),
});

const HOME = {
  addressLine1: '350 Oak Street',
  city: 'San Francisco',
  regionCode: 'CA',
  postalCode: '94102',
  countryCode: 'US',
} as const;

const residents = (names: number, inputNameLinked: boolean): ExampleExtras => ({
  note:
    `The identity graph knows ${names} names at 350 Oak Street, San Francisco, 94102` +
    `${inputNameLinked ? ', Jane Doe among them' : ', none of them Jane Doe'}.`,
  context: (base) => withGraph(base, { address: { known: true, names, inputNameLinked } }),
});

const SSA_NOTE = `The SSA high-group list of ${SSA_ROWS.asOf} gives area 001 (New Hampshire) the highest group 11.`;
const SSA = { note: SSA_NOTE } as const;

/** Area 001's groups 03, 11 and 13 come before, at and after its highest group 11 in SSA order. */
const PRE = '001-03-4567';
const HIGHEST = '001-11-4567';
const POST = '001-13-4567';
/** The id of the session the examples' earlier calls created. */
const SESSION = 'ses_4xYgQm8nR2pKs7TfVw3k9a';

export const syntheticIdentityExamples: CheckExample[] = [
  example(
    'SYNTHETIC_AGE_MISMATCH',
    'MATCHED',
    { ...EMAIL_ONLY, birthday: '1985-04-12' },
    firstSighting('2010-06-01'),
  ),
  example(
    'SYNTHETIC_AGE_MISMATCH',
    'MISMATCH',
    { ...EMAIL_ONLY, birthday: '2005-03-01' },
    firstSighting('2012-09-15'),
  ),
  example('SYNTHETIC_AGE_MISMATCH', 'UNKNOWN', EMAIL_ONLY),
  example('SYNTHETIC_AGE_MISMATCH', 'UNKNOWN', { ...EMAIL_ONLY, birthday: '1985-04-12' }, NO_GRAPH),

  example('SYNTHETIC_EMAIL_MISMATCH', 'MATCHED', { ...EMAIL_ONLY, name: JANE }),
  example('SYNTHETIC_EMAIL_MISMATCH', 'MISMATCH', { email: 'sunflower@gmail.com', name: JANE }),
  example('SYNTHETIC_EMAIL_MISMATCH', 'UNKNOWN', EMAIL_ONLY),

  example('SYNTHETIC_NAME_ADDRESS_NO_MATCH', 'TRUE', { name: JANE, location: HOME }, residents(2, false)),
  example('SYNTHETIC_NAME_ADDRESS_NO_MATCH', 'FALSE', { name: JANE, location: HOME }, residents(2, true)),
  example(
    'SYNTHETIC_NAME_ADDRESS_NO_MATCH',
    'UNKNOWN',
    { name: JANE, location: HOME },
    { note: 'The identity graph does not know 350 Oak Street, San Francisco, 94102.' },
  ),
  example('SYNTHETIC_NAME_ADDRESS_NO_MATCH', 'NONE', EMAIL_ONLY),

  example('SYNTHETIC_SSN_BEFORE_BIRTH', 'TRUE', { ssns: [PRE], birthday: '2014-05-01' }, SSA),
  example('SYNTHETIC_SSN_BEFORE_BIRTH', 'FALSE', { ssns: [PRE], birthday: '1980-02-03' }, SSA),
  example('SYNTHETIC_SSN_BEFORE_BIRTH', 'FALSE', { ssns: [POST], birthday: '2005-01-01' }, SSA),
  example('SYNTHETIC_SSN_BEFORE_BIRTH', 'UNKNOWN', { ssns: [HIGHEST], birthday: '1980-02-03' }, SSA),
  example('SYNTHETIC_SSN_BEFORE_BIRTH', 'UNKNOWN', { ssns: [POST], birthday: '2015-03-01' }, SSA),
  example('SYNTHETIC_SSN_BEFORE_BIRTH', 'UNKNOWN', { ssns: ['4567'], birthday: '1980-02-03' }),
  example(
    'SYNTHETIC_SSN_BEFORE_BIRTH',
    'UNKNOWN',
    { ssns: [PRE], birthday: '1980-02-03' },
    { note: 'The SSA tables are not imported.', context: (base) => ({ ...base, ssa: null }) },
  ),
  example('SYNTHETIC_SSN_BEFORE_BIRTH', 'NONE', { ssns: [PRE] }),

  example('SYNTHETIC_SSN_INVALID', 'TRUE', { ssns: ['666-12-3456'] }),
  example('SYNTHETIC_SSN_INVALID', 'TRUE', { ssns: ['078-05-1120'] }),
  example('SYNTHETIC_SSN_INVALID', 'ITIN', { ssns: ['912-70-1234'] }),
  example('SYNTHETIC_SSN_INVALID', 'FALSE', { ssns: [PRE] }),
  example('SYNTHETIC_SSN_INVALID', 'NONE', { ssns: ['4567'] }),

  example('SYNTHETIC_SSN_ISSUE_DATE', 'PRE_2011', { ssns: [PRE] }, SSA),
  example('SYNTHETIC_SSN_ISSUE_DATE', 'POST_2011', { ssns: [POST], birthday: '2005-01-01' }, SSA),
  example('SYNTHETIC_SSN_ISSUE_DATE', 'POST_2011_ADULT', { ssns: [POST], birthday: '1980-02-03' }, SSA),
  example('SYNTHETIC_SSN_ISSUE_DATE', 'UNKNOWN', { ssns: [HIGHEST] }, SSA),
  example('SYNTHETIC_SSN_ISSUE_DATE', 'NONE', EMAIL_ONLY),

  example(
    'SYNTHETIC_SSN_SHARED',
    'TRUE',
    { ssns: [PRE], name: JANE, location: { city: 'Concord', regionCode: 'NH', countryCode: 'US' } },
    {
      note: 'The identity graph links the SSN to two other names, in two identity clusters.',
      context: (base) => withGraph(base, { ssn: { names: 2, inputNameLinked: false, persons: 2 } }),
    },
  ),
  example(
    'SYNTHETIC_SSN_SHARED',
    'FALSE',
    { ssns: [PRE] },
    { note: 'The identity graph links the SSN to no name or identity.' },
  ),
  example('SYNTHETIC_SSN_SHARED', 'UNKNOWN', { ssns: ['4567'] }),
  example('SYNTHETIC_SSN_SHARED', 'NONE', EMAIL_ONLY),

  example(
    'SYNTHETIC_SESSION_CONFLICT',
    'TRUE',
    { sessionId: SESSION, ssns: ['002-04-5678'] },
    { session: [{ emails: ['jane.doe@gmail.com'], ssns: [PRE] }], note: 'Two calls of one session.' },
  ),
  example(
    'SYNTHETIC_SESSION_CONFLICT',
    'TRUE',
    { sessionId: SESSION, emails: ['jane.doe@gmail.com'], birthday: '1990-07-04' },
    {
      session: [{ emails: ['jane.doe@gmail.com'], birthday: '1985-02-03' }],
      note: 'Two calls of one session.',
    },
  ),
  example(
    'SYNTHETIC_SESSION_CONFLICT',
    'FALSE',
    { sessionId: SESSION, ssns: [PRE] },
    {
      session: [{ emails: ['jane.doe@gmail.com'], ssns: [PRE.slice(-4)] }],
      note: 'Two calls of one session: the last four, then the full SSN.',
    },
  ),
  example('SYNTHETIC_SESSION_CONFLICT', 'NONE', { emails: ['jane.doe@gmail.com'], ssns: [PRE] }),
];
