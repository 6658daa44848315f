import { reviewQueueQuerySchema } from '@/lib/contract/console/decisions';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { reviewQueue } from '@/lib/services/decisions/queue';
import { parseWith } from '@/lib/services/parse-with';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// What needs a person: undecided sessions in the high and medium bands, oldest first (?sort=risk:
// highest risk first), filtered by ?band, ?reason (a check id) and ?assignee (me, unassigned or a
// user id); each with its masked inputs and top reasons, the count waiting per band and the
// filters' choices.
const getHandler = consoleRoute({ endpoint: 'console.review_queue' }, async ({ request, ctx }) => {
  const parsed = parseWith(reviewQueueQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
  return Response.json(await reviewQueue(db(), ctx, parsed.value));
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler });
