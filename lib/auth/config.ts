import type { NextAuthConfig } from 'next-auth';
import { authLogger } from './auth-logger';
import { readClaims } from './claims';
import { authSecret } from './secret';

/** Signed-in console sessions last a working day; the cookie is re-issued while in use. */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

type Callbacks = NonNullable<NextAuthConfig['callbacks']>;

/** At sign-in, copies the user's id, active workspace and role into the token. */
export const jwtFromSignIn: NonNullable<Callbacks['jwt']> = ({ token, user }) => {
  if (user?.id) {
    token.sub = user.id;
    token.workspaceId = user.workspaceId;
    token.role = user.role;
    token.signedInAt = Date.now();
    if (user.sessionId) token.sid = user.sessionId;
  }
  return token;
};

/** Exposes the claims on the session (also what GET /api/auth/session returns). */
export const sessionFromToken: NonNullable<Callbacks['session']> = ({ session, token }) => {
  const claims = readClaims(token);
  if (!claims) return session;
  return {
    ...session,
    user: { ...session.user, id: claims.userId, email: claims.email ?? '', name: claims.name },
    workspaceId: claims.workspaceId,
    role: claims.role,
    signedInAt: claims.signedInAt,
    ...(claims.sessionId ? { sessionId: claims.sessionId } : {}),
    signedInWith: claims.signedInWith,
  };
};

/**
 * The part of the Auth.js configuration that needs no database: the proxy uses it to read
 * session cookies; lib/auth/auth.ts adds the password provider and the adapter. A function,
 * so the secret is read at request time and never during `next build`.
 */
export function baseAuthConfig(): NextAuthConfig {
  return {
    secret: authSecret(),
    // Self-hosted behind whatever host name the operator uses: trust the Host header.
    trustHost: true,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/sign-in', error: '/sign-in' },
    providers: [],
    callbacks: { jwt: jwtFromSignIn, session: sessionFromToken },
    logger: authLogger,
  };
}
