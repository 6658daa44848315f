import type { PartialFormValues } from './form-values';

export type Operation = 'verify' | 'signals';

export type RequestBody = Record<string, unknown>;

export interface BuiltRequest {
  body: RequestBody;
  /**
   * Where each array item of the body came from in the form ("emails.1" -> "emails.3.value"):
   * blank rows are left out of the body, so body indexes and form rows differ.
   */
  rows: Record<string, string>;
}

const text = (value: string | undefined): string => (value ?? '').trim();

/** The trimmed, non-blank fields of a group, or null when every one is blank. */
function group<K extends string>(
  source: Partial<Record<K, string>> | undefined,
  keys: readonly K[],
): Partial<Record<K, string>> | null {
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = text(source?.[key]);
    if (value !== '') out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : null;
}

function valueRows(
  rows: ({ value?: string } | undefined)[] | undefined,
  name: 'emails' | 'phones',
  body: RequestBody,
  map: Record<string, string>,
): void {
  const values: string[] = [];
  (rows ?? []).forEach((row, index) => {
    const value = text(row?.value);
    if (value === '') return;
    map[`${name}.${values.length}`] = `${name}.${index}.value`;
    values.push(value);
  });
  if (values.length > 0) body[name] = values;
}

const PROFILE_KEYS = ['service', 'username', 'url', 'userid'] as const;
const NAME_KEYS = ['given', 'middle', 'family'] as const;
const LOCATION_KEYS = [
  'addressLine1',
  'addressLine2',
  'city',
  'regionCode',
  'postalCode',
  'countryCode',
] as const;

/**
 * The exact JSON body of POST /api/verify or /api/signals for the form: plural forms (the API
 * docs prefer them), blank fields and rows left out, text trimmed. Verify carries the session to
 * join; Signals the pattern interval instead.
 */
export function buildRequest(values: PartialFormValues, operation: Operation): BuiltRequest {
  const body: RequestBody = {};
  const rows: Record<string, string> = {};
  valueRows(values.emails, 'emails', body, rows);
  valueRows(values.phones, 'phones', body, rows);

  const profiles: Partial<Record<(typeof PROFILE_KEYS)[number], string>>[] = [];
  (values.profiles ?? []).forEach((row, index) => {
    const profile = group(row, PROFILE_KEYS);
    if (profile === null) return;
    rows[`profiles.${profiles.length}`] = `profiles.${index}`;
    profiles.push(profile);
  });
  if (profiles.length > 0) body.profiles = profiles;

  const name = group(values.name, NAME_KEYS);
  if (name) body.name = name;
  const location = group(values.location, LOCATION_KEYS);
  if (location) body.location = location;

  for (const key of ['birthday', 'ipAddress', 'organization', 'title'] as const) {
    const value = text(values[key]);
    if (value !== '') body[key] = value;
  }
  const ssn = text(values.ssn);
  if (ssn !== '') body.ssns = [ssn];

  if (operation === 'verify') {
    const sessionId = text(values.sessionId);
    if (sessionId !== '') body.sessionId = sessionId;
  } else if (values.patternInterval) {
    body.patternInterval = values.patternInterval;
  }
  return { body, rows };
}

const SSN_DIGITS = /\d/g;

/**
 * The body as the preview shows it while the SSN is hidden: every digit but the last four
 * masked, so the number is not on screen unless asked for.
 */
export function maskSsn(body: RequestBody): RequestBody {
  const ssns = body.ssns;
  if (!Array.isArray(ssns)) return body;
  const masked = ssns.map((ssn) => {
    if (typeof ssn !== 'string') return ssn;
    const digits = ssn.match(SSN_DIGITS)?.length ?? 0;
    let seen = 0;
    return ssn.replace(SSN_DIGITS, (digit) => (++seen > digits - 4 ? digit : '•'));
  });
  return { ...body, ssns: masked };
}
