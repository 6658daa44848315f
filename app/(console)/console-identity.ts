import { redirect } from 'next/navigation';
import { cache } from 'react';
import { currentSession } from '@/lib/auth/current-session';
import type { Role } from '@/lib/auth/roles';
import { STANDING_REFUSAL } from '@/lib/auth/session-standing';
import { db } from '@/lib/db/client';
import { touchConsoleSession } from '@/lib/services/console-sessions';

export interface ConsoleIdentity {
  userId: string;
  email: string;
  workspace: { id: string; name: string };
  role: Role;
}

/**
 * The signed-in user and their current role in the session's workspace, read once per request
 * (layout and page share it). No session, no longer a member or signed out since: back to
 * sign-in; a one-time password to replace, or a second factor the workspace requires: to the
 * account page first.
 */
export const consoleIdentity = cache(async (): Promise<ConsoleIdentity> => {
  const session = await currentSession();
  if (session.kind === 'none') redirect('/sign-in');
  if (session.kind === 'no_workspace') redirect('/sign-in?error=NoWorkspace');
  const { claims, membership, standing } = session;
  if (standing !== 'active') redirect(STANDING_REFUSAL[standing].redirect);
  if (claims.sessionId) await touchConsoleSession(db(), claims.sessionId);
  return {
    userId: claims.userId,
    email: claims.email ?? '',
    workspace: { id: claims.workspaceId, name: membership.workspaceName },
    role: membership.role,
  };
});
