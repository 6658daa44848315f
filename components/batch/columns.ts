// The CSV columns the batch understands: one header per request field, matched case-insensitively
// with spaces and dashes read as underscores, plus a few common aliases.

export type ColumnName =
  | 'email'
  | 'email2'
  | 'phone'
  | 'phone2'
  | 'first_name'
  | 'middle_name'
  | 'last_name'
  | 'address_line1'
  | 'address_line2'
  | 'city'
  | 'region'
  | 'postal_code'
  | 'country'
  | 'ip'
  | 'birthday'
  | 'ssn'
  | 'ssn_last4'
  | 'organization'
  | 'title';

export interface BatchColumn {
  name: ColumnName;
  /** Other headers read as this column. */
  aliases: readonly string[];
  /** Where the value goes in the Verify request. */
  field: string;
  example: string;
}

export const BATCH_COLUMNS: readonly BatchColumn[] = [
  {
    name: 'email',
    aliases: ['e_mail', 'email1', 'email_address'],
    field: 'emails[]',
    example: 'jane.doe@gmail.com',
  },
  { name: 'email2', aliases: ['e_mail2'], field: 'emails[]', example: 'jane@work.example' },
  {
    name: 'phone',
    aliases: ['phone1', 'phone_number', 'mobile'],
    field: 'phones[]',
    example: '+14155552671',
  },
  { name: 'phone2', aliases: [], field: 'phones[]', example: '(415) 555-0134' },
  { name: 'first_name', aliases: ['given_name', 'firstname'], field: 'name.given', example: 'Jane' },
  { name: 'middle_name', aliases: ['middlename'], field: 'name.middle', example: 'Q' },
  {
    name: 'last_name',
    aliases: ['family_name', 'lastname', 'surname'],
    field: 'name.family',
    example: 'Doe',
  },
  {
    name: 'address_line1',
    aliases: ['address', 'address1', 'street'],
    field: 'location.addressLine1',
    example: '350 Oak Street',
  },
  { name: 'address_line2', aliases: ['address2'], field: 'location.addressLine2', example: 'Apt 4B' },
  { name: 'city', aliases: [], field: 'location.city', example: 'San Francisco' },
  {
    name: 'region',
    aliases: ['state', 'region_code', 'state_code'],
    field: 'location.regionCode (2–3 letters) or location.region',
    example: 'CA',
  },
  {
    name: 'postal_code',
    aliases: ['zip', 'zip_code', 'zipcode', 'postcode'],
    field: 'location.postalCode',
    example: '94102',
  },
  {
    name: 'country',
    aliases: ['country_code'],
    field: 'location.countryCode (2 letters) or location.country',
    example: 'US',
  },
  { name: 'ip', aliases: ['ip_address', 'ipaddress'], field: 'ipAddress', example: '73.223.14.201' },
  {
    name: 'birthday',
    aliases: ['dob', 'date_of_birth', 'birth_date'],
    field: 'birthday (YYYY-MM-DD)',
    example: '1988-04-12',
  },
  { name: 'ssn', aliases: [], field: 'ssns[] (9 digits)', example: '' },
  { name: 'ssn_last4', aliases: ['ssn4', 'last4'], field: 'ssns[] (last 4 digits)', example: '6789' },
  { name: 'organization', aliases: ['employer', 'company'], field: 'organization', example: 'Acme Inc' },
  { name: 'title', aliases: ['job_title'], field: 'title', example: 'Engineer' },
];

/** How many data rows one batch takes: enough for a day's review queue, small enough for a tab. */
export const MAX_BATCH_ROWS = 1_000;

/** "E-mail Address " and "email_address" are the same header. */
export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

const BY_HEADER = new Map<string, ColumnName>(
  BATCH_COLUMNS.flatMap((column) =>
    [column.name, ...column.aliases].map((key) => [key, column.name] as const),
  ),
);

export function columnFor(header: string): ColumnName | null {
  return BY_HEADER.get(normalizeHeader(header)) ?? null;
}

/** A template people can fill in: every column, and one example applicant. */
export function templateCsv(): string {
  const header = BATCH_COLUMNS.map((column) => column.name).join(',');
  const example = BATCH_COLUMNS.map((column) => column.example).join(',');
  return `${header}\r\n${example}\r\n`;
}
