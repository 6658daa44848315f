// What the pure generators hand to the writer: people, their identifier keys, and sightings that
// mean exactly what an ingested event or record means to lib/services/graph/observe.ts.
import type { ObservationType } from '@/lib/db/schema';
import type { IdentifierKey } from '@/lib/engine/graph/identifier-keys';
import type { LineType } from '@/lib/engine/ingest/types';
import type { Phenomenon } from './phenomena';

/**
 * A graph key as identifierKeys builds it, except that an SSN's value holds its digits: the
 * writer applies the server's keyed hash (the generators stay pure).
 * `countries` of the engine key is per sighting here (see SeedSighting.location).
 */
export interface SeedKey extends Omit<IdentifierKey, 'countries'> {
  /** Phones: the number's region, which identifierKeys adds to the countries of a phone key. */
  region: string | null;
}

/**
 * Identifiers seen together once. `type` null is a record (breach, phone or profile facts):
 * ingestRecords observes those with no observation type, so they count as no activity and never
 * move first/last seen, but link the identifiers (source `<workspace>:records`).
 */
export interface SeedSighting {
  at: number;
  type: ObservationType | null;
  /** The feed's name; the writer prefixes the workspace id (eventSource). */
  feed: string;
  /** The event's own country field. */
  country: string | null;
  /** countryCode of the location the event carried: every key of the event gets it. */
  location: string | null;
  keys: SeedKey[];
  /** Phone records key their number without its region (recordKeys in lib/services/ingest.ts). */
  bare?: true;
  /** Profile records put the profile's own country on its key only. */
  profileCountry?: string | null;
}

export interface GenContext {
  seed: number;
  now: number;
  /** False when the tag was handed out before in this run: merging identifiers must be unique. */
  claim(tag: string): boolean;
}

export interface SeedBreach {
  keys: SeedKey[];
  breach: string;
  at: number;
}

export interface SeedPhoneRecord {
  phone: string;
  at: number;
  lineType: LineType;
  carrier: string;
  dno: 'voice' | 'text' | 'both' | null;
}

export interface SeedProfileRecord {
  key: SeedKey;
  service: string;
  handle: string;
  createdAt: number;
  followers: number;
  following: number;
  country: string | null;
}

export interface SeedName {
  given: string;
  middle: string | null;
  family: string;
}

export interface SeedAddress {
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postal: string | null;
  country: string;
}

/**
 * One generated person (or persona of a synthetic ring) with everything the graph learns of
 * them. Phones, profiles and IPs are listed by their graph values; addresses as sent (oldest first).
 */
export interface SeedPerson {
  index: number;
  country: string;
  name: SeedName;
  birthday: string;
  ssn: string | null;
  emails: string[];
  phones: string[];
  profiles: string[];
  addresses: SeedAddress[];
  ips: string[];
  /** First and last activity (ms); equal to the breach time for people never seen. */
  firstSeen: number;
  lastSeen: number;
  sightings: SeedSighting[];
  breaches: SeedBreach[];
  phoneRecords: SeedPhoneRecord[];
  profileRecords: SeedProfileRecord[];
  phenomena: Set<Phenomenon>;
}
