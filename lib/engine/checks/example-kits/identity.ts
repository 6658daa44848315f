// The Identity examples (lib/engine/checks/defs/identity-*.ts): the five sanctions checks share
// one vocabulary, so one function writes the examples of each list.
import type { SanctionListId, SanctionsScreen } from '../../sanctions/types';
import { type ExampleExtras, example, type StateExample } from '../check-def';
import type { sanctionStates } from '../common-states';
import {
  DESIGNATED,
  DESIGNATED_COMMON,
  EMAIL_ONLY,
  JANE,
  PHONE_ONLY,
  person,
  seen,
  withGraph,
  yearsAgo,
} from '../example-kit';

type SanctionState = keyof typeof sanctionStates;

/** The source file and entry id of the designated persons on each list. */
export const SANCTION_LISTS: Readonly<Record<SanctionListId, { source: string; entryId: string }>> = {
  OFAC: { source: 'ofac-sdn/sdn.csv', entryId: '90001' },
  UN: { source: 'un/consolidated.xml', entryId: 'QDi.999' },
  EU: { source: 'eu/sanctions.csv', entryId: 'EU.9999.99' },
  UK: { source: 'uk/UK-Sanctions-List.csv', entryId: 'RUS9999' },
  CA: { source: 'canada/sema-lmes.xml', entryId: 'Russia 9999' },
};

/** The screen without one list, as if it were not imported: its check answers UNKNOWN. */
function withoutList(screen: SanctionsScreen, list: SanctionListId): SanctionsScreen {
  return {
    sources: (id) => (id === list ? [] : screen.sources(id)),
    screen: (name, location) => screen.screen(name, location).filter((match) => match.list !== list),
  };
}

const DESIGNATED_NAME = { given: DESIGNATED.given, family: DESIGNATED.family };
const AT_HOME = { city: DESIGNATED.city, countryCode: DESIGNATED.country };
const ELSEWHERE = { city: 'Miami', regionCode: 'FL', countryCode: 'US' };

/** The examples of the check screening one list: every state of sanctionStates. */
export function sanctionExamples(list: SanctionListId): StateExample<SanctionState>[] {
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
    example('INPUT_NAME_LOC', { name: DESIGNATED_NAME, location: AT_HOME }, { note: `${entry}.` }),
    example('IDENTITY_NAME_LOC', { ...alias, location: AT_HOME }, linked),
    example('IDENTITY_NAME_LOC', EMAIL_ONLY, linkedAtHome),
    // No location or birthday to compare: the name-only hit keeps its MED (one the request
    // contradicts weighs LOW, below).
    example('INPUT_NAME', { ...PHONE_ONLY, name: DESIGNATED_NAME }, { note: `${entry}.` }),
    example('IDENTITY_NAME', { ...alias }, linked),
    example('IDENTITY_NAME', EMAIL_ONLY, {
      ...linked,
      note: `${entry}; the request carries no name, and the identity graph resolves the email to a person named ${DESIGNATED.given} ${DESIGNATED.family}.`,
    }),
    example(
      'INPUT_NAME',
      { name: commonName, location: ELSEWHERE, birthday: '1990-05-01' },
      { note: `${commonEntry}.`, risk: contradicted },
    ),
    example(
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
    example('NO_MATCH', { name: JANE, location: ELSEWHERE }, { note: `No ${list} entry is named Jane Doe.` }),
    example(
      'UNKNOWN',
      { name: JANE, location: ELSEWHERE },
      {
        note: `The ${list} list is not imported (the other lists are).`,
        context: (base) => ({
          ...base,
          sanctions: base.sanctions ? withoutList(base.sanctions, list) : null,
        }),
      },
    ),
    example('NONE', EMAIL_ONLY, { note: 'The identity graph links no name to the email.' }),
  ];
}
