import 'server-only';
import { db } from '@/lib/db/client';
import { type ActiveMembership, findMembership } from '@/lib/services/console-users';
import { auth } from './auth';
import { type ConsoleClaims, sessionClaims } from './claims';
import { type SessionStanding, sessionStanding } from './session-standing';

export type CurrentSession =
  | { kind: 'none' }
  | { kind: 'no_workspace'; claims: ConsoleClaims }
  | { kind: 'session'; claims: ConsoleClaims; membership: ActiveMembership; standing: SessionStanding };

/**
 * The request's console session as pages and server actions see it: the cookie's claims, the
 * membership read from the database and whether the session still stands. Data routes do the
 * same in lib/http/console-route.ts.
 */
export async function currentSession(): Promise<CurrentSession> {
  const claims = sessionClaims(await auth());
  if (!claims) return { kind: 'none' };
  const membership = await findMembership(db(), claims.userId, claims.workspaceId, claims.sessionId);
  if (!membership) return { kind: 'no_workspace', claims };
  return {
    kind: 'session',
    claims,
    membership,
    standing: sessionStanding(claims.signedInAt, membership, claims.signedInWith),
  };
}
