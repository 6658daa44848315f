'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { type Role, roleAllows } from '@/lib/auth/roles';
import { isActive, NAV_ITEMS } from './nav-items';

/** The console's sections; on narrow screens folded behind a Menu button. */
export function SideNav({ role }: { role: Role }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);

  // Following a link closes the folded menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  const items = NAV_ITEMS.filter((item) => !item.role || roleAllows(role, item.role));
  return (
    <nav className="shell-nav" aria-label="Console" data-open={open}>
      <button
        type="button"
        className="btn btn-ghost btn-sm nav-toggle"
        aria-expanded={open}
        aria-controls="console-nav-list"
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Close menu' : 'Menu'}
      </button>
      <ul className="nav-list" id="console-nav-list">
        {items.map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              className="nav-link"
              // Not prefetched: every page would fetch every destination's payload (twice in
              // development, and abort half on navigation), renders a small host pays for.
              prefetch={false}
              aria-current={isActive(item, pathname) ? 'page' : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
