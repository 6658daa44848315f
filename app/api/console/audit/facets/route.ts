import { db } from '@/lib/db/client';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { auditFacets } from '@/lib/services/audit-log/list-audit';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The actions and actors on record, for the audit page's filter menus (admins only).
const getHandler = consoleRoute({ endpoint: 'console.audit.facets', role: 'admin' }, async ({ ctx }) =>
  Response.json(await auditFacets(db(), ctx)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler });
