import { throttledMinutes } from '@/lib/auth/sign-in-throttle';

export interface SignInState {
  error: string | null;
  /** Echoed back so a failed attempt keeps the e-mail typed (never the password). */
  email: string;
  /** The password matched and a code is due: the second step's ticket (lib/auth/second-step-ticket.ts). */
  ticket?: string;
  /** With a ticket: the account has a passkey, so the step offers it beside the code. */
  passkey?: boolean;
}

/** Why the identity provider's answer did not sign anyone in (lib/services/sso.ts's refusals). */
const SSO_REFUSALS: Record<string, string> = {
  foreign_domain:
    'Single sign-on is open to e-mail addresses of this organisation’s domains only. Sign in with the account an admin gave you.',
  email_unverified:
    'Your identity provider has not verified your e-mail address, so it cannot sign you in here.',
  no_email: 'Your identity provider did not share an e-mail address, so it cannot sign you in here.',
};

/** What to tell the person, by Auth.js error type (and our CredentialsSignin codes). */
export function signInErrorMessage(type: string | null | undefined, code?: string | null): string | null {
  if (!type) return null;
  if (type === 'CredentialsSignin') {
    // Said alike whether the account exists or not.
    const minutes = throttledMinutes(code);
    if (minutes !== null)
      return `Too many sign-in attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
    if (code === 'sso_only')
      return 'This account signs in with single sign-on only: use the “Continue with” button above.';
    return code === 'no_workspace'
      ? 'This account is not a member of any workspace. Ask an admin to add you.'
      : 'The email or password is incorrect.';
  }
  if (type === 'SsoRefused') return SSO_REFUSALS[code ?? ''] ?? SSO_REFUSALS.foreign_domain ?? null;
  if (type === 'NoWorkspace') return 'You are no longer a member of that workspace. Sign in again.';
  if (type === 'SignedOut')
    return 'This session was signed out (a password change or reset, or sign-out everywhere). Sign in again.';
  return 'Signing in is not possible right now. Try again in a moment.';
}
