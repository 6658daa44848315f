// The rows one observe() call (lib/services/graph/observe.ts) would write for a batch of
// sightings on a graph that does not hold them yet, computed in memory: identifiers with
// first/last seen, counts and countries; one observation per key of a sighting; hourly rollups;
// links with their distinct sources; link counts, hub flags and the person clusters.
// Identifiers are numbered here; the writer gives them their database ids.
import { MERGING_KINDS } from '@/lib/engine/graph/identifier-keys';
import { HUB_LINK_LIMIT } from '@/lib/services/graph/observe';
import { HOUR_MS } from './schedule';
import type { SeedBreach, SeedKey, SeedPhoneRecord, SeedProfileRecord, SeedSighting } from './types';

export interface IdentifierAggregate {
  key: SeedKey;
  merging: boolean;
  countries: Set<string>;
  first: number;
  last: number;
  observations: number;
  /** Distinct merging identifiers linked to this one (merging identifiers only). */
  linkCount: number;
  isHub: boolean;
  /** Index of the person cluster, or -1 (none: a lone identifier, an attribute or a hub). */
  person: number;
}

export interface RollupAggregate {
  identifier: number;
  hour: number;
  type: string;
  source: number;
  count: number;
}

export interface PairAggregate {
  a: number;
  b: number;
  observations: number;
  first: number;
  last: number;
  sources: Set<number>;
  merging: boolean;
}

/** The countries a key brings into the graph from one sighting (identifierKeys + recordKeys). */
export function keyCountries(s: SeedSighting, key: SeedKey): string[] {
  if (key.kind === 'profile' && s.profileCountry !== undefined)
    return s.profileCountry ? [s.profileCountry] : [];
  const countries = s.location ? [s.location] : [];
  if (key.kind === 'phone' && !s.bare && key.region && key.region !== s.location) countries.push(key.region);
  return countries;
}

const TYPE_CODES = ['verification', 'visitor', 'signup', 'click', 'signals', 'id_resolution'];
const typeCode = (type: string) => TYPE_CODES.indexOf(type);
/** Hours until 2084 and a batch's feeds: bounds that keep the numeric keys below 2^53. */
const HOURS_SPAN = 1_000_000;
const MAX_SOURCES = 64;
const PAIR_SPAN = 2 ** 24;

export class GraphBatch {
  readonly identifiers: IdentifierAggregate[] = [];
  readonly sources: string[] = [];
  readonly pairs = new Map<number, PairAggregate>();
  /** Observations as parallel columns: identifier index, type, source index, country, time. */
  readonly obsIdentifier: number[] = [];
  readonly obsType: string[] = [];
  readonly obsSource: number[] = [];
  readonly obsCountry: (string | null)[] = [];
  readonly obsAt: number[] = [];
  /** Hourly counts per identifier, type and source, as insertObservations accumulates them. */
  readonly rollups = new Map<number, RollupAggregate>();
  readonly breaches: { identifier: number; breach: string; at: number }[] = [];
  readonly phoneRecords: SeedPhoneRecord[] = [];
  readonly profileRecords: { identifier: number; record: SeedProfileRecord }[] = [];
  personCount = 0;
  private readonly byTag = new Map<string, number>();
  private readonly sourceIndex = new Map<string, number>();
  private readonly breachSeen = new Set<string>();
  private readonly phoneRecordSeen = new Set<string>();

  constructor(private readonly workspaceId: string) {}

  indexOf(kind: string, value: string): number | undefined {
    return this.byTag.get(`${kind}|${value}`);
  }

  private source(feed: string): number {
    const name = `${this.workspaceId}:${feed}`;
    if (this.sources.length >= MAX_SOURCES) throw new Error('too many feeds in one batch');
    let index = this.sourceIndex.get(name);
    if (index === undefined) {
      index = this.sources.length;
      this.sources.push(name);
      this.sourceIndex.set(name, index);
    }
    return index;
  }

  private identifier(key: SeedKey, at: number): number {
    const tag = `${key.kind}|${key.value}`;
    let index = this.byTag.get(tag);
    if (index === undefined) {
      index = this.identifiers.length;
      if (index >= PAIR_SPAN) throw new Error('too many identifiers in one batch');
      this.identifiers.push({
        key,
        merging: MERGING_KINDS.has(key.kind),
        countries: new Set(),
        first: at,
        last: at,
        observations: 0,
        linkCount: 0,
        isHub: false,
        person: -1,
      });
      this.byTag.set(tag, index);
    }
    return index;
  }

  add(s: SeedSighting): void {
    const source = this.source(s.feed);
    const members: number[] = [];
    for (const key of s.keys) {
      const index = this.identifier(key, s.at);
      const entry = this.identifiers[index];
      if (!entry) continue;
      // As observe(): only sightings date an identifier; records fill in until the first one.
      if (s.type && entry.observations === 0) {
        entry.first = s.at;
        entry.last = s.at;
      } else if (s.type || entry.observations === 0) {
        if (s.at < entry.first) entry.first = s.at;
        if (s.at > entry.last) entry.last = s.at;
      }
      if (s.location || key.region || s.profileCountry)
        for (const c of keyCountries(s, key)) entry.countries.add(c);
      if (s.country) entry.countries.add(s.country);
      if (s.type) {
        entry.observations++;
        this.obsIdentifier.push(index);
        this.obsType.push(s.type);
        this.obsSource.push(source);
        this.obsCountry.push(s.country);
        this.obsAt.push(s.at);
        const hour = Math.floor(s.at / HOUR_MS);
        // A numeric key (identifier, hour, type, source) spares a string per observation.
        const tag =
          ((index * HOURS_SPAN + hour) * TYPE_CODES.length + typeCode(s.type)) * MAX_SOURCES + source;
        const rollup = this.rollups.get(tag);
        if (rollup) rollup.count++;
        else
          this.rollups.set(tag, { identifier: index, hour: hour * HOUR_MS, type: s.type, source, count: 1 });
      }
      members.push(index);
    }
    this.link(members, s.at, source);
  }

  /** Every pair of a sighting with a merging end (attribute pairs say nothing about who is who). */
  private link(members: number[], at: number, source: number): void {
    for (let i = 0; i < members.length; i++) {
      for (let j = i + 1; j < members.length; j++) {
        const x = members[i] ?? 0;
        const y = members[j] ?? 0;
        const mx = this.identifiers[x]?.merging ?? false;
        const my = this.identifiers[y]?.merging ?? false;
        if (x === y || (!mx && !my)) continue;
        const a = Math.min(x, y);
        const b = Math.max(x, y);
        const tag = a * PAIR_SPAN + b;
        let pair = this.pairs.get(tag);
        if (!pair) {
          pair = { a, b, observations: 0, first: at, last: at, sources: new Set(), merging: mx && my };
          this.pairs.set(tag, pair);
        }
        pair.observations++;
        if (at < pair.first) pair.first = at;
        if (at > pair.last) pair.last = at;
        pair.sources.add(source);
      }
    }
  }

  addBreach(breach: SeedBreach): void {
    for (const key of breach.keys) {
      const identifier = this.indexOf(key.kind, key.value);
      const tag = `${identifier}|${breach.breach}`;
      // The first record of an identifier in a breach wins (on conflict do nothing).
      if (identifier === undefined || this.breachSeen.has(tag)) continue;
      this.breachSeen.add(tag);
      this.breaches.push({ identifier, breach: breach.breach, at: breach.at });
    }
  }

  addPhoneRecord(record: SeedPhoneRecord): void {
    const tag = `${record.phone}|${record.at}|${record.lineType}|${record.carrier}`;
    if (this.phoneRecordSeen.has(tag)) return;
    this.phoneRecordSeen.add(tag);
    this.phoneRecords.push(record);
  }

  addProfileRecord(record: SeedProfileRecord): void {
    const identifier = this.indexOf(record.key.kind, record.key.value);
    if (identifier !== undefined) this.profileRecords.push({ identifier, record });
  }

  /**
   * Link counts and hubs (linkAndResolve), then clusters (resolvePersons): merging identifiers
   * joined by links that touch no hub share a person; a lone identifier has none.
   */
  finish(): void {
    for (const pair of this.pairs.values()) {
      if (!pair.merging) continue;
      const a = this.identifiers[pair.a];
      const b = this.identifiers[pair.b];
      if (a) a.linkCount++;
      if (b) b.linkCount++;
    }
    for (const entry of this.identifiers) entry.isHub = entry.linkCount > HUB_LINK_LIMIT;
    const parent = this.identifiers.map((_, i) => i);
    const find = (i: number): number => {
      let root = i;
      while (parent[root] !== root) root = parent[root] ?? root;
      while (parent[i] !== root) {
        const next = parent[i] ?? root;
        parent[i] = root;
        i = next;
      }
      return root;
    };
    const joined = new Set<number>();
    for (const pair of this.pairs.values()) {
      if (!pair.merging || this.identifiers[pair.a]?.isHub || this.identifiers[pair.b]?.isHub) continue;
      parent[find(pair.b)] = find(pair.a);
      joined.add(pair.a);
      joined.add(pair.b);
    }
    const personOfRoot = new Map<number, number>();
    for (const index of joined) {
      const root = find(index);
      let person = personOfRoot.get(root);
      if (person === undefined) {
        person = this.personCount++;
        personOfRoot.set(root, person);
      }
      const entry = this.identifiers[index];
      if (entry) entry.person = person;
    }
  }
}
