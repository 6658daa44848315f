import { db } from '@/lib/db/client';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { reviewQueue } from '@/lib/services/decisions/queue';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// What needs a person: undecided sessions in the high and medium bands, oldest first, with the
// count waiting per band.
const getHandler = consoleRoute({ endpoint: 'console.review_queue' }, async ({ ctx }) =>
  Response.json(await reviewQueue(db(), ctx)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler });
