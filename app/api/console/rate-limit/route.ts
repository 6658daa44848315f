import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { parseWorkspaceRateLimitRequest } from '@/lib/services/keys/rate-limit-settings';
import { getWorkspaceRateLimit, setWorkspaceRateLimit } from '@/lib/services/keys/workspace-rate-limit';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const gone = () => new ProblemError(401, 'UNAUTHORIZED', 'This workspace no longer exists; sign in again.');

// The default rate of the workspace's keys without an override of their own (admins only).
const getHandler = consoleRoute(
  { endpoint: 'console.rate_limit.get', role: 'admin' },
  async ({ workspace }) => {
    const current = await getWorkspaceRateLimit(db(), { workspaceId: workspace.id });
    if (!current) throw gone();
    return Response.json({ rateLimitPerSec: current.rateLimitPerSec });
  },
);

const putHandler = consoleRoute(
  { endpoint: 'console.rate_limit.save', role: 'admin' },
  async ({ json, workspace, userId, requestId }) => {
    const parsed = parseWorkspaceRateLimitRequest(await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const result = await setWorkspaceRateLimit(db(), {
      workspaceId: workspace.id,
      rateLimitPerSec: parsed.value.rateLimitPerSec,
      actor: userId,
      requestId,
    });
    if (!result.ok) throw gone();
    const { rateLimitPerSec, previousRateLimitPerSec, changed } = result.value;
    return Response.json({ rateLimitPerSec, previousRateLimitPerSec, changed });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler, PUT: putHandler });
