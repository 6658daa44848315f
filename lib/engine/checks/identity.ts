// The Identity package: the input name, then the names the identity graph links to the person,
// screened against each of the five sanctions lists (lib/engine/sanctions builds the screen).
import { nameForms } from '../graph/name-forms';
import type { SanctionListId, SanctionMatch, SanctionsScreen, ScreenedLocation } from '../sanctions/types';
import type { Check, CheckContext, NameInput, NormalizedRequest } from '../types';
import { hasName } from './input-presence';
import { awaitingCheck, makeCheck } from './make-check';

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

/** Which part of the screened location the entry agrees with, for the description. */
function agreement(match: SanctionMatch, location: ScreenedLocation | null): string {
  const country = location?.countryCode?.toUpperCase() ?? '';
  if (country !== '' && match.entry.countries.some((code) => code.toUpperCase() === country)) {
    return `the entry's country ${country} agrees with the input location`;
  }
  const city = location?.city?.trim() ?? '';
  return city !== ''
    ? `the entry's city ${city} agrees with the input location`
    : "the entry's location agrees with the input location";
}

function matchText(
  whose: string,
  screen: SanctionsScreen,
  match: SanctionMatch,
  location: ScreenedLocation | null,
) {
  const { entry } = match;
  const via = match.alias ? ` through its alias "${match.matchedName}"` : '';
  const programs = entry.programs.length > 0 ? `programs ${entry.programs.join(', ')}` : 'no program stated';
  const place = match.locationAgrees
    ? `; ${agreement(match, location)}`
    : location === null
      ? '; no input location to compare'
      : '; its locations do not agree with the input location';
  return (
    `${whose} matches ${match.list} entry ${entry.id} "${entry.name}"${via} on ${sourceText(screen, match)} ` +
    `with score ${score(match.score)}; ${programs}${place}.`
  );
}

function noMatch(
  list: SanctionListId,
  screen: SanctionsScreen,
  resolvedNames: number,
  graphed: boolean,
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

export function identityChecks(input: NormalizedRequest, ctx: CheckContext): Check[] {
  const name = input.name;
  if (!hasName(input) || name === null) {
    return IDS.map((id) =>
      makeCheck(id, 'NONE', 'No name was provided; the sanctions lists are matched by name.'),
    );
  }
  const screen = ctx.sanctions ?? null;
  const location: ScreenedLocation | null = input.location
    ? { countryCode: input.location.countryCode, city: input.location.city }
    : null;
  // One screening per name covers every list; the graph's names only matter where the input's did not match.
  const inputMatches = screen ? screen.screen(name, location) : [];
  const others = resolvedNames(input, ctx);
  let resolved: Map<SanctionListId, SanctionMatch> | null = null;
  const resolvedMatch = (list: SanctionListId): SanctionMatch | undefined => {
    if (screen === null) return undefined;
    if (resolved === null) {
      const best = new Map<SanctionListId, SanctionMatch>();
      for (const other of others) {
        for (const match of screen.screen(other, location)) {
          if (better(match, best.get(match.list))) best.set(match.list, match);
        }
      }
      resolved = best;
    }
    return resolved.get(list);
  };

  return IDS.map((id) => {
    const { list, title } = LISTS[id];
    if (screen === null || screen.sources(list).length === 0) {
      return awaitingCheck(id, `the sanctions list import (${title})`);
    }
    const direct = inputMatches.find((match) => match.list === list);
    if (direct) {
      return makeCheck(
        id,
        direct.locationAgrees ? 'INPUT_NAME_LOC' : 'INPUT_NAME',
        matchText('The input name', screen, direct, location),
      );
    }
    const linked = resolvedMatch(list);
    if (linked) {
      return makeCheck(
        id,
        linked.locationAgrees ? 'IDENTITY_NAME_LOC' : 'IDENTITY_NAME',
        matchText('A name the identity graph links to the person', screen, linked, location),
      );
    }
    return makeCheck(id, 'NO_MATCH', noMatch(list, screen, others.length, ctx.graph !== null));
  });
}
