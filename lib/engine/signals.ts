// Shaping Signals responses from graph facts (pure: the service gathers the facts).

export interface GraphIdentifier {
  id: string;
  kind: string;
  value: string;
  md5: string | null;
  sha1: string | null;
  countries: string[];
  firstSeenMs: number;
  lastSeenMs: number;
  observations: number;
}

export interface ProfileFacts {
  service: string;
  handle: string;
  createdAtMs: number | null;
  followers: number | null;
  following: number | null;
  country: string | null;
}

export interface PersonFacts {
  identifiers: GraphIdentifier[];
  confidence: Map<string, number>;
  /** Cleartext addresses this workspace supplied, by identifier id. */
  cleartexts: Map<string, string>;
  profiles: Map<string, ProfileFacts>;
}

interface Seen {
  /** Null when the identifier was never sighted (known only from records). */
  firstSeenMs: number | null;
  lastSeenMs: number | null;
  observations: number;
  confidence: number;
}

const titleCase = (text: string) => text.replace(/\b\p{L}/gu, (c) => c.toUpperCase());

function seen(row: GraphIdentifier, confidence: Map<string, number>): Seen {
  const sighted = row.observations > 0;
  return {
    firstSeenMs: sighted ? row.firstSeenMs : null,
    lastSeenMs: sighted ? row.lastSeenMs : null,
    observations: row.observations,
    confidence: confidence.get(row.id) ?? 0,
  };
}

export function emailEntry(row: GraphIdentifier, facts: Pick<PersonFacts, 'confidence' | 'cleartexts'>) {
  const cleartext = facts.cleartexts.get(row.id);
  return {
    ...(cleartext ? { email: cleartext } : {}),
    md5: row.md5,
    sha1: row.sha1,
    sha256: row.value.includes(':') ? null : row.value,
    ...seen(row, facts.confidence),
  };
}

/** Most confident first, then most observed: what an analyst reads top-down. */
function ranked(rows: GraphIdentifier[], confidence: Map<string, number>): GraphIdentifier[] {
  return [...rows].sort(
    (a, b) => (confidence.get(b.id) ?? 0) - (confidence.get(a.id) ?? 0) || b.observations - a.observations,
  );
}

/** The Signals body without patternInterval (docs/api/signals.md). */
export function personSignals(facts: PersonFacts) {
  const of = (kind: string) =>
    ranked(
      facts.identifiers.filter((r) => r.kind === kind),
      facts.confidence,
    );
  const names = of('name');
  const topName = names[0];
  return {
    name: topName
      ? (() => {
          const parts = topName.value.split('|');
          const given = parts[0] ?? '';
          const middle = parts[1] ?? '';
          const family = parts[2] ?? '';
          return {
            given: given ? titleCase(given) : null,
            middle: middle ? titleCase(middle) : null,
            family: family ? titleCase(family) : null,
            ...seen(topName, facts.confidence),
          };
        })()
      : null,
    emails: of('email').map((row) => emailEntry(row, facts)),
    phones: of('phone').map((row) => ({
      phone: row.value,
      countries: row.countries,
      ...seen(row, facts.confidence),
    })),
    socialProfiles: of('profile').map((row) => {
      const record = facts.profiles.get(row.id);
      const [service, ...handle] = row.value.split(':');
      return {
        service: record?.service ?? service ?? null,
        username: record?.handle ?? handle.join(':'),
        createdAtMs: record?.createdAtMs ?? null,
        followers: record?.followers ?? null,
        following: record?.following ?? null,
        country: record?.country ?? null,
        ...seen(row, facts.confidence),
      };
    }),
    locations: of('address').map((row) => {
      const [addressLine1, addressLine2, city, region, postalCode, countryCode] = row.value.split('|');
      const text = (s: string | undefined) => (s ? titleCase(s) : null);
      return {
        addressLine1: text(addressLine1),
        addressLine2: text(addressLine2),
        city: text(city),
        regionCode: region ? region.toUpperCase() : null,
        postalCode: postalCode || null,
        countryCode: countryCode ? countryCode.toUpperCase() : null,
        ...seen(row, facts.confidence),
      };
    }),
    ipAddresses: of('ip').map((row) => ({ ipAddress: row.value, ...seen(row, facts.confidence) })),
    employment: of('employment').map((row) => {
      const [organization, title] = row.value.split('|');
      return {
        organization: organization ? titleCase(organization) : null,
        title: title ? titleCase(title) : null,
        ...seen(row, facts.confidence),
      };
    }),
  };
}

/** Country filters (docs/api/signals.md): excluded → nothing; restricted → only when a country agrees. */
export function passesCountryFilters(
  identifiers: GraphIdentifier[],
  countries: readonly string[],
  excluded: readonly string[],
): boolean {
  const present = new Set(identifiers.flatMap((r) => r.countries));
  if (excluded.some((c) => present.has(c))) return false;
  if (countries.length > 0 && !countries.some((c) => present.has(c))) return false;
  return true;
}
