// How old a reference list is and whether it is too old to trust a clean answer from it. Pure: the
// clock is an argument, so the Lists page, the results, the case report and the tests agree.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Oldest a list of each kind may be before it is flagged stale, in ms; null: never stale.
 * - sanctions: designations change weekly or faster; a week-old list can miss a new listing.
 * - tor: exit relays come and go within hours (TorDNSEL republishes every hour); a day is the limit.
 * - privacy-relay: Apple republishes its egress ranges often; a week is generous.
 * - vpn, datacenter: hosting ranges move slowly (monthly at most); thirty days.
 * - SSA tables: frozen since SSN randomisation (2011-06-25); their age says nothing.
 */
export const MAX_LIST_AGE_MS: Readonly<Record<ListKind, number | null>> = {
  sanctions: 7 * DAY_MS,
  tor: DAY_MS,
  'privacy-relay': 7 * DAY_MS,
  vpn: 30 * DAY_MS,
  datacenter: 30 * DAY_MS,
  ssa: null,
  other: null,
};

export type ListKind = 'sanctions' | 'tor' | 'privacy-relay' | 'vpn' | 'datacenter' | 'ssa' | 'other';

/** The kind of a list from its category as the Lists endpoint names it (`sanctions:OFAC`, `tor`, `ssa-area`). */
export function listKind(category: string): ListKind {
  if (category.startsWith('sanctions')) return 'sanctions';
  if (category.startsWith('ssa')) return 'ssa';
  if (category === 'tor' || category === 'privacy-relay' || category === 'vpn' || category === 'datacenter') {
    return category;
  }
  return 'other';
}

export interface ListFreshness {
  kind: ListKind;
  /** The date the age is measured from: the stated publication date, else the import. */
  since: Date;
  /** 'published' when the list states its date; 'imported' when it does not (the data is older still). */
  dated: 'published' | 'imported';
  /** now − since, never negative (a clock skew or a future-dated file reads as brand new). */
  ageMs: number;
  maxAgeMs: number | null;
  /**
   * 'stale': older than its kind allows (for an undated list, even its import is);
   * 'undated': no publication date, and its kind has an age limit, so its age cannot be vouched for;
   * null: within the limit, or a kind without one.
   */
  warning: 'stale' | 'undated' | null;
}

export interface DatedList {
  category: string;
  publishedAt: string | Date | null;
  importedAt: string | Date;
}

const toDate = (value: string | Date): Date => (value instanceof Date ? value : new Date(value));

export function listFreshness(list: DatedList, now: Date): ListFreshness {
  const kind = listKind(list.category);
  const maxAgeMs = MAX_LIST_AGE_MS[kind];
  const published = list.publishedAt === null ? null : toDate(list.publishedAt);
  const usable = published !== null && !Number.isNaN(published.getTime());
  const since = usable ? published : toDate(list.importedAt);
  // An unreadable import date (never stored so, but the type allows it) counts as brand new and undated.
  const ageMs = Math.max(0, now.getTime() - since.getTime()) || 0;
  let warning: ListFreshness['warning'] = null;
  if (maxAgeMs !== null) {
    // The import bounds an undated list's age from below: past the limit even so, it is stale.
    if (ageMs > maxAgeMs) warning = 'stale';
    else if (!usable) warning = 'undated';
  }
  return { kind, since, dated: usable ? 'published' : 'imported', ageMs, maxAgeMs, warning };
}

/** An age as people say it: "less than an hour", "5 hours", "3 days", "4 months", "2 years". */
export function formatListAge(ageMs: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (ageMs < HOUR_MS) return 'less than an hour';
  if (ageMs < DAY_MS) return plural(Math.floor(ageMs / HOUR_MS), 'hour');
  const days = Math.floor(ageMs / DAY_MS);
  if (days < 60) return plural(days, 'day');
  // Calendar-free months and years: an age is approximate by nature.
  if (days < 730) return plural(Math.floor(days / 30.4375), 'month');
  return plural(Math.floor(days / 365.25), 'year');
}

/** "older than 7 days", the limit a stale list broke, as the warnings say it. */
export function formatMaxAge(maxAgeMs: number): string {
  return `older than ${formatListAge(maxAgeMs)}`;
}
