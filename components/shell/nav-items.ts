import type { Role } from '@/lib/auth/roles';

export interface NavItem {
  href: string;
  label: string;
  /** Only shown to (and usable by) this role or above. */
  role?: Role;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/', label: 'Investigate' },
  { href: '/signals', label: 'Signals' },
  { href: '/sessions', label: 'Sessions' },
  { href: '/batch', label: 'Batch' },
  { href: '/explorer', label: 'API explorer' },
  { href: '/reference', label: 'API reference' },
  { href: '/lists', label: 'Lists' },
  { href: '/admin', label: 'Admin', role: 'admin' },
];

/** The item a path belongs to: exact for `/`, by prefix for the rest (`/sessions/ses_…`). */
export function isActive(item: NavItem, pathname: string): boolean {
  if (item.href === '/') return pathname === '/';
  return pathname === item.href || pathname.startsWith(`${item.href}/`);
}
