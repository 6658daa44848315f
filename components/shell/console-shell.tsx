import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Role } from '@/lib/auth/roles';
import { SideNav } from './side-nav';
import type { Theme } from './theme';
import { UserMenu } from './user-menu';
import { WorkspaceSwitcher } from './workspace-switcher';

interface ConsoleShellProps {
  email: string;
  role: Role;
  workspace: { id: string; name: string };
  workspaces: { id: string; name: string }[];
  theme: Theme;
  signOutAction: () => Promise<void>;
  switchWorkspaceAction: (workspaceId: string) => Promise<void>;
  children: ReactNode;
}

/** Header (product, workspace, account), side navigation and the page, with a skip link first. */
export function ConsoleShell(props: ConsoleShellProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="shell">
        <header className="shell-header">
          <Link href="/" className="brand">
            <span className="brand-mark" aria-hidden="true">
              V
            </span>
            Verity
          </Link>
          <WorkspaceSwitcher
            current={props.workspace}
            options={props.workspaces}
            switchAction={props.switchWorkspaceAction}
          />
          <span className="header-spacer" />
          <UserMenu
            email={props.email}
            role={props.role}
            workspaceName={props.workspace.name}
            theme={props.theme}
            signOutAction={props.signOutAction}
          />
        </header>
        <SideNav role={props.role} />
        <main id="main" className="shell-main" tabIndex={-1}>
          {props.children}
        </main>
      </div>
    </>
  );
}
