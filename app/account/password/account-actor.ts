import 'server-only';
import { redirect } from 'next/navigation';
import { currentSession } from '@/lib/auth/current-session';

/**
 * Who acts on the account page's forms: the signed-in user in their active workspace (where
 * the audit rows of account-wide changes go), and the workspace that requires a second factor,
 * if it does. Not a server action itself, so the browser cannot call it.
 */
export async function accountActor() {
  const session = await currentSession();
  if (session.kind !== 'session' || session.standing === 'signed_out') redirect('/sign-in');
  return {
    workspaceId: session.claims.workspaceId,
    actor: session.claims.userId,
    email: session.claims.email ?? '',
    required: session.membership.requireSecondFactor ? session.membership.workspaceName : null,
  };
}
