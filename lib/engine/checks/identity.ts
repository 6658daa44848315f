// The Identity package: the input name, then the names the identity graph links to the person,
// screened against each of the five sanctions lists (lib/engine/sanctions builds the screen).
import { nameForms } from '../graph/name-forms';
import type {
  SanctionListId,
  SanctionMatch,
  SanctionsScreen,
  ScreenedLocation,
  ScreenedName,
} from '../sanctions/types';
import type { Check, CheckContext, NameInput, NormalizedRequest } from '../types';
import { hasName } from './input-presence';
import { awaitingCheck, makeCheck } from './make-check';
import { weighNameOnlyHit } from './sanction-evidence';

const LISTS = {
  IDENTITY_OFAC_LIST: { list: 'OFAC', title: 'OFAC SDN' },
  IDENTITY_UN_SANCTION_LIST: { list: 'UN', title: 'UN Security Council Consolidated List' },
  IDENTITY_EU_SANCTION_LIST: { list: 'EU', title: 'EU Consolidated Financial Sanctions List' },
  IDENTITY_UK_SANCTION_LIST: { list: 'UK', title: 'UK Sanctions List' },
  IDENTITY_CA_SANCTION_LIST: { list: 'CA', title: 'Canada Consolidated Autonomous Sanctions List' },
} as const satisfies Record<string, { list: SanctionListId; title: string }>;

type IdentityId = keyof typeof LISTS;

const IDS = Object.keys(LISTS) as IdentityId[];

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);
const score = (value: number) => value.toFixed(2);

function sourceText(screen: SanctionsScreen, match: SanctionMatch): string {
  const source = screen.sources(match.list).find((s) => s.name === match.source);
  const published = day(source?.publishedAt ?? null);
  return `${match.source} (${published ? `published ${published}` : 'publication date not stated'})`;
}

/** A location a name was screened against, and how the description calls it. */
interface Place {
  location: ScreenedLocation;
  label: string;
}

const INPUT_PLACE = 'the input location';
const GRAPH_PLACE = 'a location the identity graph links to the person';

/** Which screened location the entry agrees with, and on what, for the description. */
function agreement(match: SanctionMatch, places: readonly Place[]): string {
  const agreed = match.agreement;
  const place = agreed ? places[agreed.location] : undefined;
  if (agreed === undefined || place === undefined)
    return "the entry's location agrees with a screened location";
  return agreed.by === 'country'
    ? `the entry's country ${place.location.countryCode?.trim().toUpperCase() ?? ''} agrees with ${place.label}`
    : `the entry's city ${place.location.city?.trim() ?? ''} agrees with ${place.label}`;
}

function disagreement(places: readonly Place[], graphed: boolean): string {
  const input = places.some((p) => p.label === INPUT_PLACE);
  const linked = places.filter((p) => p.label === GRAPH_PLACE).length;
  if (!input && linked === 0) {
    return graphed
      ? 'no input location, nor any the identity graph links to the person, to compare'
      : 'no input location to compare';
  }
  const theirs = `the ${linked === 1 ? 'location' : `${linked} locations`} the identity graph links to the person`;
  const compared = [input ? INPUT_PLACE : '', linked > 0 ? theirs : ''].filter(Boolean).join(' nor with ');
  return `its locations do not agree with ${compared}`;
}

function matchText(
  whose: string,
  screen: SanctionsScreen,
  match: SanctionMatch,
  places: readonly Place[],
  graphed: boolean,
) {
  const { entry } = match;
  const via = match.alias ? ` through its alias "${match.matchedName}"` : '';
  const programs = entry.programs.length > 0 ? `programs ${entry.programs.join(', ')}` : 'no program stated';
  const place = match.locationAgrees ? agreement(match, places) : disagreement(places, graphed);
  return (
    `${whose} matches ${match.list} entry ${entry.id} "${entry.name}"${via} on ${sourceText(screen, match)} ` +
    `with score ${score(match.score)}; ${programs}; ${place}.`
  );
}

function noMatch(
  list: SanctionListId,
  screen: SanctionsScreen,
  resolvedNames: number,
  graphed: boolean,
  inputName: boolean,
): string {
  const sources = screen
    .sources(list)
    .map((s) => {
      const published = day(s.publishedAt);
      const entries = `${s.entryCount.toLocaleString('en-US')} ${s.entryCount === 1 ? 'entry' : 'entries'}`;
      return `${s.name}, ${entries}${published ? `, published ${published}` : ''}`;
    })
    .join('; ');
  const resolved = !graphed
    ? ' (the identity graph was not consulted)'
    : resolvedNames > 0
      ? `, nor does any of the ${resolvedNames} other name${resolvedNames === 1 ? '' : 's'} the identity graph links to the person`
      : '';
  if (!inputName) {
    const names = resolvedNames === 1 ? 'the name' : `any of the ${resolvedNames} names`;
    return (
      `No name was provided, and no ${list} entry matches ${names} the identity graph links to the ` +
      `person. Screened: ${sources}.`
    );
  }
  return `No ${list} entry matches the input name${resolved}. Screened: ${sources}.`;
}

/** A list's best match among several screenings: an agreeing location first, then the score. */
function better(a: SanctionMatch, b: SanctionMatch | undefined): boolean {
  if (b === undefined) return true;
  if (a.locationAgrees !== b.locationAgrees) return a.locationAgrees;
  return a.score > b.score;
}

/** The graph's names for the person other than forms of the input name (already screened). */
function resolvedNames(input: NormalizedRequest, ctx: CheckContext): NameInput[] {
  const own = new Set(nameForms(input.name));
  return (ctx.graph?.person?.names ?? []).filter((name) => {
    const forms = nameForms(name);
    return forms.length > 0 && !forms.some((form) => own.has(form));
  });
}

const NO_NAME = 'No name was provided; the sanctions lists are matched by name.';

/** A list's match and the name that was screened for it. */
interface Hit {
  match: SanctionMatch;
  name: ScreenedName;
}

type Whose = 'input' | 'graph';

const WHOSE = {
  input: { text: 'The input name', located: 'INPUT_NAME_LOC', alone: 'INPUT_NAME' },
  graph: {
    text: 'A name the identity graph links to the person',
    located: 'IDENTITY_NAME_LOC',
    alone: 'IDENTITY_NAME',
  },
} as const;

export function identityChecks(input: NormalizedRequest, ctx: CheckContext): Check[] {
  const name = hasName(input) ? input.name : null;
  // Without an input name the graph's names are the person's only names, and are screened alone.
  const others = resolvedNames(input, ctx);
  if (name === null && others.length === 0) {
    const none = ctx.graph?.person
      ? `${NO_NAME.slice(0, -1)}; the identity graph links none to the person.`
      : NO_NAME;
    return IDS.map((id) => makeCheck(id, 'NONE', none));
  }
  const screen = ctx.sanctions ?? null;
  const graphed = ctx.graph !== null;
  const inputPlaces: Place[] = input.location
    ? [
        {
          location: { countryCode: input.location.countryCode, city: input.location.city },
          label: INPUT_PLACE,
        },
      ]
    : [];
  // The graph's names are the person's: screen them against the person's own locations too.
  const resolvedPlaces: Place[] = [
    ...inputPlaces,
    ...(ctx.graph?.person?.locations ?? []).map((location) => ({ location, label: GRAPH_PLACE })),
  ];
  // One screening per name covers every list; the graph's names only matter where the input's did not match.
  const inputMatches =
    screen && name
      ? screen.screen(
          name,
          inputPlaces.map((p) => p.location),
        )
      : [];
  let resolved: Map<SanctionListId, Hit> | null = null;
  const resolvedMatch = (list: SanctionListId): Hit | undefined => {
    if (screen === null) return undefined;
    if (resolved === null) {
      const best = new Map<SanctionListId, Hit>();
      const locations = resolvedPlaces.map((p) => p.location);
      for (const other of others) {
        for (const match of screen.screen(other, locations)) {
          if (better(match, best.get(match.list)?.match)) best.set(match.list, { match, name: other });
        }
      }
      resolved = best;
    }
    return resolved.get(list);
  };
  const hit = (
    lists: SanctionsScreen,
    id: IdentityId,
    whose: Whose,
    { match, name: screened }: Hit,
    places: readonly Place[],
  ) => {
    const text = matchText(WHOSE[whose].text, lists, match, places, whose === 'graph');
    if (match.locationAgrees) return makeCheck(id, WHOSE[whose].located, text);
    const countries = places.flatMap((p) => (p.location.countryCode ? [p.location.countryCode] : []));
    const weight = weighNameOnlyHit(match.entry, screened, input.birthday, countries);
    return makeCheck(id, WHOSE[whose].alone, `${text} ${weight.text}`, weight.risk);
  };

  return IDS.map((id) => {
    const { list, title } = LISTS[id];
    if (screen === null || screen.sources(list).length === 0) {
      return awaitingCheck(id, `the sanctions list import (${title})`);
    }
    const direct = inputMatches.find((match) => match.list === list);
    if (direct && name) return hit(screen, id, 'input', { match: direct, name }, inputPlaces);
    const linked = resolvedMatch(list);
    if (linked) return hit(screen, id, 'graph', linked, resolvedPlaces);
    return makeCheck(id, 'NO_MATCH', noMatch(list, screen, others.length, graphed, name !== null));
  });
}
