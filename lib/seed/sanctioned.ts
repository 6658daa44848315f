// A few people on public sanctions lists, so that the IDENTITY_* checks meet real entries once
// the lists are imported. Taken from the copies in reference-data/sanctions: the UN
// consolidated list (reference numbers below; the EU and UK lists carry the UN designations) and
// the OFAC SDN list; Than Shwe from Canada's SEMA list.
export interface SanctionedPerson {
  given: string;
  family: string;
  city: string;
  country: string;
  /** Where the entry was found, for the reader. */
  source: string;
}

export const SANCTIONED: readonly SanctionedPerson[] = [
  { given: 'Joseph', family: 'Kony', city: 'Vakaga', country: 'CF', source: 'UN CFi.009, OFAC SDN 11018' },
  { given: 'Said', family: 'Bahaji', city: 'Hamburg', country: 'DE', source: 'UN QDi.080, OFAC SDN 7264' },
  { given: 'Ahmad', family: 'Derakhshandeh', city: 'Tehran', country: 'IR', source: 'UN IRi.013' },
  { given: 'Than', family: 'Shwe', city: 'Naypyidaw', country: 'MM', source: 'Canada SEMA (Burma)' },
];
