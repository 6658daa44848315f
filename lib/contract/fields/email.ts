// The forms of an email field (cleartext or a hex digest), its identity for de-duplication and the
// syntax rule of an address: wire rules the request schema checks in the browser too. The engine's
// normaliser (lib/engine/normalize/email.ts) adds the digests of a cleartext address.
import { toASCII, toUnicode } from 'tr46';
import type { EmailForm } from '@/lib/engine/types';
import { foldLookalikes } from './lookalikes';

const HEX = /^[0-9a-f]+$/;
const DIGEST_FORMS: ReadonlyMap<number, EmailForm> = new Map([
  [32, 'md5'],
  [40, 'sha1'],
  [64, 'sha256'],
]);

// RFC 5322 atext, widened to Unicode letters and digits as RFC 6531 (internationalised mail) allows.
const DOT_ATOM = /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
// qtext (printable ASCII minus `"` and `\`, plus non-ASCII) or a quoted pair.
const QUOTED = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e\u0080-\u{10ffff}]|\\[\x20-\x7e])*"$/u;
// A DNS label after IDNA mapping: letters, digits and hyphens (RFC 1035, RFC 5890 A-labels).
const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

const encoder = new TextEncoder();
/** Octets of UTF-8 (a lone surrogate counts as U+FFFD, three octets, as Buffer.byteLength does). */
const utf8Length = (text: string): number => encoder.encode(text).length;

/** The hash form of a trimmed, lower-cased string, or null when it is not a hex digest. */
export function digestForm(text: string): EmailForm | null {
  if (!HEX.test(text)) return null;
  return DIGEST_FORMS.get(text.length) ?? null;
}

export interface MappedDomain {
  /** The DNS form (A-labels, `xn--`), which the length limits of RFC 1035 apply to. */
  ascii: string;
  /** The display form (U-labels): what the address is hashed and classified with. */
  unicode: string;
}

/** The WHATWG URL standard's "domain to ASCII" settings (what Node's url.domainToASCII does). */
const UTS46 = { checkBidi: true, checkJoiners: true, checkHyphens: false, useSTD3ASCIIRules: false } as const;
/** Forbidden domain code points of the URL standard: controls, space, delimiters, %, DEL. */
const forbiddenInDomain = (domain: string): boolean =>
  [...domain].some((ch) => {
    const code = ch.codePointAt(0) ?? 0;
    return code <= 0x20 || code === 0x7f || '#%/:<>?@[\\]^|'.includes(ch);
  });

/**
 * UTS 46 processing with tr46, as the URL standard runs it (in the browser too, where the
 * console's form parses with the same code): full-width letters and dots, ideographic full stops
 * and case are mapped, `xn--` labels decoded; null when IDNA rejects the domain.
 */
export function mapDomain(domain: string): MappedDomain | null {
  const known = mappedDomains.get(domain);
  if (known !== undefined) return known;
  const ascii = toASCII(domain, UTS46);
  const unicode = ascii === null || ascii === '' || forbiddenInDomain(ascii) ? null : toUnicode(ascii, UTS46);
  const mapped =
    unicode === null || unicode.error || ascii === null
      ? null
      : Object.freeze({ ascii, unicode: unicode.domain });
  // Feeds and sign-ups repeat a few domains: UTS 46 mapping was 6 % of ingesting an event.
  if (mappedDomains.size >= MAPPED_DOMAINS_KEPT) mappedDomains.clear();
  mappedDomains.set(domain, mapped);
  return mapped;
}

const MAPPED_DOMAINS_KEPT = 10_000;
const mappedDomains = new Map<string, MappedDomain | null>();

/** RFC 1035 lengths in octets of the DNS form; a top-level label of 2+ characters, not all digits. */
function validDomain(ascii: string): boolean {
  if (ascii.length > 253) return false;
  const labels = ascii.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => label.length <= 63 && LDH_LABEL.test(label))) return false;
  const tld = labels[labels.length - 1] ?? '';
  // A numeric top-level label is an IP address in disguise; no TLD has a single character.
  return tld.length >= 2 && !/^\d+$/.test(tld);
}

// The at-sign and its full-width and small forms, which the lookalike fold turns into it.
const AT_SIGN = /[@\uff20\ufe6b]/g;

function lastAtSign(text: string): number {
  let at = -1;
  for (const match of text.matchAll(AT_SIGN)) at = match.index;
  return at;
}

/**
 * Syntax check of an addr-spec: dot-atom or quoted local part (RFC 5322, RFC 6531), a host name
 * after UTS 46 mapping, and the length limits in octets of UTF-8 of the address as sent (local
 * part 64, address 254). The local part's characters are judged after the lookalike fold that
 * keys the address (docs/api/request-fields.md "Lookalikes"), so an invisible character alone does not make it invalid.
 */
export function isValidEmailAddress(address: string): boolean {
  const at = lastAtSign(address);
  if (at < 1 || at === address.length - 1) return false;
  const local = address.slice(0, at).normalize('NFC');
  const domain = mapDomain(address.slice(at + 1));
  if (domain === null || !validDomain(domain.ascii)) return false;
  if (utf8Length(local) > 64 || utf8Length(`${local}@${domain.unicode}`) > 254) return false;
  const folded = foldLookalikes(local);
  return DOT_ATOM.test(folded) || QUOTED.test(folded);
}

/** An email field as read: the mailbox of a cleartext address, or a digest with its form. */
export type EmailText =
  | { form: 'cleartext'; address: string; localPart: string | null; domain: string | null }
  | { form: Exclude<EmailForm, 'cleartext'>; digest: string };

/**
 * Trims, folds lookalikes, lower-cases, then either recognises a digest (by length and hex) or
 * treats the text as a cleartext address and maps its domain (UTS 46). Malformed text is still a
 * cleartext: it is evaluated, not rejected.
 */
export function readEmail(raw: string): EmailText {
  const text = foldLookalikes(raw.trim()).trim().toLowerCase();
  const form = digestForm(text);
  if (form !== null && form !== 'cleartext') return { form, digest: text };
  const at = text.lastIndexOf('@');
  const splittable = at > 0 && at < text.length - 1;
  const localPart = splittable ? text.slice(0, at) : null;
  const folded = splittable ? text.slice(at + 1) : null;
  // The same mailbox hashes alike however its domain was typed (full-width, xn--, upper case).
  const domain = folded === null ? null : (mapDomain(folded)?.unicode ?? folded);
  const address = localPart === null || domain === null ? text : `${localPart}@${domain}`;
  return { form: 'cleartext', address, localPart, domain };
}

/** Identity of an email for de-duplication: the address, or the digest with its form. */
export function emailTextKey(email: EmailText): string {
  return email.form === 'cleartext' ? `cleartext:${email.address}` : `${email.form}:${email.digest}`;
}
