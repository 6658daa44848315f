import type { Metadata } from 'next';
import { AuthCard } from '@/components/shell/auth-card';
import { safeCallbackPath } from '@/lib/auth/callback-url';
import { ssoSettings } from '@/lib/config/sso';
import { ssoSignInAction } from './actions';
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
  const callbackUrl = safeCallbackPath(first(params.callbackUrl));
  const sso = ssoSettings();
  return (
    <AuthCard headingId="sign-in-heading">
      <h1 id="sign-in-heading">Sign in to the console</h1>
      <p className="muted">
        Use the account an admin gave you, or the one printed when Verity first started.
      </p>
      {sso ? (
        <>
          <form action={ssoSignInAction}>
            <input type="hidden" name="callbackUrl" value={callbackUrl} />
            <button type="submit" className="btn btn-primary">
              Continue with {sso.name}
            </button>
          </form>
          <p className="divider-text">
            <span>or with a password</span>
          </p>
        </>
      ) : null}
      <SignInForm callbackUrl={callbackUrl} initialError={initialError} />
    </AuthCard>
  );
}
