// The screening index over the loaded sanctions lists. Every primary name and alias is
// normalised once (normalize.ts) into interned tokens; a query finds the vocabulary tokens
// similar to each of its words through blocking keys (blocking.ts), then the names holding
// them (name-block.ts), and scores (score.ts) only the names that could still reach the
// threshold given how many of its words they hold. People are screened against individuals,
// organisations against entities, vessels and aircraft (entries of unknown kind against both).
//
// Threshold: SCREEN_THRESHOLD = 0.88, chosen with scripts/bench-screening.ts over the real
// OFAC, UN and Canada files (26,755 entries): recall 98.8% for perturbed listed individuals
// (exact, alias, one typo, swapped order, dropped middle name, transliteration, case/accents)
// and 95.7% for entities, against 0.3% false positives over 2,000 generated person names in
// 12 locales. Recall is flat from 0.80 to 0.92 while false positives fall to 0.3% by 0.86; 0.90
// gives 0% false positives in that sample but loses 0.6 points of recall, and a missed
// designation costs more than a MED finding someone reviews.
import { NameBlock } from './name-block';
import { nameTokens, placeKey } from './normalize';
import { type QueryToken, weightedToken } from './score';
import type {
  SanctionEntry,
  SanctionEntryKind,
  SanctionListId,
  SanctionMatch,
  SanctionSource,
  SanctionsScreen,
  ScreenedLocation,
  ScreenedName,
} from './types';
import { Vocabulary } from './vocabulary';

export const SCREEN_THRESHOLD = 0.88;

/** A person's name (input parts) or an organisation's, vessel's or aircraft's name (free text). */
export type ScreenQuery = { kind: 'person'; name: ScreenedName } | { kind: 'organization'; name: string };

export interface SanctionsIndexStats {
  entries: number;
  /** Distinct normalised names (primary names and aliases) per entry. */
  names: number;
  /** Distinct canonical tokens. */
  vocabulary: number;
}

/** The screen plus what the benchmark and diagnostics need: any query kind, any threshold. */
export interface SanctionsIndex extends SanctionsScreen {
  readonly threshold: number;
  readonly stats: SanctionsIndexStats;
  /** Best match per list at or above `threshold` (default: the index's), strongest first. */
  search(query: ScreenQuery, location: Screened, threshold?: number): SanctionMatch[];
}

const PERSON_KINDS: ReadonlySet<SanctionEntryKind> = new Set(['individual', 'unknown']);
const ORGANIZATION_KINDS: ReadonlySet<SanctionEntryKind> = new Set([
  'entity',
  'vessel',
  'aircraft',
  'unknown',
]);

interface IndexedEntry {
  list: SanctionListId;
  source: string;
  entry: SanctionEntry;
  countries: ReadonlySet<string>;
  cities: ReadonlySet<string>;
}

/** Query tokens of a person's name: the middle name's words are optional. */
export function personQuery(name: ScreenedName): QueryToken[] {
  const text = [name.given, name.middle, name.family]
    .filter((part) => part !== null && part !== '')
    .join(' ');
  const middle = new Map<string, number>();
  for (const token of name.middle ? nameTokens(name.middle) : [])
    middle.set(token, (middle.get(token) ?? 0) + 1);
  return nameTokens(text).map((token) => {
    const left = middle.get(token) ?? 0;
    if (left > 0) middle.set(token, left - 1);
    return { ...weightedToken(token), optional: left > 0, listed: false };
  });
}

export function organizationQuery(name: string): QueryToken[] {
  return nameTokens(name).map((token) => ({ ...weightedToken(token), optional: false, listed: false }));
}

type Screened = ScreenedLocation | readonly ScreenedLocation[] | null;

const asList = (location: Screened): readonly ScreenedLocation[] =>
  location === null ? [] : 'countryCode' in location ? [location] : location;

/** The first screened location the entry's country (else city) agrees with. */
function agreementOf(
  entry: IndexedEntry,
  locations: readonly ScreenedLocation[],
): SanctionMatch['agreement'] {
  for (const [index, location] of locations.entries()) {
    const country = location.countryCode?.trim().toUpperCase() ?? '';
    if (country !== '' && entry.countries.has(country)) return { location: index, by: 'country' };
  }
  for (const [index, location] of locations.entries()) {
    const city = location.city ? placeKey(location.city) : '';
    if (city !== '' && entry.cities.has(city)) return { location: index, by: 'city' };
  }
  return undefined;
}

/**
 * Builds the screen over the given sources. Each list's best match is the strongest one whose
 * entry's location agrees with the screened location, if any, else the strongest: an agreeing
 * entry above the threshold is the graver finding even when another entry scores higher.
 */
export function buildSanctionsScreen(
  sources: readonly SanctionSource[],
  options: { threshold?: number } = {},
): SanctionsIndex {
  const threshold = options.threshold ?? SCREEN_THRESHOLD;
  const vocabulary = new Vocabulary();
  const people = new NameBlock(vocabulary);
  const organizations = new NameBlock(vocabulary);
  const entries: IndexedEntry[] = [];
  let names = 0;
  for (const source of sources) {
    for (const entry of source.entries) {
      const index = entries.length;
      entries.push({
        list: source.list,
        source: source.name,
        entry,
        countries: new Set(entry.countries.map((code) => code.trim().toUpperCase())),
        cities: new Set(entry.cities.map(placeKey).filter((city) => city !== '')),
      });
      const seen = new Set<string>();
      const published = [
        { text: entry.name, alias: false },
        ...entry.aliases.map((text) => ({ text, alias: true })),
      ];
      for (const { text, alias } of published) {
        for (const tokens of [nameTokens(text), nameTokens(text, { spellings: false })]) {
          const key = tokens.join(' ');
          if (key === '' || seen.has(key)) continue;
          seen.add(key);
          names++;
          if (PERSON_KINDS.has(entry.kind)) people.add(index, text, alias, tokens);
          if (ORGANIZATION_KINDS.has(entry.kind)) organizations.add(index, text, alias, tokens);
        }
      }
    }
  }
  people.seal();
  organizations.seal();
  vocabulary.seal();

  const sourceSummaries = new Map<
    SanctionListId,
    { name: string; publishedAt: Date | null; entryCount: number }[]
  >();
  for (const source of sources) {
    const summaries = sourceSummaries.get(source.list) ?? [];
    summaries.push({ name: source.name, publishedAt: source.publishedAt, entryCount: source.entries.length });
    sourceSummaries.set(source.list, summaries);
  }

  function search(query: ScreenQuery, location: Screened, floor = threshold): SanctionMatch[] {
    const locations = asList(location);
    const block = query.kind === 'person' ? people : organizations;
    const tokens = query.kind === 'person' ? personQuery(query.name) : organizationQuery(query.name);
    const best = new Map<SanctionListId, SanctionMatch>();
    for (const hit of block.search(tokens, floor)) {
      const indexed = entries[hit.entry];
      if (indexed === undefined) continue;
      const { name, alias } = block.publishedName(hit.name);
      const agreement = agreementOf(indexed, locations);
      const match: SanctionMatch = {
        list: indexed.list,
        source: indexed.source,
        entry: indexed.entry,
        matchedName: name,
        alias,
        score: hit.score,
        locationAgrees: agreement !== undefined,
        ...(agreement ? { agreement } : {}),
      };
      const current = best.get(match.list);
      if (current === undefined || outranks(match, current)) best.set(match.list, match);
    }
    return [...best.values()].sort((a, b) => b.score - a.score || a.list.localeCompare(b.list));
  }

  return {
    threshold,
    stats: { entries: entries.length, names, vocabulary: vocabulary.size },
    sources: (list) => sourceSummaries.get(list) ?? [],
    screen: (name, location) => search({ kind: 'person', name }, location),
    search,
  };
}

function outranks(a: SanctionMatch, b: SanctionMatch): boolean {
  if (a.locationAgrees !== b.locationAgrees) return a.locationAgrees;
  return a.score > b.score;
}
