'use server';

import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AuthError } from 'next-auth';
import { signIn, signOut } from '@/lib/auth/auth';
import { currentSession } from '@/lib/auth/current-session';
import { db } from '@/lib/db/client';
import { requestClientAddress } from '@/lib/net/peer-address';
import { endConsoleSession } from '@/lib/services/console-sessions';
import { changeOwnPassword, signOutEverywhere } from '@/lib/services/passwords';
import { forgiveSignIn, recordSignInFailure, signInThrottle } from '@/lib/services/sign-in-attempts';
import type { PasswordFormState } from './password-state';

/** The signed-in user whose session still stands, or back to sign-in. */
async function currentUser() {
  const session = await currentSession();
  if (session.kind === 'none' || !session.claims.email) redirect('/sign-in');
  if (session.kind === 'no_workspace') redirect('/sign-in?error=NoWorkspace');
  if (session.standing === 'signed_out') redirect('/sign-in?error=SignedOut');
  return { ...session.claims, email: session.claims.email };
}

/**
 * Changes the signed-in user's password, then signs this browser in again with it (the change
 * ends every session, this one included). Wrong current passwords count against the sign-in
 * throttle, like failed sign-ins: a stolen session cannot guess its way to the password.
 */
export async function changePasswordAction(
  _previous: PasswordFormState,
  form: FormData,
): Promise<PasswordFormState> {
  const user = await currentUser();
  const currentPassword = String(form.get('currentPassword') ?? '');
  const newPassword = String(form.get('newPassword') ?? '');
  const confirmPassword = String(form.get('confirmPassword') ?? '');
  const errors: PasswordFormState['errors'] = {};
  if (!currentPassword) errors.currentPassword = 'Enter your current password.';
  if (!newPassword) errors.newPassword = 'Choose a new password.';
  else if (confirmPassword !== newPassword) errors.confirmPassword = 'The two new passwords differ.';
  if (Object.keys(errors).length > 0) return { errors, error: null };

  const source = { email: user.email, ip: requestClientAddress(await headers()) };
  const throttle = await signInThrottle(db(), source);
  if (!throttle.allowed) {
    const minutes = Math.max(1, Math.ceil(throttle.retryAfterSeconds / 60));
    return {
      errors: {},
      error: `Too many wrong passwords; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    };
  }
  const attemptAt = await recordSignInFailure(db(), source);
  const result = await changeOwnPassword(
    db(),
    { workspaceId: user.workspaceId, actor: user.userId },
    { currentPassword, newPassword },
  );
  if (!result.ok) {
    // Only a wrong current password is a failed attempt; a weak new one is not a guess.
    if (result.field !== 'currentPassword') await forgiveSignIn(db(), source, attemptAt);
    return { errors: { [result.field]: result.message }, error: null };
  }
  await forgiveSignIn(db(), source, attemptAt);
  try {
    // Success ends in a redirect, which Next.js implements by throwing: let that through.
    await signIn('credentials', {
      email: user.email,
      password: newPassword,
      redirectTo: '/account/password?changed=1',
    });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    // The password is changed; only signing in again failed: the sign-in page says what to do.
    redirect('/sign-in?error=SignedOut');
  }
  return { errors: {}, error: null };
}

/** Ends one of the user's other sessions (from the list on the page). */
export async function endSessionAction(form: FormData): Promise<void> {
  const user = await currentUser();
  const id = String(form.get('sessionId') ?? '');
  if (id && id !== user.sessionId)
    await endConsoleSession(db(), { workspaceId: user.workspaceId, actor: user.userId }, id);
  revalidatePath('/account/password');
}

/** Ends every console session of the user, this browser's too. */
export async function signOutEverywhereAction(): Promise<void> {
  const user = await currentUser();
  await signOutEverywhere(db(), { workspaceId: user.workspaceId, actor: user.userId });
  await signOut({ redirectTo: '/sign-in?error=SignedOut' });
}
