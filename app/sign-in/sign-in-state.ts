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

/** What to tell the person, by Auth.js error type (and our CredentialsSignin codes). */
export function signInErrorMessage(type: string | null | undefined, code?: string | null): string | null {
  if (!type) return null;
  if (type === 'CredentialsSignin') {
    // Said alike whether the account exists or not.
    const minutes = throttledMinutes(code);
    if (minutes !== null)
      return `Too many sign-in attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
    return code === 'no_workspace'
      ? 'This account is not a member of any workspace. Ask an admin to add you.'
      : 'The email or password is incorrect.';
  }
  if (type === 'NoWorkspace') return 'You are no longer a member of that workspace. Sign in again.';
  if (type === 'SignedOut')
    return 'This session was signed out (a password change or reset, or sign-out everywhere). Sign in again.';
  return 'Signing in is not possible right now. Try again in a moment.';
}
