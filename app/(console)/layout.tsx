import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { QueryProvider } from '@/components/providers/query-provider';
import { ConsoleShell } from '@/components/shell/console-shell';
import { parseTheme, THEME_COOKIE } from '@/components/shell/theme';
import { db } from '@/lib/db/client';
import { listMemberships } from '@/lib/services/console-users';
import { signOutAction, switchWorkspaceAction } from './actions';
import { consoleIdentity } from './console-identity';

export const dynamic = 'force-dynamic';

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const identity = await consoleIdentity();
  const memberships = await listMemberships(db(), identity.userId);
  const theme = parseTheme((await cookies()).get(THEME_COOKIE)?.value);
  return (
    <ConsoleShell
      email={identity.email}
      role={identity.role}
      workspace={identity.workspace}
      workspaces={memberships.map((m) => ({ id: m.workspaceId, name: m.workspaceName }))}
      theme={theme}
      signOutAction={signOutAction}
      switchWorkspaceAction={switchWorkspaceAction}
    >
      {/* Keyed by workspace: switching drops every cached answer of the previous one. */}
      <QueryProvider key={identity.workspace.id}>{children}</QueryProvider>
    </ConsoleShell>
  );
}
