import type {
  EmailInput,
  IpInput,
  LocationInput,
  NameInput,
  NormalizedRequest,
  PhoneInput,
  ProfileInput,
  SsnInput,
} from './types';

/** True when two email inputs denote the same address (any shared digest). */
function sameEmail(a: EmailInput, b: EmailInput): boolean {
  if (a.address && b.address) return a.address === b.address;
  return (
    (a.sha256 !== null && a.sha256 === b.sha256) ||
    (a.sha1 !== null && a.sha1 === b.sha1) ||
    (a.md5 !== null && a.md5 === b.md5) ||
    (a.address === null && b.address === null && a.raw === b.raw)
  );
}

function mergeEmails(existing: EmailInput[], incoming: EmailInput[]): EmailInput[] {
  const out = [...existing];
  for (const email of incoming) {
    const index = out.findIndex((e) => sameEmail(e, email));
    const current = index >= 0 ? out[index] : undefined;
    if (!current) out.push(email);
    // A cleartext form knows every digest: it replaces a hash-only entry of the same address.
    else if (current.form !== 'cleartext' && email.form === 'cleartext') out[index] = email;
  }
  return out;
}

function phoneKey(p: PhoneInput): string {
  return p.e164 ?? `raw:${p.raw}`;
}

function profileKey(p: ProfileInput): string {
  return JSON.stringify([p.service, p.url, p.username, p.userid]);
}

function unionBy<T>(a: T[], b: T[], key: (item: T) => string): T[] {
  const seen = new Set(a.map(key));
  return [...a, ...b.filter((item) => !seen.has(key(item)) && seen.add(key(item)))];
}

/** Same value, whatever the case of its text (names and addresses key the graph lower-cased). */
const textKey = (value: unknown) => JSON.stringify(value).toLowerCase();
const ssnKey = (ssn: SsnInput) => `${ssn.kind}:${ssn.digits}`;
const ipKey = (ip: IpInput) => ip.address;
const same = (text: string) => text;

/** The values a session received besides `current`: the earlier others and the previous value. */
function otherValues<T>(
  earlier: readonly T[] | undefined,
  previous: T | null,
  current: T | null,
  key: (value: T) => string,
): T[] {
  const values = new Map<string, T>();
  for (const value of [...(earlier ?? []), ...(previous === null ? [] : [previous])]) {
    if (!values.has(key(value))) values.set(key(value), value);
  }
  if (current !== null) values.delete(key(current));
  return [...values.values()];
}

/**
 * The union of a session's identifiers and a new call's: lists are unioned; for singular
 * fields (name, location, SSN, IP, birthday) the newest value given is the field's value and
 * every other one the session received is kept in sessionValues (docs/api/sessions.md).
 */
export function mergeRequests(previous: NormalizedRequest, next: NormalizedRequest): NormalizedRequest {
  const ssn = next.ssn ?? previous.ssn;
  const name: NameInput | null = next.name ?? previous.name;
  const location: LocationInput | null = next.location ?? previous.location;
  const ipAddress = next.ipAddress ?? previous.ipAddress;
  const birthday = next.birthday ?? previous.birthday;
  const earlier = previous.sessionValues;
  return {
    emails: mergeEmails(previous.emails, next.emails),
    phones: unionBy(previous.phones, next.phones, phoneKey),
    profiles: unionBy(previous.profiles, next.profiles, profileKey),
    ssn,
    name,
    location,
    ipAddress,
    birthday,
    organization: next.organization ?? previous.organization,
    title: next.title ?? previous.title,
    sessionId: next.sessionId,
    sessionValues: {
      ssns: otherValues(earlier?.ssns, previous.ssn, ssn, ssnKey),
      names: otherValues(earlier?.names, previous.name, name, textKey),
      locations: otherValues(earlier?.locations, previous.location, location, textKey),
      ipAddresses: otherValues(earlier?.ipAddresses, previous.ipAddress, ipAddress, ipKey),
      birthdays: otherValues(earlier?.birthdays, previous.birthday, birthday, same),
    },
  };
}
