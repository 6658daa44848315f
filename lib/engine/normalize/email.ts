import { createHash } from 'node:crypto';
import { isValidEmailAddress, readEmail } from '@/lib/contract/fields/email';
import type { EmailInput } from '../types';

export {
  digestForm,
  isValidEmailAddress,
  type MappedDomain,
  mapDomain,
} from '@/lib/contract/fields/email';

function hash(algorithm: 'md5' | 'sha1' | 'sha256', text: string): string {
  return createHash(algorithm).update(text, 'utf8').digest('hex');
}

/**
 * Trims, folds lookalikes, lower-cases, then either recognises a digest (by length and hex) or
 * treats the text as a cleartext address, maps its domain (UTS 46) and hashes it. The syntax is
 * judged on the address as sent, before folding. Malformed text is not rejected: it is a
 * cleartext with `valid: false`, so the Email checks can report it.
 */
export function normalizeEmail(raw: string): EmailInput {
  const email = readEmail(raw);
  if (email.form !== 'cleartext') {
    // A digest is well formed by construction; only its own hash is known.
    const { form, digest } = email;
    return {
      raw,
      form,
      address: null,
      valid: true,
      localPart: null,
      domain: null,
      md5: form === 'md5' ? digest : null,
      sha1: form === 'sha1' ? digest : null,
      sha256: form === 'sha256' ? digest : null,
    };
  }
  const { address, localPart, domain } = email;
  return {
    raw,
    form: 'cleartext',
    address,
    valid: isValidEmailAddress(raw.trim()),
    localPart,
    domain,
    md5: hash('md5', address),
    sha1: hash('sha1', address),
    sha256: hash('sha256', address),
  };
}

/** Identity of an email for de-duplication: the address, or the digest with its form. */
export function emailKey(email: EmailInput): string {
  if (email.form === 'cleartext') return `cleartext:${email.address ?? ''}`;
  return `${email.form}:${email.md5 ?? email.sha1 ?? email.sha256 ?? ''}`;
}
