// The Identity package: the input name, then the names the identity graph links to the person,
// screened against each of the five sanctions lists (lib/engine/sanctions builds the screen).
import { nameForms } from '../graph/name-forms';
import type { SanctionListId, SanctionMatch, SanctionsScreen, ScreenedName } from '../sanctions/types';
import type { Check, CheckContext, NameInput, NormalizedRequest } from '../types';
import { GRAPH_PLACE, INPUT_PLACE, matchText, noMatch, type Place } from './identity-text';
import { hasName } from './input-presence';
import { awaitingCheck, makeCheck } from './make-check';
import { weighNameOnlyHit } from './sanction-evidence';
import { workspaceListCheck } from './workspace-list';

const LISTS = {
  IDENTITY_OFAC_LIST: { list: 'OFAC', title: 'OFAC SDN' },
  IDENTITY_UN_SANCTION_LIST: { list: 'UN', title: 'UN Security Council Consolidated List' },
  IDENTITY_EU_SANCTION_LIST: { list: 'EU', title: 'EU Consolidated Financial Sanctions List' },
  IDENTITY_UK_SANCTION_LIST: { list: 'UK', title: 'UK Sanctions List' },
  IDENTITY_CA_SANCTION_LIST: { list: 'CA', title: 'Canada Consolidated Autonomous Sanctions List' },
} as const satisfies Record<string, { list: SanctionListId; title: string }>;

type IdentityId = keyof typeof LISTS;

const IDS = Object.keys(LISTS) as IdentityId[];

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

/** The request's own location as the place its name is screened against. */
export function inputPlacesOf(input: NormalizedRequest): Place[] {
  return input.location
    ? [
        {
          location: { countryCode: input.location.countryCode, city: input.location.city },
          label: INPUT_PLACE,
        },
      ]
    : [];
}

/** A name-only hit weighed by the birth year and the screened places' countries (sanction-evidence.ts). */
function weighHit(
  match: SanctionMatch,
  screened: ScreenedName,
  birthday: string | null,
  places: readonly Place[],
) {
  const countries = places.flatMap((p) => (p.location.countryCode ? [p.location.countryCode] : []));
  return weighNameOnlyHit(match.entry, screened, birthday, countries);
}

/**
 * The input name screened against a screen (continuous monitoring screens a list's new entries
 * only): each list's best match, with what the location, birth year and country say of it, as the
 * Identity list checks weigh it.
 */
export function screenInputName(
  screen: SanctionsScreen,
  input: NormalizedRequest,
): { match: SanctionMatch; evidence: string }[] {
  const name = hasName(input) ? input.name : null;
  if (name === null) return [];
  const places = inputPlacesOf(input);
  return screen
    .screen(
      name,
      places.map((p) => p.location),
    )
    .map((match) => ({
      match,
      evidence: match.locationAgrees
        ? `The entry's ${match.agreement?.by ?? 'location'} agrees with the session's location.`
        : weighHit(match, name, input.birthday, places).text,
    }));
}

/** The Identity package: the five sanctions lists, then the workspace's own lists. */
export function identityChecks(input: NormalizedRequest, ctx: CheckContext): Check[] {
  return [...sanctionChecks(input, ctx), workspaceListCheck(input, ctx)];
}

function sanctionChecks(input: NormalizedRequest, ctx: CheckContext): Check[] {
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
  const inputPlaces = inputPlacesOf(input);
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
    const weight = weighHit(match, screened, input.birthday, places);
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
