import { requestLogQuerySchema } from '@/lib/contract/console/request-log';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { parseWith } from '@/lib/services/parse-with';
import { listRequestLog } from '@/lib/services/request-log/list-request-log';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The workspace's API calls, newest first, by request id, status, key, operation and time (admins).
const getHandler = consoleRoute(
  { endpoint: 'console.request_log.list', role: 'admin' },
  async ({ request, ctx }) => {
    const parsed = parseWith(requestLogQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    return Response.json(await listRequestLog(db(), ctx, parsed.value));
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler });
