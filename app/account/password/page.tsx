import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/shell/auth-card';
import { currentSession } from '@/lib/auth/current-session';
import { db } from '@/lib/db/client';
import { listConsoleSessions } from '@/lib/services/console-sessions';
import { listPasskeys } from '@/lib/services/passkeys';
import { hasPassword } from '@/lib/services/passwords';
import { secondFactorStatus } from '@/lib/services/second-factor';
import { signOutEverywhereAction } from './actions';
import { PasskeySection } from './passkey-section';
import { PasswordForm } from './password-form';
import { SecondFactorSection } from './second-factor-section';
import { SessionList } from './session-list';

export const metadata: Metadata = { title: 'Your password' };
export const dynamic = 'force-dynamic';

/**
 * The signed-in user's password, outside the console's shell: a member whose password an admin
 * reset lands here and can reach nothing else until they choose their own.
 */
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function PasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const changed = (await searchParams).changed === '1';
  const session = await currentSession();
  if (session.kind === 'none') redirect('/sign-in?callbackUrl=/account/password');
  if (session.kind === 'no_workspace') redirect('/sign-in?error=NoWorkspace');
  const { claims, standing } = session;
  if (standing === 'signed_out') redirect('/sign-in?error=SignedOut');
  const required = standing === 'must_change_password';
  const withPassword = await hasPassword(db(), claims.userId);
  const enrolFirst = standing === 'must_enrol_second_factor';
  return (
    <AuthCard headingId="password-heading" wide>
      <h1 id="password-heading">
        {required ? 'Choose your own password' : withPassword ? 'Change your password' : 'Your account'}
      </h1>
      <p className="muted">
        {required
          ? `An admin reset the password of ${claims.email ?? 'this account'}. Enter the one-time password you were given, then your own; the console opens once it is changed.`
          : withPassword
            ? `Signed in as ${claims.email ?? 'you'}. Changing the password signs you out everywhere else; this browser stays signed in.`
            : `Signed in as ${claims.email ?? 'you'}.`}
      </p>
      {changed && !required ? (
        <p className="callout callout-success" role="status">
          Password changed. Every other session of this account was signed out; this browser stays signed in.
        </p>
      ) : null}
      {withPassword ? (
        <PasswordForm currentLabel={required ? 'One-time password' : 'Current password'} />
      ) : (
        <p className="callout">
          You sign in with single sign-on: this account has no console password. Your identity provider keeps
          your password and its own second factor.
        </p>
      )}
      <hr />
      <h2 id="two-step">Two-step sign-in</h2>
      {enrolFirst ? (
        <p className="callout callout-warning" role="alert">
          {session.membership.workspaceName} requires two-step sign-in. Set up an authenticator app or a
          passkey below; the console opens once it is set up.
        </p>
      ) : null}
      <h3>Authenticator app</h3>
      <SecondFactorSection {...(await secondFactorStatus(db(), claims.userId))} />
      <h3>Passkeys</h3>
      <PasskeySection passkeys={await listPasskeys(db(), claims.userId)} />
      <hr />
      <h2>Where you are signed in</h2>
      <SessionList sessions={await listConsoleSessions(db(), claims.userId)} current={claims.sessionId} />
      <p className="muted">
        Signed in on a computer you no longer use? Sign that session out above, or end every session of this
        account, this one included.
      </p>
      <form action={signOutEverywhereAction}>
        <button type="submit" className="btn">
          Sign out everywhere
        </button>
      </form>
      {required || enrolFirst ? null : (
        <p>
          <Link href="/">Back to the console</Link>
        </p>
      )}
    </AuthCard>
  );
}
