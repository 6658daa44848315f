// Offline reference lookups for the IP Address, Phone and Location packages.

export interface GeoLocation {
  countryCode: string;
  /** ISO 3166-2 subdivision code without the country (e.g. "CA"), when the database has it. */
  regionCode: string | null;
  city: string | null;
  /** Which database answered, for the check's description. */
  source: string;
}

export interface GeoLookup {
  /** The database's name and edition, for descriptions (also when it has no answer). */
  source: string;
  locate(ip: string): GeoLocation | null;
}

export interface PostalPlace {
  zip: string;
  city: string;
  /** USPS two-letter state code. */
  state: string;
}

export interface PostalLookup {
  /** The data package's name and edition, for descriptions. */
  source: string;
  /** The place of a 5-digit US ZIP code, or null when the ZIP does not exist. */
  zip(zip5: string): PostalPlace | null;
  /** Whether a city name is served by a ZIP in the state (spelling variants folded). */
  cityInState(city: string, state: string): boolean;
}
