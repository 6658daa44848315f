import type { SanctionListId } from '@/lib/engine/sanctions/types';
import { type CheckExample, type ExampleExtras, example } from '../check-example';
import {
  DESIGNATED,
  DESIGNATED_COMMON,
  person,
  SANCTION_LISTS,
  sanctionsScreen,
  seen,
  withGraph,
  yearsAgo,
} from '../context';
import { EMAIL_ONLY, JANE } from '../requests';

const CHECKS = {
  IDENTITY_OFAC_LIST: 'OFAC',
  IDENTITY_UN_SANCTION_LIST: 'UN',
  IDENTITY_EU_SANCTION_LIST: 'EU',
  IDENTITY_UK_SANCTION_LIST: 'UK',
  IDENTITY_CA_SANCTION_LIST: 'CA',
} as const satisfies Record<string, SanctionListId>;

type IdentityId = keyof typeof CHECKS;

const DESIGNATED_NAME = { given: DESIGNATED.given, family: DESIGNATED.family };
const AT_HOME = { city: DESIGNATED.city, countryCode: DESIGNATED.country };
const ELSEWHERE = { city: 'Miami', regionCode: 'FL', countryCode: 'US' };

function examples(id: IdentityId): CheckExample[] {
  const list = CHECKS[id];
  const { source, entryId } = SANCTION_LISTS[list];
  const entry =
    `The ${list} list (${source}) holds entry ${entryId}, ${DESIGNATED.given} ${DESIGNATED.family} ` +
    `(country ${DESIGNATED.country}, city ${DESIGNATED.city})`;
  const linked: ExampleExtras = {
    note: `${entry}; the identity graph resolves the email to a person also named ${DESIGNATED.given} ${DESIGNATED.family}.`,
    context: (base) =>
      withGraph(base, {
        emails: [seen(yearsAgo(3))],
        person: person({ names: [graphName] }),
      }),
  };
  const graphName = {
    given: DESIGNATED.given.toLowerCase(),
    middle: null,
    family: DESIGNATED.family.toLowerCase(),
  };
  const linkedAtHome: ExampleExtras = {
    note:
      `${entry}; the request carries no name, and the identity graph resolves the email to a person ` +
      `named ${DESIGNATED.given} ${DESIGNATED.family} with an address in ${DESIGNATED.city}, ${DESIGNATED.country}.`,
    context: (base) =>
      withGraph(base, {
        emails: [seen(yearsAgo(3))],
        person: person({
          names: [graphName],
          locations: [{ city: DESIGNATED.city.toLowerCase(), countryCode: DESIGNATED.country }],
        }),
      }),
  };
  const alias = { email: 'v.smith@gmail.com', name: { given: 'Victor', family: 'Smith' } };
  const common = `${DESIGNATED_COMMON.given} ${DESIGNATED_COMMON.family}`;
  const commonEntry =
    `The ${list} list also holds entry ${entryId}-2, ${common} (country ${DESIGNATED_COMMON.country}, ` +
    `born ${DESIGNATED_COMMON.born})`;
  const contradicted = {
    level: 'LOW',
    why: `${DESIGNATED_COMMON.family} is a common family name, and the birth year and country disagree with the entry while nothing agrees`,
  } as const;
  const commonName = { given: DESIGNATED_COMMON.given, family: DESIGNATED_COMMON.family };
  return [
    example(id, 'INPUT_NAME_LOC', { name: DESIGNATED_NAME, location: AT_HOME }, { note: `${entry}.` }),
    example(id, 'IDENTITY_NAME_LOC', { ...alias, location: AT_HOME }, linked),
    example(id, 'IDENTITY_NAME_LOC', EMAIL_ONLY, linkedAtHome),
    example(id, 'INPUT_NAME', { name: DESIGNATED_NAME, location: ELSEWHERE }, { note: `${entry}.` }),
    example(id, 'IDENTITY_NAME', { ...alias, location: ELSEWHERE }, linked),
    example(id, 'IDENTITY_NAME', EMAIL_ONLY, {
      ...linked,
      note: `${entry}; the request carries no name, and the identity graph resolves the email to a person named ${DESIGNATED.given} ${DESIGNATED.family}.`,
    }),
    example(
      id,
      'INPUT_NAME',
      { name: commonName, location: ELSEWHERE, birthday: '1990-05-01' },
      { note: `${commonEntry}.`, risk: contradicted },
    ),
    example(
      id,
      'IDENTITY_NAME',
      { ...EMAIL_ONLY, location: ELSEWHERE, birthday: '1990-05-01' },
      {
        note: `${commonEntry}; the request carries no name, and the identity graph resolves the email to a person named ${common}.`,
        risk: contradicted,
        context: (base) =>
          withGraph(base, {
            emails: [seen(yearsAgo(3))],
            person: person({ names: [{ given: 'carlos', middle: null, family: 'garcia' }] }),
          }),
      },
    ),
    example(
      id,
      'NO_MATCH',
      { name: JANE, location: ELSEWHERE },
      { note: `No ${list} entry is named Jane Doe.` },
    ),
    example(
      id,
      'UNKNOWN',
      { name: JANE, location: ELSEWHERE },
      {
        note: `The ${list} list is not imported (the other lists are).`,
        context: (base) => ({ ...base, sanctions: sanctionsScreen([list]) }),
      },
    ),
    example(id, 'NONE', EMAIL_ONLY, { note: 'The identity graph links no name to the email.' }),
  ];
}

export const identityExamples: CheckExample[] = (Object.keys(CHECKS) as IdentityId[]).flatMap(examples);
