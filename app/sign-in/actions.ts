'use server';

import { AuthError, CredentialsSignin } from 'next-auth';
import { signIn } from '@/lib/auth/auth';
import { safeCallbackPath } from '@/lib/auth/callback-url';
import { type SignInState, signInErrorMessage } from './sign-in-state';

export async function signInAction(_previous: SignInState, form: FormData): Promise<SignInState> {
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  if (!email || !password) return { error: 'Enter your email and password.', email };
  try {
    await signIn('credentials', {
      email,
      password,
      redirectTo: safeCallbackPath(String(form.get('callbackUrl') ?? '')),
    });
  } catch (error) {
    // Success ends in a redirect, which Next.js implements by throwing: let that through.
    if (!(error instanceof AuthError)) throw error;
    const code = error instanceof CredentialsSignin ? error.code : null;
    return { error: signInErrorMessage(error.type, code), email };
  }
  return { error: null, email };
}
