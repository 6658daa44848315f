import { WEBHOOK_ENDPOINT_ID } from '@/lib/contract/console/webhooks';
import { db } from '@/lib/db/client';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { deliveryLog } from '@/lib/services/webhooks/endpoints';
import { endpointNotFound } from '../../endpoint-not-found';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The endpoint's latest messages with each one's status, attempts, latency and answer excerpt.
const getHandler = consoleRoute<{ id: string }>(
  { endpoint: 'console.webhooks.deliveries', role: 'admin' },
  async ({ ctx }, { id }) => {
    const deliveries = WEBHOOK_ENDPOINT_ID.test(id) ? await deliveryLog(db(), ctx, id) : null;
    if (!deliveries) throw endpointNotFound();
    return Response.json({ deliveries });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods<Request, { id: string }>({
  GET: getHandler,
});
