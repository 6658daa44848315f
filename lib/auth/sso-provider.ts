import 'server-only';
import type { Profile } from 'next-auth';
import type { OIDCConfig } from 'next-auth/providers';
import type { SsoSettings } from '@/lib/config/sso';
import { db } from '@/lib/db/client';
import { listMemberships } from '@/lib/services/console-users';
import { SSO_PROVIDER, ssoSignIn } from '@/lib/services/sso';

/**
 * The configured identity provider as an Auth.js OpenID Connect provider: discovery from the
 * issuer, the authorization code flow with PKCE, state and nonce checked by Auth.js.
 */
export function ssoProvider(settings: SsoSettings): OIDCConfig<Profile> {
  return {
    id: SSO_PROVIDER,
    name: settings.name,
    type: 'oidc',
    issuer: settings.issuer,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    checks: ['pkce', 'state', 'nonce'],
    // The profile from the userinfo endpoint (after the ID token is validated): providers that
    // keep ID tokens small (oidc-provider, Okta's org server) put e-mail only there.
    idToken: false,
    authorization: { params: { scope: 'openid email profile' } },
  };
}

/**
 * Auth.js's signIn callback for the identity provider's answer: who it is (lib/services/sso.ts),
 * refused back to the sign-in page with the reason, or let through when they belong to a
 * workspace. Password sign-ins decided their own case in authorize().
 */
export async function admitSsoSignIn(
  settings: SsoSettings,
  subject: string,
  profile: Profile | undefined,
): Promise<true | string> {
  const result = await ssoSignIn(db(), settings, {
    subject,
    email: typeof profile?.email === 'string' ? profile.email : null,
    emailVerified: typeof profile?.email_verified === 'boolean' ? profile.email_verified : null,
    name: typeof profile?.name === 'string' ? profile.name : null,
  });
  if (!result.ok) return `/sign-in?error=SsoRefused&code=${result.reason}`;
  if ((await listMemberships(db(), result.user.id)).length === 0) return '/sign-in?error=NoWorkspace';
  return true;
}
