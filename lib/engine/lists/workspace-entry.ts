// A workspace's own block and allow lists (issue 33): what an entry may hold and how it is read,
// and the values of a request they are matched against, both in one canonical form so an entry
// typed "ANA@Example.com " matches a call with "ana@example.com". Pure: the services key, seal
// and store the forms this returns.
import ipaddr from 'ipaddr.js';
import { LIST_KINDS, LISTS, type ListKind, type ListName } from '@/lib/contract/console/workspace-lists';
import { maskPhone } from '../mask';
import { mapDomain, normalizeEmail } from '../normalize/email';
import { normalizeIp } from '../normalize/ip';
import { foldLookalikes } from '../normalize/lookalikes';
import { normalizePhone } from '../normalize/phone';
import type { NormalizedRequest } from '../types';

export { LIST_KINDS, LISTS, type ListKind, type ListName };

export type ParsedEntry =
  | {
      ok: true;
      kind: ListKind;
      /** The canonical value the match key is made of (for an SSN: its nine digits, never shown). */
      canonical: string;
      /** What the console shows: the canonical value, or for an SSN only its last four. */
      display: string;
    }
  | { ok: false; message: string };

const DOMAIN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** A person's name as lists compare it: lookalikes folded, lower case, single spaces. */
export function canonicalName(text: string): string {
  return foldLookalikes(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}' -]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Reads one entry's value for its kind; the message says what is wrong, for a 400 or a CSV line. */
export function parseListEntry(kind: ListKind, raw: string): ParsedEntry {
  const text = raw.trim();
  if (text === '') return { ok: false, message: 'is empty' };
  switch (kind) {
    case 'email': {
      const email = normalizeEmail(text);
      if (email.form !== 'cleartext' || !email.valid || !email.address)
        return { ok: false, message: 'is not an e-mail address' };
      return { ok: true, kind, canonical: email.address, display: email.address };
    }
    case 'email_domain': {
      // Compared in the display form (U-labels), as the request's e-mail domains are.
      const mapped = mapDomain(foldLookalikes(text.replace(/^@/, '')).toLowerCase());
      if (!mapped || !DOMAIN.test(mapped.ascii)) return { ok: false, message: 'is not an e-mail domain' };
      return { ok: true, kind, canonical: mapped.unicode, display: mapped.unicode };
    }
    case 'phone': {
      const phone = normalizePhone(text);
      if (!phone.e164 || !phone.valid) return { ok: false, message: 'is not a phone number' };
      return { ok: true, kind, canonical: phone.e164, display: phone.e164 };
    }
    case 'ip': {
      const ip = normalizeIp(text);
      if (!ip) return { ok: false, message: 'is not an IP address' };
      return { ok: true, kind, canonical: ip.address, display: ip.address };
    }
    case 'cidr': {
      if (!ipaddr.isValidCIDR(text))
        return { ok: false, message: 'is not a CIDR range (e.g. 203.0.113.0/24)' };
      const [address, bits] = ipaddr.parseCIDR(text);
      // The network itself: 203.0.113.7/24 is read as 203.0.113.0/24, as PostgreSQL's cidr insists.
      const network =
        address.kind() === 'ipv4'
          ? ipaddr.IPv4.networkAddressFromCIDR(text).toString()
          : ipaddr.IPv6.networkAddressFromCIDR(text).toRFC5952String();
      const canonical = `${network}/${bits}`;
      return { ok: true, kind, canonical, display: canonical };
    }
    case 'ssn': {
      const digits = text.replace(/[\s-]/g, '');
      if (!/^\d{9}$/.test(digits)) return { ok: false, message: 'is not nine SSN digits' };
      return { ok: true, kind, canonical: digits, display: `***-**-${digits.slice(5)}` };
    }
    case 'name': {
      const name = canonicalName(text);
      if (name.split(' ').length < 2) return { ok: false, message: 'needs a given and a family name' };
      return { ok: true, kind, canonical: name, display: name };
    }
  }
}

/** A value of the request that an entry of this kind could match. */
export interface ListProbe {
  kind: Exclude<ListKind, 'cidr'>;
  canonical: string;
}

/**
 * The request's values in the entries' canonical forms: its cleartext e-mails and their domains,
 * phones, IP address, full SSN and full name, with the other values a joined session received
 * (an SSN or an address that changed mid-session still matches). IP addresses are also what CIDR
 * entries are matched against (by the database, as a range).
 */
export function requestProbes(input: NormalizedRequest): ListProbe[] {
  const probes = new Map<string, ListProbe>();
  const add = (kind: ListProbe['kind'], canonical: string) =>
    probes.set(`${kind}:${canonical}`, { kind, canonical });
  for (const email of input.emails) {
    if (email.form !== 'cleartext' || !email.address) continue;
    add('email', email.address);
    if (email.domain) add('email_domain', email.domain);
  }
  for (const phone of input.phones) if (phone.e164) add('phone', phone.e164);
  const earlier = input.sessionValues;
  for (const ip of [input.ipAddress, ...(earlier?.ipAddresses ?? [])]) if (ip) add('ip', ip.address);
  for (const ssn of [input.ssn, ...(earlier?.ssns ?? [])]) if (ssn?.kind === 'full') add('ssn', ssn.digits);
  for (const name of [input.name, ...(earlier?.names ?? [])]) {
    if (!name?.given || !name.family) continue;
    const canonical = canonicalName(`${name.given} ${name.family}`);
    if (canonical.includes(' ')) add('name', canonical);
  }
  return [...probes.values()];
}

/**
 * A request's value as the console's session page may show it beside its list action: masked as
 * the session's identifiers are (an e-mail's first letter and domain, a phone's ends, an SSN's
 * last four, a name's initial); a domain and an IP address as they are.
 */
export function maskedProbe(probe: ListProbe): string {
  switch (probe.kind) {
    case 'email': {
      const at = probe.canonical.lastIndexOf('@');
      return `${Array.from(probe.canonical)[0] ?? ''}***${probe.canonical.slice(at)}`;
    }
    case 'phone':
      return maskPhone(probe.canonical);
    case 'ssn':
      return `***-**-${probe.canonical.slice(-4)}`;
    case 'name': {
      const [given = '', ...family] = probe.canonical.split(' ');
      return `${Array.from(given)[0] ?? ''}. ${family.join(' ')}`;
    }
    default:
      return probe.canonical;
  }
}
