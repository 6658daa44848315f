import { WEBHOOK_ENDPOINT_ID } from '@/lib/contract/console/webhooks';
import { db } from '@/lib/db/client';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { sendTestEvent } from '@/lib/services/webhooks/test-send';
import { endpointNotFound } from '../../endpoint-not-found';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// Sends a signed `webhook.test` now and answers what the receiver said (kept in the log).
const postHandler = consoleRoute<{ id: string }>(
  { endpoint: 'console.webhooks.test', role: 'admin' },
  async ({ ctx }, { id }) => {
    const sent = WEBHOOK_ENDPOINT_ID.test(id) ? await sendTestEvent(db(), ctx, id) : null;
    if (!sent) throw endpointNotFound();
    return Response.json(sent);
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods<Request, { id: string }>({
  POST: postHandler,
});
