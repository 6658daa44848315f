import { redirect } from 'next/navigation';
import { cache } from 'react';
import { auth } from '@/lib/auth/auth';
import { sessionClaims } from '@/lib/auth/claims';
import type { Role } from '@/lib/auth/roles';
import { db } from '@/lib/db/client';
import { findMembership } from '@/lib/services/console-users';

export interface ConsoleIdentity {
  userId: string;
  email: string;
  workspace: { id: string; name: string };
  role: Role;
}

/**
 * The signed-in user and their current role in the session's workspace, read once per request
 * (layout and page share it). No session, or no longer a member: back to sign-in.
 */
export const consoleIdentity = cache(async (): Promise<ConsoleIdentity> => {
  const claims = sessionClaims(await auth());
  if (!claims) redirect('/sign-in');
  const membership = await findMembership(db(), claims.userId, claims.workspaceId);
  if (!membership) redirect('/sign-in?error=NoWorkspace');
  return {
    userId: claims.userId,
    email: claims.email ?? '',
    workspace: { id: claims.workspaceId, name: membership.workspaceName },
    role: membership.role,
  };
});
