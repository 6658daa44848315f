import { monitoringSettingsRequestSchema } from '@/lib/contract/console/monitoring';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { getMonitoring, setMonitoringWindow } from '@/lib/services/monitoring/settings';
import { parseWith } from '@/lib/services/parse-with';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const gone = () => new ProblemError(401, 'UNAUTHORIZED', 'This workspace no longer exists; sign in again.');

// Continuous sanctions monitoring (admins only): the window and the latest runs' progress.
const getHandler = consoleRoute({ endpoint: 'console.monitoring.get', role: 'admin' }, async ({ ctx }) => {
  const state = await getMonitoring(db(), ctx);
  if (!state) throw gone();
  return Response.json(state);
});

const putHandler = consoleRoute(
  { endpoint: 'console.monitoring.save', role: 'admin' },
  async ({ json, ctx }) => {
    const parsed = parseWith(monitoringSettingsRequestSchema, await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const result = await setMonitoringWindow(db(), ctx, parsed.value);
    if (!result.ok) throw gone();
    return Response.json(result.value);
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler, PUT: putHandler });
