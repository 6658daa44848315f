import { db } from '@/lib/db/client';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { SESSION_ID_PATTERN } from '@/lib/ids/ids';
import { sessionDetail } from '@/lib/services/sessions-query';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// One session of the workspace with its calls in order. Another workspace's session answers
// exactly like a missing one, so ids of other workspaces cannot be probed.
const getHandler = consoleRoute<{ id: string }>(
  { endpoint: 'console.sessions.get' },
  async ({ ctx }, { id }) => {
    const detail = SESSION_ID_PATTERN.test(id) ? await sessionDetail(db(), ctx, id) : null;
    if (!detail) throw new ProblemError(404, 'NOT_FOUND', 'No session with this id in this workspace.');
    return Response.json(detail);
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods<Request, { id: string }>({
  GET: getHandler,
});
