// FCDO UK Sanctions List CSV: a "Report Date: dd-Mon-yyyy" line, the header (Last Updated, Unique
// ID, OFSI Group ID, ..., Name 6, Name 1..5, Name type, ..., Regime Name, Designation Type, ...,
// D.O.B, Nationality(/ies), ..., Town of birth, Country of birth, ...), one row per name or address
// of a Unique ID.
import { parsePublishedDate } from './dates';
import type { ParsedSanctions } from './entry-draft';
import { parseUkRows } from './uk-rows';

export function parseUkFcdoCsv(csv: string): ParsedSanctions {
  return parseUkRows(csv, {
    id: 'Unique ID',
    nameType: 'Name type',
    kind: 'Designation Type',
    regime: 'Regime Name',
    dob: 'D.O.B',
    nationality: 'Nationality(/ies)',
    townOfBirth: 'Town of birth',
    countryOfBirth: 'Country of birth',
    addressCountry: 'Address Country',
    publishedAt: (first) => {
      const m = /^Report Date:\s*(.+)$/i.exec(first[0]?.trim() ?? '');
      return m?.[1] ? parsePublishedDate(m[1]) : null;
    },
  });
}
