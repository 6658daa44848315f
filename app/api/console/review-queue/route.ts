import { QUEUE_SORTS, type QueueSort } from '@/lib/contract/console/decisions';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { reviewQueue } from '@/lib/services/decisions/queue';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const isQueueSort = (value: string): value is QueueSort => (QUEUE_SORTS as readonly string[]).includes(value);

// What needs a person: undecided sessions in the high and medium bands, oldest first (?sort=risk:
// highest risk first), each with its masked inputs and top reasons, and the count waiting per band.
const getHandler = consoleRoute({ endpoint: 'console.review_queue' }, async ({ request, ctx }) => {
  const sort = new URL(request.url).searchParams.get('sort') ?? 'age';
  if (!isQueueSort(sort)) {
    const message = `sort: must be one of ${QUEUE_SORTS.join(', ')}`;
    throw inputProblem('INVALID_INPUT', [{ path: 'sort', message, code: 'INVALID_INPUT' }]);
  }
  return Response.json(await reviewQueue(db(), ctx, { sort }));
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler });
