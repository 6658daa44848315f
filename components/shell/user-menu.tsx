'use client';

import { useEffect, useRef } from 'react';
import type { Role } from '@/lib/auth/roles';
import type { Theme } from './theme';
import { ThemeToggle } from './theme-toggle';

interface UserMenuProps {
  email: string;
  role: Role;
  workspaceName: string;
  theme: Theme;
  /** A server action that signs out and returns to the sign-in page. */
  signOutAction: () => Promise<void>;
}

/** The signed-in person: who, which role, the theme, their password and sign-out. Escape closes it. */
export function UserMenu({ email, role, workspaceName, theme, signOutAction }: UserMenuProps) {
  const menu = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const details = menu.current;
    if (!details) return;
    function onKey(event: KeyboardEvent) {
      if (event.key !== 'Escape' || !details?.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    }
    function onClick(event: MouseEvent) {
      if (details?.open && event.target instanceof Node && !details.contains(event.target))
        details.open = false;
    }
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, []);

  return (
    <details className="menu" ref={menu}>
      <summary className="btn btn-ghost btn-sm" aria-label={`Account: ${email}`}>
        <span className="avatar" aria-hidden="true">
          {email.charAt(0)}
        </span>
      </summary>
      <div className="menu-panel">
        <div className="menu-identity">
          <strong>{email}</strong>
          <span className="muted">
            {role === 'admin' ? 'Admin' : 'Analyst'} in {workspaceName}
          </span>
        </div>
        <div className="stack">
          <span className="field-hint">Theme</span>
          <ThemeToggle initial={theme} />
        </div>
        <a href="/account/password" className="btn btn-sm" style={{ width: '100%' }}>
          Password and sessions
        </a>
        <form action={signOutAction}>
          <button type="submit" className="btn btn-sm" style={{ width: '100%' }}>
            Sign out
          </button>
        </form>
      </div>
    </details>
  );
}
