import { auditQuerySchema } from '@/lib/contract/console/audit';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { listAudit } from '@/lib/services/audit-log/list-audit';
import { parseWith } from '@/lib/services/parse-with';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The workspace's audit log, newest first, filtered by actor, action and dates (admins only).
const getHandler = consoleRoute(
  { endpoint: 'console.audit.list', role: 'admin' },
  async ({ request, ctx }) => {
    const parsed = parseWith(auditQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    return Response.json(await listAudit(db(), ctx, parsed.value));
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler });
