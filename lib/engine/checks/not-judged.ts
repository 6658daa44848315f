// A check that reads an input another check found malformed does not judge it: that other check
// carries the fact and its risk, so one typo is counted once (issue 9, finding 6).
import type { EmailInput } from '../types';

/** Finding details (no final stop) naming the check that carries the fact. */
export const MALFORMED_EMAIL = 'Not judged: the address is malformed (EMAIL_INVALID)';

/** A cleartext address that fails the syntax; a digest is never malformed (it cannot be read). */
export const isMalformedEmail = (email: EmailInput): boolean => email.form === 'cleartext' && !email.valid;
