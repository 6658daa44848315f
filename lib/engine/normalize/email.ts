import { createHash } from 'node:crypto';
import type { EmailForm, EmailInput } from '../types';
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
const LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u;

const utf8Length = (text: string): number => Buffer.byteLength(text, 'utf8');

function hash(algorithm: 'md5' | 'sha1' | 'sha256', text: string): string {
  return createHash(algorithm).update(text, 'utf8').digest('hex');
}

/** The hash form of a trimmed, lower-cased string, or null when it is not a hex digest. */
export function digestForm(text: string): EmailForm | null {
  if (!HEX.test(text)) return null;
  return DIGEST_FORMS.get(text.length) ?? null;
}

function validDomain(domain: string): boolean {
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  for (const label of labels) {
    if (label.length < 1 || utf8Length(label) > 63 || !LABEL.test(label)) return false;
  }
  // A numeric top-level label is an IP address in disguise, never a real TLD.
  return !/^\d+$/.test(labels[labels.length - 1] ?? '');
}

/** Syntax check of an addr-spec: dot-atom or quoted local part, dotted host name, RFC length limits. */
export function isValidEmailAddress(address: string): boolean {
  const at = address.lastIndexOf('@');
  if (at < 1 || at === address.length - 1) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (utf8Length(address) > 254 || utf8Length(local) > 64) return false;
  if (!DOT_ATOM.test(local) && !QUOTED.test(local)) return false;
  return validDomain(domain);
}

/**
 * Trims, folds lookalikes, lower-cases, then either recognises a digest (by length and hex) or
 * treats the text as a cleartext address and hashes it. Malformed text is not rejected: it is a
 * cleartext with `valid: false`, so the Email checks can report it.
 */
export function normalizeEmail(raw: string): EmailInput {
  const text = foldLookalikes(raw.trim()).trim().toLowerCase();
  const form = digestForm(text);
  if (form !== null) {
    // A digest is well formed by construction; only its own hash is known.
    return {
      raw,
      form,
      address: null,
      valid: true,
      localPart: null,
      domain: null,
      md5: form === 'md5' ? text : null,
      sha1: form === 'sha1' ? text : null,
      sha256: form === 'sha256' ? text : null,
    };
  }
  const at = text.lastIndexOf('@');
  const splittable = at > 0 && at < text.length - 1;
  return {
    raw,
    form: 'cleartext',
    address: text,
    valid: isValidEmailAddress(text),
    localPart: splittable ? text.slice(0, at) : null,
    domain: splittable ? text.slice(at + 1) : null,
    md5: hash('md5', text),
    sha1: hash('sha1', text),
    sha256: hash('sha256', text),
  };
}

/** Identity of an email for de-duplication: the address, or the digest with its form. */
export function emailKey(email: EmailInput): string {
  if (email.form === 'cleartext') return `cleartext:${email.address ?? ''}`;
  return `${email.form}:${email.md5 ?? email.sha1 ?? email.sha256 ?? ''}`;
}
