import 'server-only';
import { headers } from 'next/headers';
import NextAuth, { CredentialsSignin, type NextAuthConfig } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import Credentials from 'next-auth/providers/credentials';
import { z } from 'zod';
import { serverSecret } from '@/lib/config/secret';
import { passwordAllowed, ssoSettings } from '@/lib/config/sso';
import { db } from '@/lib/db/client';
import { requestClientAddress } from '@/lib/net/peer-address';
import { startConsoleSession } from '@/lib/services/console-sessions';
import {
  type ConsoleUser,
  findConsoleUser,
  findMembership,
  listMemberships,
  verifyCredentials,
} from '@/lib/services/console-users';
import { verifyPasskeySignIn } from '@/lib/services/passkeys';
import { hasSecondFactor, verifySecondFactor } from '@/lib/services/second-factor';
import { forgiveSignIn, recordSignInFailure, signInThrottle } from '@/lib/services/sign-in-attempts';
import { SSO_PROVIDER, ssoLinkedUser } from '@/lib/services/sso';
import { baseAuthConfig, jwtFromSignIn } from './config';
import { requestRelyingParty } from './passkey-party';
import { issueTicket, readTicket } from './second-step-ticket';
import { SECOND_FACTOR_CODE_PREFIX, throttledCode } from './sign-in-throttle';
import { admitSsoSignIn, ssoProvider } from './sso-provider';
import { parseAuthenticationResponse } from './webauthn-json';

/** Signed in correctly, but no workspace to sign in to. */
class NoWorkspace extends CredentialsSignin {
  override code = 'no_workspace';
}

/** Single sign-on is the only way in for this e-mail's domain (OIDC_ONLY). */
class SsoOnly extends CredentialsSignin {
  override code = 'sso_only';
}

/** The password matched and a second factor is enrolled: the code carries the ticket for step two. */
class SecondFactorRequired extends CredentialsSignin {
  constructor(ticket: string) {
    super();
    this.code = `${SECOND_FACTOR_CODE_PREFIX}${ticket}`;
  }
}

/** Too many failures for this e-mail and client, this client or this e-mail; the code carries the minutes to wait. */
class Throttled extends CredentialsSignin {
  constructor(retryAfterSeconds: number) {
    super();
    this.code = throttledCode(retryAfterSeconds);
  }
}

const passwordStep = z.object({
  email: z.string().trim().min(3).max(320),
  password: z.string().min(1).max(1024),
});
const codeStep = z.object({
  ticket: z.string().min(10).max(2048),
  code: z.string().trim().min(6).max(32),
});
const passkeyStep = z.object({
  ticket: z.string().min(10).max(2048),
  passkey: z.string().min(2).max(65_536),
});

/**
 * The second step, by code or by passkey: the ticket names the user; the check runs inside the
 * same throttle as passwords, and only a passing one is forgiven.
 */
async function secondStep(
  rawTicket: string,
  request: Request,
  ip: string | null,
  check: (userId: string) => Promise<boolean>,
) {
  const ticket = readTicket(serverSecret(), rawTicket, Date.now());
  if (!ticket) return null;
  const source = { email: ticket.email, ip };
  const throttle = await signInThrottle(db(), source);
  if (!throttle.allowed) throw new Throttled(throttle.retryAfterSeconds);
  const attemptAt = await recordSignInFailure(db(), source);
  if (!(await check(ticket.userId))) return null;
  await forgiveSignIn(db(), source, attemptAt);
  const user = await findConsoleUser(db(), ticket.userId);
  return user ? signedIn(user, deviceOf(request.headers)) : null;
}

/**
 * Step one checks the password; with a second factor enrolled it answers with a ticket (see
 * SecondFactorRequired) instead of a session. Step two trades the ticket and a code, or a
 * passkey's answer, for the session. Both steps go through the same throttle, keyed by e-mail
 * and client address.
 */
async function authorize(raw: Partial<Record<string, unknown>>, request: Request) {
  const ip = requestClientAddress(request.headers);
  const byPasskey = passkeyStep.safeParse(raw);
  if (byPasskey.success)
    return secondStep(byPasskey.data.ticket, request, ip, async (userId) => {
      const response = parseAuthenticationResponse(byPasskey.data.passkey);
      const rp = requestRelyingParty(request.headers, new URL(request.url).origin);
      if (!response || !rp) return false;
      return (await verifyPasskeySignIn(db(), { userId, response, rp })).ok;
    });
  const byCode = codeStep.safeParse(raw);
  if (byCode.success)
    return secondStep(byCode.data.ticket, request, ip, async (userId) => {
      const verdict = await verifySecondFactor(db(), serverSecret(), { userId, code: byCode.data.code });
      return verdict.ok;
    });
  const parsed = passwordStep.safeParse(raw);
  if (!parsed.success) return null;
  if (!passwordAllowed(ssoSettings(), parsed.data.email)) throw new SsoOnly();
  // Throttled before any password hashing, and alike whether the account exists or not.
  const source = { email: parsed.data.email, ip };
  const throttle = await signInThrottle(db(), source);
  if (!throttle.allowed) throw new Throttled(throttle.retryAfterSeconds);
  const attemptAt = await recordSignInFailure(db(), source);
  const user = await verifyCredentials(db(), parsed.data.email, parsed.data.password);
  if (!user) return null;
  // Not forgiven yet when a code must follow: the password alone is half a sign-in, and
  // forgiving it would let whoever knows the password reset the count between guesses of codes.
  if (await hasSecondFactor(db(), user.id))
    throw new SecondFactorRequired(
      issueTicket(serverSecret(), { userId: user.id, email: user.email, nowMs: Date.now() }),
    );
  await forgiveSignIn(db(), source, attemptAt);
  return signedIn(user, deviceOf(request.headers));
}

const deviceOf = (headers: Headers) => ({
  userAgent: headers.get('user-agent'),
  ip: requestClientAddress(headers),
});

/** The session's user: its first workspace, and a console_sessions row for this sign-in. */
async function signedIn(user: ConsoleUser, device: { userAgent: string | null; ip: string | null }) {
  // The first workspace is the active one; the header's switcher changes it.
  const [first] = await listMemberships(db(), user.id);
  if (!first) throw new NoWorkspace();
  const sessionId = await startConsoleSession(db(), {
    userId: user.id,
    userAgent: device.userAgent,
    ipAddress: device.ip,
  });
  return {
    sessionId,
    id: user.id,
    email: user.email,
    name: user.name,
    workspaceId: first.workspaceId,
    role: first.role,
  };
}

type JwtCallback = NonNullable<NonNullable<NextAuthConfig['callbacks']>['jwt']>;

/** Switching workspace (session update) is honoured only for a workspace the user belongs to. */
const jwt: JwtCallback = async (params) => {
  const { token, trigger, session } = params;
  if (trigger === 'update' && typeof token.sub === 'string') {
    const requested: unknown = (session as { workspaceId?: unknown } | undefined)?.workspaceId;
    if (typeof requested === 'string') {
      const membership = await findMembership(db(), token.sub, requested);
      if (membership) {
        token.workspaceId = requested;
        token.role = membership.role;
      }
    }
    return token;
  }
  if (params.account?.provider === SSO_PROVIDER) return ssoToken(params.account.providerAccountId);
  return jwtFromSignIn(params);
};

/**
 * The token of a single sign-on admitted by admitSsoSignIn, made anew: the one Auth.js passes was
 * filled from the provider's profile (its `sub` is the provider's subject, not our user).
 */
async function ssoToken(subject: string): Promise<JWT | null> {
  const linked = await ssoLinkedUser(db(), subject);
  if (!linked) return null;
  const user = await signedIn(linked, deviceOf(await headers()));
  return {
    sub: user.id,
    email: user.email,
    name: user.name,
    workspaceId: user.workspaceId,
    role: user.role,
    signedInAt: Date.now(),
    sid: user.sessionId,
    via: 'sso',
  };
}

let config: NextAuthConfig | undefined;

function fullConfig(): NextAuthConfig {
  if (config) return config;
  const base = baseAuthConfig();
  const sso = ssoSettings();
  config = {
    ...base,
    // Sessions live in the JWT and our console_sessions table; single sign-on links accounts
    // itself (lib/services/sso.ts), so no Auth.js adapter.
    providers: [
      Credentials({
        credentials: {
          email: { type: 'email', label: 'Email' },
          password: { type: 'password', label: 'Password' },
          ticket: { type: 'text' },
          code: { type: 'text', label: 'Code' },
          passkey: { type: 'text' },
        },
        authorize,
      }),
      ...(sso ? [ssoProvider(sso)] : []),
    ],
    callbacks: {
      ...base.callbacks,
      jwt,
      signIn: ({ account, profile }) =>
        sso && account?.provider === SSO_PROVIDER
          ? admitSsoSignIn(sso, account.providerAccountId, profile)
          : true,
    },
  };
  return config;
}

// Lazy: the configuration (secret, database) is built on the first request, never at build time.
export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth(() => fullConfig());
