import type { Metadata } from 'next';
import { AuthCard } from '@/components/shell/auth-card';
import { safeCallbackPath } from '@/lib/auth/callback-url';
import { SignInForm } from './sign-in-form';
import { signInErrorMessage } from './sign-in-state';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  // Auth.js sends failed attempts of its HTTP endpoints here with ?error=…&code=…
  const initialError = signInErrorMessage(first(params.error), first(params.code));
  return (
    <AuthCard headingId="sign-in-heading">
      <h1 id="sign-in-heading">Sign in to the console</h1>
      <p className="muted">
        Use the account an admin gave you, or the one printed when Verity first started.
      </p>
      <SignInForm callbackUrl={safeCallbackPath(first(params.callbackUrl))} initialError={initialError} />
    </AuthCard>
  );
}
