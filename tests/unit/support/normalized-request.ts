// Hand-built NormalizedRequest values for engine tests, independent of the parser.
import { createHash } from 'node:crypto';
import { emptyRequest } from '@/lib/engine/empty-request';
import type {
  CheckContext,
  EmailInput,
  LocationInput,
  NameInput,
  PhoneInput,
  PhoneLineType,
} from '@/lib/engine/types';

export const ctx: CheckContext = { now: new Date('2026-11-01T00:00:00Z'), graph: null };

/** A request with nothing in it, plus `overrides`. */
export const normalizedRequest = emptyRequest;

const digest = (algorithm: string, text: string) => createHash(algorithm).update(text).digest('hex');

/** A cleartext email; `valid` defaults to "has one @ with text on both sides". */
export function cleartextEmail(
  address: string,
  valid = /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address),
): EmailInput {
  const at = address.lastIndexOf('@');
  return {
    raw: address,
    form: 'cleartext',
    address,
    valid,
    localPart: at > 0 ? address.slice(0, at) : null,
    domain: at > 0 && at < address.length - 1 ? address.slice(at + 1) : null,
    md5: digest('md5', address),
    sha1: digest('sha1', address),
    sha256: digest('sha256', address),
  };
}

/** An email sent as a digest of `address`: only that digest is known. */
export function hashedEmail(form: 'md5' | 'sha1' | 'sha256', address: string): EmailInput {
  const hex = digest(form, address);
  return {
    raw: hex,
    form,
    address: null,
    valid: true,
    localPart: null,
    domain: null,
    md5: form === 'md5' ? hex : null,
    sha1: form === 'sha1' ? hex : null,
    sha256: form === 'sha256' ? hex : null,
  };
}

export function phone(
  e164: string,
  lineType: PhoneLineType | null = 'MOBILE',
  valid = true,
  region: string | null = 'US',
): PhoneInput {
  return { raw: e164, e164, valid, region, lineType };
}

export function name(given: string | null, family: string | null, middle: string | null = null): NameInput {
  return { given, middle, family };
}

export function location(overrides: Partial<LocationInput> = {}): LocationInput {
  return {
    addressLine1: null,
    addressLine2: null,
    city: null,
    region: null,
    regionCode: null,
    postalCode: null,
    country: null,
    countryCode: null,
    ...overrides,
  };
}
