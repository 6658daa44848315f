import { replayRequestSchema, WEBHOOK_ENDPOINT_ID } from '@/lib/contract/console/webhooks';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { parseWith } from '@/lib/services/parse-with';
import { replayFailed } from '@/lib/services/webhooks/endpoints';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// Sends one failed message again, or every failed one of the endpoint (audited).
const postHandler = consoleRoute<{ id: string }>(
  { endpoint: 'console.webhooks.replay', role: 'admin' },
  async ({ json, ctx }, { id }) => {
    const parsed = parseWith(replayRequestSchema, await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const replayed = WEBHOOK_ENDPOINT_ID.test(id)
      ? await replayFailed(db(), ctx, id, parsed.value.messageId)
      : null;
    if (replayed === null) {
      throw new ProblemError(404, 'NOT_FOUND', 'No such endpoint, or no failed message with this id on it.');
    }
    return Response.json({ replayed });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods<Request, { id: string }>({
  POST: postHandler,
});
