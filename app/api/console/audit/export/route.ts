import { auditFilterSchema } from '@/lib/contract/console/audit';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { exportAuditCsv } from '@/lib/services/audit-log/export-audit';
import { parseWith } from '@/lib/services/parse-with';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A file name safe in a Content-Disposition header: the workspace name's letters and digits. */
const fileName = (workspace: string) =>
  `audit-${workspace.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60) || 'workspace'}-${new Date().toISOString().slice(0, 10)}.csv`;

// The filtered audit log as a CSV download, newest first (admins only).
const getHandler = consoleRoute(
  { endpoint: 'console.audit.export', role: 'admin' },
  async ({ request, workspace, ctx }) => {
    const parsed = parseWith(auditFilterSchema, Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const csv = await exportAuditCsv(db(), ctx, parsed.value);
    return new Response(csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${fileName(workspace.name)}"`,
      },
    });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler });
