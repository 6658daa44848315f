import { graphQuerySchema } from '@/lib/contract/console/graph';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { sessionGraph } from '@/lib/services/graph/neighbourhood';
import { parseWith } from '@/lib/services/parse-with';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The identity graph around a session, masked; `expand` (with its node's token) adds one hop.
// Another workspace's session answers exactly like a missing one.
const getHandler = consoleRoute({ endpoint: 'console.graph' }, async ({ request, ctx }) => {
  const parsed = parseWith(graphQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
  const outcome = await sessionGraph(db(), ctx, parsed.value);
  if (outcome.kind === 'not_found')
    throw new ProblemError(404, 'NOT_FOUND', 'No session with this id in this workspace.');
  if (outcome.kind === 'unknown_node')
    throw new ProblemError(404, 'NOT_FOUND', "No such identifier in this session's graph.");
  return Response.json(outcome.graph);
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler });
