import { createHash } from 'node:crypto';
import { GRAPH_KINDS, type GraphKind } from '@/lib/contract/graph-kinds';
import type { IpInput, LocationInput, NameInput, NormalizedRequest, SsnInput } from '../types';

export { GRAPH_KINDS, type GraphKind };

export function isGraphKind(kind: string): kind is GraphKind {
  return (GRAPH_KINDS as readonly string[]).includes(kind);
}

/**
 * Kinds that identify one person and so may merge clusters. The others are attributes: they
 * are linked to the person but never merge two people (many share a name, an office, a NAT).
 */
export const MERGING_KINDS: ReadonlySet<GraphKind> = new Set(['email', 'phone', 'ssn', 'profile']);

export function isMergingKind(kind: string): boolean {
  return isGraphKind(kind) && MERGING_KINDS.has(kind);
}

export interface IdentifierKey {
  kind: GraphKind;
  /** Canonical key: SHA-256 for emails, E.164 for phones, a keyed hash for SSNs, text otherwise. */
  value: string;
  md5: string | null;
  sha1: string | null;
  countries: string[];
  /** Cleartext email address, when the caller sent one (stored sealed, per workspace). */
  address: string | null;
}

const lower = (parts: (string | null | undefined)[]) =>
  parts
    .map((p) => (p ?? '').trim().toLowerCase())
    .join('|')
    .replace(/\s+/g, ' ');

export function profileValue(service: string | null, handle: string): string {
  return boundedValue(
    `${(service ?? 'unknown').toLowerCase()}:${handle.trim().replace(/^@/, '').toLowerCase()}`,
  );
}

/** The text key of a name, when it has a given or family part. */
function nameValue(name: NameInput | null): string | null {
  return name?.given || name?.family ? lower([name.given, name.middle, name.family]) : null;
}

/** The text key of a street address (addressLine1 required). */
function addressValue(location: LocationInput | null): string | null {
  if (!location?.addressLine1) return null;
  return lower([
    location.addressLine1,
    location.addressLine2,
    location.city,
    location.regionCode ?? location.region,
    location.postalCode,
    location.countryCode,
  ]);
}

/** A session's values of the singular fields: the current one first, then the others. */
function everyValue<T>(current: T | null, others: readonly T[] | undefined): T[] {
  return [...(current === null ? [] : [current]), ...(others ?? [])];
}

/**
 * The graph keys of a request's identifiers. Emails are keyed by SHA-256 when known and by
 * `md5:`/`sha1:` otherwise; a full SSN by the injected keyed hash (never in clear); last-four
 * SSNs are too ambiguous to key anything and are left out. A joined session's other values of
 * its singular fields (sessionValues) are keyed too, after the current ones.
 */
export function identifierKeys(
  input: NormalizedRequest,
  ssnHash: (digits: string) => string,
): IdentifierKey[] {
  const country = input.location?.countryCode ?? null;
  const countries = country ? [country] : [];
  const base = { md5: null, sha1: null, countries, address: null };
  const keys: IdentifierKey[] = [];
  for (const email of input.emails) {
    // A string that is not an address ("n/a", "none") would tie strangers together.
    if (email.form === 'cleartext' && !email.valid) continue;
    const value = email.sha256 ?? (email.sha1 ? `sha1:${email.sha1}` : `md5:${email.md5 ?? ''}`);
    keys.push({ ...base, kind: 'email', value, md5: email.md5, sha1: email.sha1, address: email.address });
  }
  for (const phone of input.phones) {
    if (!phone.e164) continue;
    const phoneCountries = [...new Set([...countries, ...(phone.region ? [phone.region] : [])])];
    keys.push({ ...base, kind: 'phone', value: phone.e164, countries: phoneCountries });
  }
  for (const profile of input.profiles) {
    const handle = profile.username ?? profile.userid ?? profile.url;
    if (handle) keys.push({ ...base, kind: 'profile', value: profileValue(profile.service, handle) });
  }
  const others = input.sessionValues;
  for (const ssn of everyValue<SsnInput>(input.ssn, others?.ssns)) {
    if (ssn.kind === 'full') keys.push({ ...base, kind: 'ssn', value: ssnHash(ssn.digits) });
  }
  for (const ip of everyValue<IpInput>(input.ipAddress, others?.ipAddresses)) {
    keys.push({ ...base, kind: 'ip', value: ip.address });
  }
  for (const name of everyValue(input.name, others?.names)) {
    const value = nameValue(name);
    if (value !== null) keys.push({ ...base, kind: 'name', value });
  }
  for (const location of everyValue(input.location, others?.locations)) {
    const value = addressValue(location);
    if (value !== null) keys.push({ ...base, kind: 'address', value });
  }
  if (input.organization)
    keys.push({ ...base, kind: 'employment', value: lower([input.organization, input.title]) });
  for (const key of keys) key.value = boundedValue(key.value);
  // One upsert statement may not touch a row twice: keep the first of any duplicate key.
  const seen = new Set<string>();
  return keys.filter((k) => !seen.has(`${k.kind}|${k.value}`) && Boolean(seen.add(`${k.kind}|${k.value}`)));
}

/** Values past this many bytes are keyed by their digest: a btree entry must stay under 2.7 KB. */
export const MAX_KEY_BYTES = 512;

export function boundedValue(value: string): string {
  if (Buffer.byteLength(value, 'utf8') <= MAX_KEY_BYTES) return value;
  return `sha256:${createHash('sha256').update(value, 'utf8').digest('hex')}`;
}
