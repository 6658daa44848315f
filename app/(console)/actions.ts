'use server';

import { signOut, unstable_update } from '@/lib/auth/auth';

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: '/sign-in' });
}

/** Makes another of the user's workspaces the active one (the JWT callback checks membership). */
export async function switchWorkspaceAction(workspaceId: string): Promise<void> {
  if (typeof workspaceId !== 'string' || workspaceId === '') return;
  await unstable_update({ workspaceId });
}
