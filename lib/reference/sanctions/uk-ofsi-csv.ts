// OFSI Consolidated List of Financial Sanctions Targets, ConList.csv ("2022 format"): a
// "Last Updated,dd/mm/yyyy" line, the header (Name 6 = family or whole name, Name 1..5 = given
// names, ..., Group Type, Alias Type, Regime, ..., Group ID), one row per name of a Group ID.
import { parsePublishedDate } from './dates';
import type { ParsedSanctions } from './entry-draft';
import { parseUkRows } from './uk-rows';

export function parseUkOfsiCsv(csv: string): ParsedSanctions {
  return parseUkRows(csv, {
    id: 'Group ID',
    nameType: 'Alias Type',
    kind: 'Group Type',
    regime: 'Regime',
    dob: 'DOB',
    nationality: 'Nationality',
    townOfBirth: 'Town of Birth',
    countryOfBirth: 'Country of Birth',
    addressCountry: 'Country',
    publishedAt: (first) => (first[0]?.trim() === 'Last Updated' ? parsePublishedDate(first[1]) : null),
  });
}
