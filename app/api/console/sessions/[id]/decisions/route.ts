import { DECISION_LABEL } from '@/lib/contract/console/decisions';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { SESSION_ID_PATTERN } from '@/lib/ids/ids';
import { parseDecisionRequest } from '@/lib/services/decisions/parse';
import { decisionHistory, recordDecision } from '@/lib/services/decisions/record';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// Another workspace's session answers exactly like a missing one.
const notFound = () => new ProblemError(404, 'NOT_FOUND', 'No session with this id in this workspace.');

// The session's decisions and notes, newest first (append-only: there is no update or delete).
const getHandler = consoleRoute<{ id: string }>(
  { endpoint: 'console.sessions.decisions.list' },
  async ({ ctx }, { id }) => {
    const history = SESSION_ID_PATTERN.test(id) ? await decisionHistory(db(), ctx, id) : null;
    if (!history) throw notFound();
    return Response.json({ decisions: history });
  },
);

// Records a decision with a reason from the workspace's list and a free note; audited.
const postHandler = consoleRoute<{ id: string }>(
  { endpoint: 'console.sessions.decisions.create' },
  async ({ json, requestId, ctx }, { id }) => {
    if (!SESSION_ID_PATTERN.test(id)) throw notFound();
    const parsed = parseDecisionRequest(await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const result = await recordDecision(db(), ctx, { ...parsed.value, sessionId: id, requestId });
    if (!result.ok && result.reason === 'not_found') throw notFound();
    if (!result.ok && result.reason === 'conflict') {
      // 409 under the stale field (the problem catalog has no console-only CONFLICT code).
      const { current } = result;
      const message = current
        ? `replaces: ${DECISION_LABEL[current.decision]} (${current.reason}) was recorded by ${current.actor.email ?? current.actor.id} since; send replaces: "${current.id}" to replace it`
        : 'replaces: the decision it names is no longer in force; reload the session';
      throw new ProblemError(409, 'INVALID_INPUT', message, [
        { path: 'replaces', message, code: 'INVALID_INPUT' },
      ]);
    }
    if (!result.ok) {
      throw inputProblem('INVALID_INPUT', [
        {
          path: 'reason',
          message: `reason: not one of this workspace's reasons for ${parsed.value.decision}`,
          code: 'INVALID_INPUT',
        },
      ]);
    }
    return Response.json(result.value, { status: 201 });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods<Request, { id: string }>({
  GET: getHandler,
  POST: postHandler,
});
