import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { parseDecisionReasonRequest } from '@/lib/services/decisions/parse';
import {
  addDecisionReason,
  listDecisionReasons,
  removeDecisionReason,
} from '@/lib/services/decisions/reasons';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The workspace's reasons for decisions: every analyst reads them, admins add and remove (audited).
const getHandler = consoleRoute({ endpoint: 'console.decision_reasons.list' }, async ({ ctx }) =>
  Response.json({ reasons: await listDecisionReasons(db(), ctx) }),
);

const postHandler = consoleRoute(
  { endpoint: 'console.decision_reasons.add', role: 'admin' },
  async ({ json, ctx }) => {
    const parsed = parseDecisionReasonRequest(await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const result = await addDecisionReason(db(), ctx, parsed.value);
    return Response.json({ ...parsed.value, ...result }, { status: result.added ? 201 : 200 });
  },
);

// The reason to remove goes in the body, as the one added did.
const deleteHandler = consoleRoute(
  { endpoint: 'console.decision_reasons.remove', role: 'admin' },
  async ({ json, ctx }) => {
    const parsed = parseDecisionReasonRequest(await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const result = await removeDecisionReason(db(), ctx, parsed.value);
    return Response.json({ ...parsed.value, ...result });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  GET: getHandler,
  POST: postHandler,
  DELETE: deleteHandler,
});
