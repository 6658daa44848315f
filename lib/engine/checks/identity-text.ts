// The Identity checks' descriptions: which entry matched, where its location agrees or not, and
// what was screened when nothing matched.
import type { SanctionListId, SanctionMatch, SanctionsScreen, ScreenedLocation } from '../sanctions/types';

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);
const score = (value: number) => value.toFixed(2);

function sourceText(screen: SanctionsScreen, match: SanctionMatch): string {
  const source = screen.sources(match.list).find((s) => s.name === match.source);
  const published = day(source?.publishedAt ?? null);
  return `${match.source} (${published ? `published ${published}` : 'publication date not stated'})`;
}

/** A location a name was screened against, and how the description calls it. */
export interface Place {
  location: ScreenedLocation;
  label: string;
}

export const INPUT_PLACE = 'the input location';
export const GRAPH_PLACE = 'a location the identity graph links to the person';

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

export function matchText(
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

export function noMatch(
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
