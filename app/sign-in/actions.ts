'use server';

import { AuthError, CredentialsSignin } from 'next-auth';
import { signIn } from '@/lib/auth/auth';
import { safeCallbackPath } from '@/lib/auth/callback-url';
import { readTicket } from '@/lib/auth/second-step-ticket';
import { secondFactorTicket, throttledMinutes } from '@/lib/auth/sign-in-throttle';
import { serverSecret } from '@/lib/config/secret';
import { db } from '@/lib/db/client';
import { hasPasskey } from '@/lib/services/passkeys';
import { SSO_PROVIDER } from '@/lib/services/sso';
import { type SignInState, signInErrorMessage } from './sign-in-state';

/** Whether the ticket's user has a passkey: the code step then offers "Use a passkey". */
async function ticketHasPasskey(ticket: string): Promise<boolean> {
  const holder = readTicket(serverSecret(), ticket, Date.now());
  return holder ? hasPasskey(db(), holder.userId) : false;
}

/**
 * Step one posts e-mail and password; when a second factor is enrolled the answer is a ticket and
 * the form asks for a code, which step two posts with the ticket (the password is not sent again),
 * or the browser's answer to a passkey challenge (passkey-actions.ts) in its place.
 */
export async function signInAction(_previous: SignInState, form: FormData): Promise<SignInState> {
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  const ticket = String(form.get('ticket') ?? '');
  const code = String(form.get('code') ?? '').trim();
  const passkey = String(form.get('passkey') ?? '');
  const redirectTo = safeCallbackPath(String(form.get('callbackUrl') ?? ''));
  if (ticket) {
    // Past its five minutes the ticket proves nothing: the password is asked again.
    if (!readTicket(serverSecret(), ticket, Date.now()))
      return { error: 'That took more than five minutes. Enter your password again.', email };
    if (!code && !passkey)
      return {
        error: 'Enter the code from your authenticator app, or a recovery code.',
        email,
        ticket,
        passkey: await ticketHasPasskey(ticket),
      };
  } else if (!email || !password) return { error: 'Enter your email and password.', email };
  try {
    const secondStep = passkey ? { ticket, passkey, redirectTo } : { ticket, code, redirectTo };
    await signIn('credentials', ticket ? secondStep : { email, password, redirectTo });
  } catch (error) {
    // Success ends in a redirect, which Next.js implements by throwing: let that through.
    if (!(error instanceof AuthError)) throw error;
    const signInCode = error instanceof CredentialsSignin ? error.code : null;
    const next = secondFactorTicket(signInCode);
    if (next) return { error: null, email, ticket: next, passkey: await ticketHasPasskey(next) };
    // A wrong code keeps the ticket (until it expires, when the password is asked again).
    if (ticket && !throttledMinutes(signInCode))
      return {
        error: passkey
          ? 'That passkey was not accepted. Try again, or use a code.'
          : 'That code is not right, or was used already. Try the next one.',
        email,
        ticket,
        passkey: await ticketHasPasskey(ticket),
      };
    return { error: signInErrorMessage(error.type, signInCode), email };
  }
  return { error: null, email };
}

/** "Continue with …": off to the identity provider, back to the page asked for. */
export async function ssoSignInAction(form: FormData): Promise<void> {
  await signIn(SSO_PROVIDER, { redirectTo: safeCallbackPath(String(form.get('callbackUrl') ?? '')) });
}
