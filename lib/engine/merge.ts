import type { EmailInput, NormalizedRequest, PhoneInput, ProfileInput } from './types';

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

/**
 * The union of a session's identifiers and a new call's: lists are unioned; for singular
 * fields (name, location, SSN, IP, birthday) the newest value given wins.
 */
export function mergeRequests(previous: NormalizedRequest, next: NormalizedRequest): NormalizedRequest {
  return {
    emails: mergeEmails(previous.emails, next.emails),
    phones: unionBy(previous.phones, next.phones, phoneKey),
    profiles: unionBy(previous.profiles, next.profiles, profileKey),
    ssn: next.ssn ?? previous.ssn,
    name: next.name ?? previous.name,
    location: next.location ?? previous.location,
    ipAddress: next.ipAddress ?? previous.ipAddress,
    birthday: next.birthday ?? previous.birthday,
    organization: next.organization ?? previous.organization,
    title: next.title ?? previous.title,
    sessionId: next.sessionId,
  };
}
