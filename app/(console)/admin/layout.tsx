import type { ReactNode } from 'react';
import { AdminNav } from '@/components/admin/admin-nav';
import { consoleIdentity } from '../console-identity';

// The tabs between the admin pages, for admins; each page still refuses analysts itself.
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const identity = await consoleIdentity();
  return (
    <>
      {identity.role === 'admin' ? <AdminNav /> : null}
      {children}
    </>
  );
}
