// The Identity package: each of the five sanctions checks, in every state, against a real
// screening index built from hand-made list entries.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runChecks } from '@/lib/engine/checks';
import { identityChecks as identityPackage } from '@/lib/engine/checks/identity';
import { isAwaitingCheck } from '@/lib/engine/checks/make-check';
import type { PersonLocation, PersonSummary } from '@/lib/engine/graph/facts';
import { buildSanctionsScreen } from '@/lib/engine/sanctions/screen';
import type { SanctionEntry, SanctionListId, SanctionSource } from '@/lib/engine/sanctions/types';
import type { CheckContext, NameInput, NormalizedRequest } from '@/lib/engine/types';
import { parseOfacCsv } from '@/lib/reference/sanctions/ofac-csv';
import { findCheck } from './support/find-check';
import { graphFacts, person } from './support/graph-facts';
import { cleartextEmail, ctx, location, name, normalizedRequest } from './support/normalized-request';

/** The package's five sanctions checks (WORKSPACE_LIST has tests of its own: checks-workspace-list). */
const identityChecks = (input: NormalizedRequest, checkCtx: CheckContext) =>
  identityPackage(input, checkCtx).filter((check) => check.id !== 'WORKSPACE_LIST');

const CHECKS: [string, SanctionListId, string][] = [
  ['IDENTITY_OFAC_LIST', 'OFAC', 'OFAC SDN'],
  ['IDENTITY_UN_SANCTION_LIST', 'UN', 'UN Security Council Consolidated List'],
  ['IDENTITY_EU_SANCTION_LIST', 'EU', 'EU Consolidated Financial Sanctions List'],
  ['IDENTITY_UK_SANCTION_LIST', 'UK', 'UK Sanctions List'],
  ['IDENTITY_CA_SANCTION_LIST', 'CA', 'Canada Consolidated Autonomous Sanctions List'],
];

function guzman(list: SanctionListId): SanctionEntry {
  return {
    id: `${list}-6861`,
    kind: 'individual',
    name: 'Joaquin GUZMAN LOERA',
    aliases: ['Chapo GUZMAN'],
    countries: ['MX'],
    cities: ['Culiacán'],
    birthDates: ['1954-12-25'],
    programs: ['SDNTK', 'ILLICIT-DRUGS-EO14059'],
  };
}

function source(list: SanctionListId, publishedAt: Date | null = null): SanctionSource {
  return { list, name: `${list.toLowerCase()}/list-file`, publishedAt, entries: [guzman(list)] };
}

const ALL_LISTS = buildSanctionsScreen([
  source('OFAC', new Date('2024-05-03T00:00:00Z')),
  source('UN'),
  source('EU'),
  source('UK'),
  source('CA'),
]);

const listed = name('Joaquin', 'Guzman Loera');
const unlisted = name('Jane', 'Doe');
const inMexico = location({ city: 'Mazatlán', countryCode: 'MX', country: 'Mexico' });
const inCuliacan = location({ city: 'CULIACAN', countryCode: 'US' });
const inChicago = location({ city: 'Chicago', countryCode: 'US' });

function request(overrides: Partial<NormalizedRequest>): NormalizedRequest {
  return normalizedRequest({ emails: [cleartextEmail('someone@example.com')], ...overrides });
}

function context(
  graphNames: NameInput[] | null = null,
  overrides: Partial<CheckContext> = {},
  locations: PersonLocation[] = [],
): CheckContext {
  const resolved: PersonSummary | null =
    graphNames === null ? null : person({ names: graphNames, locations });
  return { ...ctx, graph: graphFacts({ person: resolved }), sanctions: ALL_LISTS, ...overrides };
}

describe('Identity checks without a name', () => {
  it('answers NONE for all five, whether or not lists are loaded', () => {
    for (const checkCtx of [ctx, context()]) {
      const checks = identityChecks(request({}), checkCtx);
      expect(checks.map((c) => c.id).sort()).toEqual(CHECKS.map(([id]) => id).sort());
      for (const check of checks) {
        expect(check).toMatchObject({ state: 'NONE', risk: 'NONE', checkPackage: 'Identity' });
        expect(check.description).toMatch(/No name was provided/);
      }
    }
  });

  it('does not count a middle name alone', () => {
    const checks = identityChecks(request({ name: name(null, null, 'Q') }), context());
    for (const check of checks) expect(check).toMatchObject({ state: 'NONE', risk: 'NONE' });
  });
});

// Issue 9, finding 4: an email-only request of someone the graph knows under a listed name.
describe('Identity checks of the person the graph knows, without an input name', () => {
  const graphListed = [name('joaquin', 'guzman loera')];

  it.each(CHECKS)('%s is IDENTITY_NAME [MED] when a graph name matches', (id, list) => {
    const check = findCheck(identityChecks(request({}), context(graphListed)), id);
    expect(check).toMatchObject({ state: 'IDENTITY_NAME', risk: 'MED' });
    expect(check.description).toMatch(
      new RegExp(`^A name the identity graph links to the person matches ${list} entry ${list}-6861`),
    );
    expect(check.description).toContain('no input location, nor any the identity graph links to the person');
  });

  it.each(CHECKS)("%s is IDENTITY_NAME_LOC [HIGH] when the person's own location agrees", (id) => {
    const check = findCheck(
      identityChecks(request({}), context(graphListed, {}, [{ city: 'mazatlan', countryCode: 'MX' }])),
      id,
    );
    expect(check).toMatchObject({ state: 'IDENTITY_NAME_LOC', risk: 'HIGH' });
    expect(check.description).toContain(
      "the entry's country MX agrees with a location the identity graph links to the person",
    );
  });

  it('is NO_MATCH [NONE] when the graph names match no entry, and says no name was provided', () => {
    const check = findCheck(
      identityChecks(request({}), context([name('mary', 'major'), name('jane', 'doe')])),
      'IDENTITY_OFAC_LIST',
    );
    expect(check).toMatchObject({ state: 'NO_MATCH', risk: 'NONE' });
    expect(check.description).toMatch(
      /^No name was provided, and no OFAC entry matches any of the 2 names the identity graph links to the person\./,
    );
  });

  it('awaits a list that is not loaded', () => {
    const check = findCheck(
      identityChecks(request({}), { ...context(graphListed), sanctions: null }),
      'IDENTITY_OFAC_LIST',
    );
    expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
  });
});

describe("Identity checks against the person's own locations", () => {
  it('is IDENTITY_NAME_LOC [HIGH] when the input location disagrees but a graph location agrees', () => {
    const check = findCheck(
      identityChecks(
        request({ name: unlisted, location: inChicago }),
        context([name('joaquin', 'guzman loera')], {}, [{ city: 'culiacan', countryCode: 'US' }]),
      ),
      'IDENTITY_OFAC_LIST',
    );
    expect(check).toMatchObject({ state: 'IDENTITY_NAME_LOC', risk: 'HIGH' });
    expect(check.description).toContain(
      "the entry's city culiacan agrees with a location the identity graph links to the person",
    );
  });

  it('keeps the input name to the input location', () => {
    const check = findCheck(
      identityChecks(
        request({ name: listed, location: inChicago }),
        context([name('jane', 'doe')], {}, [{ city: null, countryCode: 'MX' }]),
      ),
      'IDENTITY_OFAC_LIST',
    );
    // The input location (US) disagrees with the entry's country and nothing agrees: LOW.
    expect(check).toMatchObject({ state: 'INPUT_NAME', risk: 'LOW' });
  });
});

describe('Identity checks without loaded lists', () => {
  it.each(CHECKS)('%s awaits the %s import when no screen is in the context', (id, _list, title) => {
    for (const sanctions of [undefined, null]) {
      const check = findCheck(identityChecks(request({ name: listed }), { ...ctx, sanctions }), id);
      expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
      expect(check.description).toBe(`Awaiting the sanctions list import (${title}).`);
      // What the console reads as "List not loaded" rather than a grey None.
      expect(isAwaitingCheck(check)).toBe(true);
    }
  });

  it('awaits only the lists the screen has no source for', () => {
    const ofacOnly = buildSanctionsScreen([source('OFAC')]);
    const checks = identityChecks(request({ name: unlisted }), { ...ctx, sanctions: ofacOnly });
    expect(findCheck(checks, 'IDENTITY_OFAC_LIST')).toMatchObject({ state: 'NO_MATCH', risk: 'NONE' });
    for (const [id] of CHECKS.slice(1)) {
      expect(findCheck(checks, id)).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    }
  });
});

describe.each(CHECKS)('%s', (id, list) => {
  it('is NO_MATCH [NONE] when neither the input name nor the graph names match', () => {
    const check = findCheck(
      identityChecks(request({ name: unlisted }), context([name('mary', 'major')])),
      id,
    );
    expect(check).toMatchObject({ state: 'NO_MATCH', risk: 'NONE' });
    expect(check.description).toContain(`No ${list} entry matches the input name`);
    expect(check.description).toContain('nor does any of the 1 other name the identity graph links');
    expect(check.description).toContain(`Screened: ${list.toLowerCase()}/list-file, 1 entry`);
  });

  it('is INPUT_NAME [MED] when the input name matches and the location does not agree', () => {
    // Nothing to compare keeps MED; a country that disagrees with nothing agreeing weighs LOW.
    for (const [where, place, risk] of [
      [null, 'no input location to compare', 'MED'],
      [inChicago, 'its locations do not agree with the input location', 'LOW'],
    ] as const) {
      const check = findCheck(identityChecks(request({ name: listed, location: where }), context()), id);
      expect(check).toMatchObject({ state: 'INPUT_NAME', risk });
      expect(check.description).toContain(
        `The input name matches ${list} entry ${list}-6861 "Joaquin GUZMAN LOERA"`,
      );
      expect(check.description).toContain('with score 1.00; programs SDNTK, ILLICIT-DRUGS-EO14059');
      expect(check.description).toContain(place);
    }
  });

  it('is INPUT_NAME_LOC [HIGH] when the entry country agrees with the input location', () => {
    const check = findCheck(identityChecks(request({ name: listed, location: inMexico }), context()), id);
    expect(check).toMatchObject({ state: 'INPUT_NAME_LOC', risk: 'HIGH' });
    expect(check.description).toContain("the entry's country MX agrees with the input location");
  });

  it('is INPUT_NAME_LOC [HIGH] when the entry city agrees with the input location', () => {
    const check = findCheck(identityChecks(request({ name: listed, location: inCuliacan }), context()), id);
    expect(check).toMatchObject({ state: 'INPUT_NAME_LOC', risk: 'HIGH' });
    expect(check.description).toContain("the entry's city CULIACAN agrees with the input location");
  });

  it('is IDENTITY_NAME [MED] when only a name the graph links to the person matches', () => {
    const graphNames = [name('jane', 'doe'), name('joaquin', 'guzman loera', 'archivaldo')];
    const check = findCheck(identityChecks(request({ name: unlisted }), context(graphNames)), id);
    expect(check).toMatchObject({ state: 'IDENTITY_NAME', risk: 'MED' });
    expect(check.description).toMatch(
      new RegExp(`^A name the identity graph links to the person matches ${list} entry`),
    );
    // The graph's names are the graph's business: the description names the entry, not them.
    expect(check.description).not.toContain('archivaldo');
  });

  it('is IDENTITY_NAME_LOC [HIGH] when a graph name matches and the location agrees', () => {
    const graphNames = [name('joaquin', 'guzman loera')];
    const check = findCheck(
      identityChecks(request({ name: unlisted, location: inMexico }), context(graphNames)),
      id,
    );
    expect(check).toMatchObject({ state: 'IDENTITY_NAME_LOC', risk: 'HIGH' });
  });
});

describe('Identity check details', () => {
  it('names the alias that matched and the source date', () => {
    const check = findCheck(
      identityChecks(request({ name: name('Chapo', 'Guzman') }), context()),
      'IDENTITY_OFAC_LIST',
    );
    expect(check.state).toBe('INPUT_NAME');
    expect(check.description).toContain(
      'through its alias "Chapo GUZMAN" on ofac/list-file (published 2024-05-03)',
    );
    const un = findCheck(
      identityChecks(request({ name: name('Chapo', 'Guzman') }), context()),
      'IDENTITY_UN_SANCTION_LIST',
    );
    expect(un.description).toContain('on un/list-file (publication date not stated)');
  });

  it('prefers the input name over the graph names', () => {
    const checks = identityChecks(request({ name: listed }), context([name('joaquin', 'guzman loera')]));
    expect(findCheck(checks, 'IDENTITY_OFAC_LIST').state).toBe('INPUT_NAME');
  });

  it('does not count graph names that are forms of the input name as other names', () => {
    const graphNames = [name('doe', 'jane'), name('jane', 'doe', 'q')];
    const check = findCheck(
      identityChecks(request({ name: unlisted }), context(graphNames)),
      'IDENTITY_OFAC_LIST',
    );
    expect(check.state).toBe('NO_MATCH');
    expect(check.description).not.toContain('other name');
  });

  it('says when the graph was not consulted', () => {
    const check = findCheck(
      identityChecks(request({ name: unlisted }), { ...ctx, graph: null, sanctions: ALL_LISTS }),
      'IDENTITY_UK_SANCTION_LIST',
    );
    expect(check).toMatchObject({ state: 'NO_MATCH', risk: 'NONE' });
    expect(check.description).toContain('(the identity graph was not consulted)');
  });

  it('takes part in a full run, most risky first', () => {
    const checks = runChecks(request({ name: listed, location: inMexico }), { ...ctx, sanctions: ALL_LISTS });
    expect(findCheck(checks, 'IDENTITY_OFAC_LIST')).toMatchObject({ state: 'INPUT_NAME_LOC', risk: 'HIGH' });
    expect(checks[0]?.risk).toBe('HIGH');
  });
});

// Issue 9, "an honest cold start": a name-only hit on a common name that the birth year or the
// country contradict weighs less; one the evidence supports keeps its weight.
describe('Identity checks weigh a name-only hit by the evidence', () => {
  // As OFAC lists entry 15861 (DOB 23 Jan 1970; citizen Mexico).
  const gonzalez: SanctionEntry = {
    id: '15861',
    kind: 'individual',
    name: 'Esperanza Maria GONZALEZ MUNIZ',
    aliases: [],
    countries: ['MX'],
    cities: ['Coahuila'],
    birthDates: ['1970-01-23'],
    programs: ['SDNTK'],
  };
  const lists = buildSanctionsScreen([
    { list: 'OFAC', name: 'ofac/sdn.csv', publishedAt: null, entries: [gonzalez, guzman('OFAC')] },
  ]);
  const maria = name('Maria', 'Gonzalez');
  const mountainView = location({
    city: 'Mountain View',
    regionCode: 'CA',
    postalCode: '94043',
    countryCode: 'US',
  });
  const ofac = (overrides: Partial<NormalizedRequest>, graphNames: NameInput[] | null = null) =>
    findCheck(
      identityChecks(request(overrides), context(graphNames, { sanctions: lists })),
      'IDENTITY_OFAC_LIST',
    );

  it('is INPUT_NAME [LOW] on a common name whose birth year and country disagree, saying which', () => {
    const check = ofac({ name: maria, location: mountainView, birthday: '1988-04-02' });
    expect(check).toMatchObject({ state: 'INPUT_NAME', risk: 'LOW' });
    expect(check.description).toContain('birth year 1988 (listed 1970)');
    expect(check.description).toContain('country US (listed MX)');
    expect(check.description).toMatch(/gonzalez is a common family name/i);
  });

  it('is INPUT_NAME [LOW] when only the birth year disagrees', () => {
    expect(ofac({ name: maria, birthday: '1990-07-01' })).toMatchObject({ state: 'INPUT_NAME', risk: 'LOW' });
  });

  it('keeps MED when the birth year agrees, and says which evidence agreed and which did not', () => {
    const check = ofac({ name: maria, location: mountainView, birthday: '1970-01-23' });
    expect(check).toMatchObject({ state: 'INPUT_NAME', risk: 'MED' });
    expect(check.description).toContain('birth year 1970 agrees');
    expect(check.description).toContain('country US (listed MX)');
  });

  it('keeps MED when nothing can be compared', () => {
    const check = ofac({ name: maria });
    expect(check).toMatchObject({ state: 'INPUT_NAME', risk: 'MED' });
    expect(check.description).toContain('no birth year or country to compare');
  });

  // Issue 30, item 4: "Mustafa Mansour", born 1986, of Fresno, was MED on an alias whose birth
  // year and country disagree. An uncommon name the evidence contradicts weighs LOW too.
  it('weighs LOW a name that is not common when the evidence disagrees and nothing agrees', () => {
    const check = ofac({ name: listed, location: inChicago, birthday: '1990-01-01' });
    expect(check).toMatchObject({ state: 'INPUT_NAME', risk: 'LOW' });
    expect(check.description).toContain('birth year 1990 (listed 1954)');
    expect(check.description).toContain('country US');
  });

  it('keeps MED when the birth year agrees, whatever the country', () => {
    const check = ofac({ name: listed, location: inChicago, birthday: '1954-04-04' });
    expect(check).toMatchObject({ state: 'INPUT_NAME', risk: 'MED' });
  });

  it('weighs a graph name the same way (IDENTITY_NAME [LOW])', () => {
    const check = ofac({ birthday: '1988-04-02' }, [name('maria', 'gonzalez')]);
    expect(check).toMatchObject({ state: 'IDENTITY_NAME', risk: 'LOW' });
  });

  it('never lowers a hit whose location agrees', () => {
    const check = ofac({ name: maria, location: location({ countryCode: 'MX' }), birthday: '1988-04-02' });
    expect(check).toMatchObject({ state: 'INPUT_NAME_LOC', risk: 'HIGH' });
  });
});

// The applicant on a fresh install, against the real OFAC SDN file.
describe('the ordinary applicant of issue 9 on the real OFAC list', () => {
  const data = path.resolve(process.cwd(), 'reference-data/sanctions');
  const ofac = parseOfacCsv({
    primary: readFileSync(path.join(data, 'ofac-sdn-2024-05-03/sdn.csv'), 'utf8'),
  });
  const real = buildSanctionsScreen([
    {
      list: 'OFAC',
      name: 'ofac-sdn-2024-05-03/sdn.csv',
      publishedAt: ofac.publishedAt,
      entries: ofac.entries,
    },
  ]);

  it('Maria Gonzalez of Mountain View, born 1988, is at most a LOW name-only hit', () => {
    const applicant = request({
      emails: [cleartextEmail('maria.gonzalez@gmail.com')],
      name: name('Maria', 'Gonzalez'),
      location: location({
        addressLine1: '1600 Amphitheatre Pkwy',
        city: 'Mountain View',
        regionCode: 'CA',
        postalCode: '94043',
        countryCode: 'US',
      }),
      birthday: '1988-04-02',
    });
    const check = findCheck(identityChecks(applicant, { ...ctx, sanctions: real }), 'IDENTITY_OFAC_LIST');
    expect(check.description).not.toContain('48070');
    expect(['NO_MATCH', 'INPUT_NAME']).toContain(check.state);
    expect(['NONE', 'LOW']).toContain(check.risk);
  });
});
