import { withoutControls } from '@/lib/contract/fields/controls';
import type { NormalizedRequest } from './types';

/** Masked values are for lists: a malformed input of any length shows only its ends. */
const MAX_SHOWN = 64;

// Cut by code points, never inside a surrogate pair: half of one is a lone surrogate, which
// jsonb refuses (a 500 found by the hostile-input property suite).
const head = (text: string, n: number): string => Array.from(text).slice(0, n).join('');
const tail = (text: string, n: number): string => Array.from(text).slice(-n).join('');

/** Text safe to store and show: no control characters, at most MAX_SHOWN characters. */
function shown(text: string): string {
  const clean = withoutControls(text);
  return Array.from(clean).length > MAX_SHOWN ? `${head(clean, MAX_SHOWN - 1)}…` : clean;
}

/** Identifiers reduced to what an analyst may see in lists without exposing the person. */
export interface MaskedSummary {
  emails: string[];
  phones: string[];
  profiles: string[];
  ssn: string | null;
  name: string | null;
  location: string | null;
  ipAddress: string | null;
  birthday: boolean;
}

function maskEmail(email: NormalizedRequest['emails'][number]): string {
  if (email.form !== 'cleartext' || !email.localPart || !email.domain) {
    const digest = email.sha256 ?? email.sha1 ?? email.md5 ?? '';
    return `${email.form}:${digest.slice(0, 8)}…`;
  }
  return shown(`${head(email.localPart, 1)}***@${email.domain}`);
}

/** A phone as lists show it: its first two characters (`+1`) and last four, starred between. */
export function maskPhone(text: string): string {
  const stars = Math.min(Math.max(0, Array.from(text).length - 6), MAX_SHOWN - 6);
  return shown(`${head(text, 2)}${'*'.repeat(stars)}${tail(text, 4)}`);
}

/** A birthday (YYYY-MM-DD) as stored: its year only. */
export function maskBirthday(birthday: string): string {
  return `${birthday.slice(0, 4)}-**-**`;
}

export function maskRequest(input: NormalizedRequest): MaskedSummary {
  const initial = (s: string | null | undefined) => (s ? `${head(s, 1)}.` : '');
  return {
    emails: input.emails.map(maskEmail),
    phones: input.phones.map((p) => maskPhone(p.e164 ?? p.raw)),
    profiles: input.profiles.map((p) =>
      shown([p.service, p.username ?? p.userid ?? p.url].filter(Boolean).join(':')),
    ),
    ssn: input.ssn ? `***-**-${input.ssn.digits.slice(-4)}` : null,
    name: input.name ? `${initial(input.name.given)} ${input.name.family ?? ''}`.trim() : null,
    location: input.location
      ? [input.location.city, input.location.regionCode, input.location.countryCode]
          .filter(Boolean)
          .join(', ')
      : null,
    ipAddress: input.ipAddress?.address ?? null,
    birthday: input.birthday !== null,
  };
}
