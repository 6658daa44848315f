import { requestLogSettingsSchema } from '@/lib/contract/console/request-log';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { parseWith } from '@/lib/services/parse-with';
import {
  getRequestLogSettings,
  setRequestLogSettings,
} from '@/lib/services/request-log/request-log-settings';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const gone = () => new ProblemError(401, 'UNAUTHORIZED', 'This workspace no longer exists; sign in again.');

// How many days the request log keeps a call (admins only).
const getHandler = consoleRoute(
  { endpoint: 'console.request_log.settings.get', role: 'admin' },
  async ({ ctx }) => {
    const current = await getRequestLogSettings(db(), ctx);
    if (!current) throw gone();
    return Response.json(current);
  },
);

const putHandler = consoleRoute(
  { endpoint: 'console.request_log.settings.save', role: 'admin' },
  async ({ json, ctx }) => {
    const parsed = parseWith(requestLogSettingsSchema, await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const result = await setRequestLogSettings(db(), ctx, parsed.value);
    if (!result.ok) throw gone();
    return Response.json(result.value);
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler, PUT: putHandler });
