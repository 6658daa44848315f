import { db } from '@/lib/db/client';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { SESSION_ID_PATTERN } from '@/lib/ids/ids';
import { type ClaimResult, claimSession, releaseSession } from '@/lib/services/decisions/queue';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const notFound = () => new ProblemError(404, 'NOT_FOUND', 'No session with this id in this workspace.');

// Another workspace's session answers exactly like a missing one. A session someone else holds
// is an answer, not an error: `claimed: false` with who has it.
function answer(result: ClaimResult): Response {
  if (!result.ok && result.reason === 'not_found') throw notFound();
  if (!result.ok) return Response.json({ claimed: false, assignee: result.assignee });
  return Response.json({ claimed: result.value.assignee !== null, assignee: result.value.assignee });
}

// Claim: assign the session to me (race-safe; audited).
const postHandler = consoleRoute<{ id: string }>(
  { endpoint: 'console.sessions.claim' },
  async ({ ctx }, { id }) => {
    if (!SESSION_ID_PATTERN.test(id)) throw notFound();
    return answer(await claimSession(db(), ctx, id));
  },
);

// Release my claim (audited).
const deleteHandler = consoleRoute<{ id: string }>(
  { endpoint: 'console.sessions.release' },
  async ({ ctx }, { id }) => {
    if (!SESSION_ID_PATTERN.test(id)) throw notFound();
    return answer(await releaseSession(db(), ctx, id));
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods<Request, { id: string }>({
  POST: postHandler,
  DELETE: deleteHandler,
});
