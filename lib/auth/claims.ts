import { isRole, type Role } from './roles';

/** What the console knows about the signed-in person, read from the session token. */
export interface ConsoleClaims {
  userId: string;
  email: string | null;
  name: string | null;
  workspaceId: string;
  role: Role;
  /**
   * When this session signed in (milliseconds since the epoch; 0 for tokens from before the claim):
   * a session older than the user's `sessions_not_before` is over.
   */
  signedInAt: number;
  /** The console_sessions row of this sign-in; null for tokens from before the table. */
  sessionId: string | null;
  /** How this session signed in: the console's password (and second factor), or single sign-on. */
  signedInWith: 'password' | 'sso';
}

/**
 * Validates the custom claims of a decoded session token (a record of unknowns): a token from
 * before a claim existed, or a tampered one, yields null and the caller treats it as signed out.
 */
export function readClaims(token: Record<string, unknown> | null | undefined): ConsoleClaims | null {
  if (!token) return null;
  const { sub, email, name, workspaceId, role, signedInAt, sid, via } = token;
  if (typeof sub !== 'string' || sub === '') return null;
  if (typeof workspaceId !== 'string' || workspaceId === '' || !isRole(role)) return null;
  return {
    userId: sub,
    email: typeof email === 'string' ? email : null,
    name: typeof name === 'string' ? name : null,
    workspaceId,
    role,
    signedInAt: typeof signedInAt === 'number' && Number.isFinite(signedInAt) ? signedInAt : 0,
    sessionId: typeof sid === 'string' && sid !== '' ? sid : null,
    signedInWith: via === 'sso' ? 'sso' : 'password',
  };
}

interface SessionLike {
  user?: { id?: string | null; email?: string | null; name?: string | null } | null;
  workspaceId?: string;
  role?: unknown;
  signedInAt?: unknown;
  sessionId?: unknown;
  signedInWith?: unknown;
}

/** The same claims as exposed on the Auth.js session object (what `auth()` returns). */
export function sessionClaims(session: SessionLike | null | undefined): ConsoleClaims | null {
  if (!session?.user) return null;
  return readClaims({
    sub: session.user.id,
    email: session.user.email,
    name: session.user.name,
    workspaceId: session.workspaceId,
    role: session.role,
    signedInAt: session.signedInAt,
    sid: session.sessionId,
    via: session.signedInWith,
  });
}
