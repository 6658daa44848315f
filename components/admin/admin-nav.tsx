'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import styles from './admin-nav.module.css';

export const ADMIN_PAGES = [
  { href: '/admin', label: 'Keys' },
  { href: '/admin/members', label: 'Members' },
  { href: '/admin/audit', label: 'Audit log' },
  { href: '/admin/usage', label: 'Usage' },
  { href: '/admin/request-log', label: 'Request log' },
  { href: '/admin/settings', label: 'Settings' },
  { href: '/admin/risk-policy', label: 'Risk policy' },
  { href: '/admin/rules', label: 'Rules' },
  { href: '/admin/webhooks', label: 'Webhooks' },
] as const;

/** The admin pages as tabs: ordinary links (Tab and Enter), the current one marked for assistive tech. */
export function AdminNav() {
  const pathname = usePathname();
  return (
    <nav className={styles.tabs} aria-label="Admin">
      <ul className={styles.list}>
        {ADMIN_PAGES.map((page) => (
          <li key={page.href}>
            <Link
              href={page.href}
              className={styles.tab}
              // Not prefetched: every page would fetch every destination's payload (twice in
              // development, and abort half on navigation), renders a small host pays for.
              prefetch={false}
              aria-current={pathname === page.href ? 'page' : undefined}
            >
              {page.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
