// The contract between the sanctions importers (lib/reference/sanctions) and the screening index
// (lib/engine/sanctions): one normalised entry shape for every official list format.

/** The five lists the Identity package screens, one check each. */
export type SanctionListId = 'OFAC' | 'UN' | 'EU' | 'UK' | 'CA';

export type SanctionEntryKind = 'individual' | 'entity' | 'vessel' | 'aircraft' | 'unknown';

/** One designated party as its list publishes it (names are not normalised here). */
export interface SanctionEntry {
  /** The entry's id in its list (OFAC ent_num, UN DATAID, EU logicalId, UK Group ID, CA item). */
  id: string;
  kind: SanctionEntryKind;
  /** The primary name in display order ("Given Family" for individuals when the list splits it). */
  name: string;
  /** Every alias (a.k.a., f.k.a., low and good quality), as published. */
  aliases: string[];
  /** ISO 3166-1 alpha-2 codes of nationality, citizenship and address countries. */
  countries: string[];
  /** Cities of the entry's addresses and places of birth. */
  cities: string[];
  /** Dates of birth as published: YYYY, YYYY-MM or YYYY-MM-DD. */
  birthDates: string[];
  programs: string[];
}

/** One imported file (or file set, for OFAC's four CSVs) of a list. */
export interface SanctionSource {
  list: SanctionListId;
  /** The source's name: folder and file, e.g. `ofac-sdn-2021-07/sdn.csv`. */
  name: string;
  publishedAt: Date | null;
  entries: SanctionEntry[];
}

/** What the Identity checks learn from screening one name against one list. */
export interface SanctionMatch {
  list: SanctionListId;
  source: string;
  entry: SanctionEntry;
  /** The name or alias of the entry that matched, as published. */
  matchedName: string;
  alias: boolean;
  /** 0..1; a match is reported only at or above the index's threshold. */
  score: number;
  /** The entry's country (or city) agrees with a screened location. */
  locationAgrees: boolean;
  /** Which screened location agreed (its index) and on what; absent when none did. */
  agreement?: { location: number; by: 'country' | 'city' };
}

export interface ScreenedName {
  given: string | null;
  middle: string | null;
  family: string | null;
}

export interface ScreenedLocation {
  countryCode: string | null;
  city: string | null;
}

/** The loaded lists as the engine sees them (lib/engine/sanctions builds it from SanctionSource[]). */
export interface SanctionsScreen {
  /** The sources loaded for a list; empty means the list is not loaded (its check answers UNKNOWN). */
  sources(list: SanctionListId): readonly { name: string; publishedAt: Date | null; entryCount: number }[];
  /** The best match per list at or above the threshold, strongest first; locations: one or several. */
  screen(
    name: ScreenedName,
    location: ScreenedLocation | readonly ScreenedLocation[] | null,
  ): SanctionMatch[];
}
