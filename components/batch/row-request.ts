// One CSV row to the body of a Verify request: blank cells are left out, so an empty column
// never fails a row; the parser on the server has the last word on what is valid.
import type { VeritySchema } from '@verity/client';
import type { ColumnName } from './columns';

const REGION_CODE = /^[A-Za-z0-9]{2,3}$/;
const COUNTRY_CODE = /^[A-Za-z]{2}$/;

/** The row's non-blank values by column (the first mapped header of a column wins). */
export function rowValues(row: readonly string[], mapping: readonly (ColumnName | null)[]) {
  const values: Partial<Record<ColumnName, string>> = {};
  mapping.forEach((column, index) => {
    const value = row[index]?.trim() ?? '';
    if (column !== null && value !== '') values[column] = value;
  });
  return values;
}

const present = (...values: (string | undefined)[]): string[] =>
  values.filter((value): value is string => value !== undefined);

/** Drops undefined members, so the JSON sent (and shown) has only what the row holds. */
function compact<T extends Record<string, unknown>>(record: T): T | undefined {
  const entries = Object.entries(record).filter(([, value]) => value !== undefined);
  return entries.length === 0 ? undefined : (Object.fromEntries(entries) as T);
}

export function rowRequest(
  row: readonly string[],
  mapping: readonly (ColumnName | null)[],
): VeritySchema<'VerifyRequest'> {
  const v = rowValues(row, mapping);
  const region = v.region;
  const country = v.country;
  const emails = present(v.email, v.email2);
  const phones = present(v.phone, v.phone2);
  const ssns = present(v.ssn, v.ssn_last4);
  const request = compact({
    emails: emails.length > 0 ? emails : undefined,
    phones: phones.length > 0 ? phones : undefined,
    name: compact({ given: v.first_name, middle: v.middle_name, family: v.last_name }),
    location: compact({
      addressLine1: v.address_line1,
      addressLine2: v.address_line2,
      city: v.city,
      regionCode: region !== undefined && REGION_CODE.test(region) ? region : undefined,
      region: region !== undefined && !REGION_CODE.test(region) ? region : undefined,
      postalCode: v.postal_code,
      countryCode: country !== undefined && COUNTRY_CODE.test(country) ? country : undefined,
      country: country !== undefined && !COUNTRY_CODE.test(country) ? country : undefined,
    }),
    ipAddress: v.ip,
    birthday: v.birthday,
    ssns: ssns.length > 0 ? ssns : undefined,
    organization: v.organization,
    title: v.title,
  });
  return request ?? {};
}

/** A short label of the row for tables: who it is about. */
export function rowLabel(row: readonly string[], mapping: readonly (ColumnName | null)[]): string {
  const v = rowValues(row, mapping);
  const name = present(v.first_name, v.last_name).join(' ');
  // Never the SSN: the label is shown in tables and screenshots.
  return v.email ?? v.phone ?? (name !== '' ? name : (v.ip ?? '—'));
}
