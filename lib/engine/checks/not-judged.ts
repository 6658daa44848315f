// A check that reads an input another check found malformed does not judge it: that other check
// carries the fact and its risk, so one typo is counted once (issue 9, finding 6).
import type { EmailInput, PhoneInput } from '../types';

/** Finding details (no final stop) naming the check that carries the fact. */
export const MALFORMED_EMAIL = 'Not judged: the address is malformed (EMAIL_INVALID)';

/** A cleartext address that fails the syntax; a digest is never malformed (it cannot be read). */
export const isMalformedEmail = (email: EmailInput): boolean => email.form === 'cleartext' && !email.valid;

export const INVALID_PHONE =
  'Not judged: the number is not valid in its numbering plan (PHONE_FORMAT_INVALID)';

/** A number PHONE_FORMAT_INVALID reports: unparseable, or not valid in its plan. */
export const isInvalidPhone = (phone: PhoneInput): boolean => phone.e164 === null || !phone.valid;
