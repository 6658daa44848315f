'use server';

import { auth, signOut, unstable_update } from '@/lib/auth/auth';
import { sessionClaims } from '@/lib/auth/claims';
import { db } from '@/lib/db/client';
import { closeConsoleSession } from '@/lib/services/console-sessions';

/** Signs out: this sign-in's row is closed too, so it leaves the list of the user's sessions. */
export async function signOutAction(): Promise<void> {
  const sessionId = sessionClaims(await auth())?.sessionId;
  if (sessionId) await closeConsoleSession(db(), sessionId);
  await signOut({ redirectTo: '/sign-in' });
}

/** Makes another of the user's workspaces the active one (the JWT callback checks membership). */
export async function switchWorkspaceAction(workspaceId: string): Promise<void> {
  if (typeof workspaceId !== 'string' || workspaceId === '') return;
  await unstable_update({ workspaceId });
}
