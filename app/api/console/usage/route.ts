import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { parseUsageQuery } from '@/lib/services/keys/key-requests';
import { readUsage } from '@/lib/services/keys/key-usage';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// API requests of the workspace's keys over 30 days, by day and status class (admins only).
const getHandler = consoleRoute({ endpoint: 'console.usage', role: 'admin' }, async ({ request, ctx }) => {
  const parsed = parseUsageQuery(new URL(request.url).searchParams);
  if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
  const report = await readUsage(db(), ctx, parsed.value);
  if (!report) throw new ProblemError(401, 'UNAUTHORIZED', 'This workspace no longer exists; sign in again.');
  return Response.json(report);
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler });
