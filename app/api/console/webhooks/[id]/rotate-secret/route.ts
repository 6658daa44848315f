import { WEBHOOK_ENDPOINT_ID } from '@/lib/contract/console/webhooks';
import { db } from '@/lib/db/client';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { rotateEndpointSecret } from '@/lib/services/webhooks/endpoints';
import { endpointNotFound } from '../../endpoint-not-found';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// A new signing secret, shown this once; the previous one signs too until previousExpiresAt.
const postHandler = consoleRoute<{ id: string }>(
  { endpoint: 'console.webhooks.rotate', role: 'admin' },
  async ({ ctx }, { id }) => {
    const rotated = WEBHOOK_ENDPOINT_ID.test(id) ? await rotateEndpointSecret(db(), ctx, id) : null;
    if (!rotated) throw endpointNotFound();
    return Response.json(rotated);
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods<Request, { id: string }>({
  POST: postHandler,
});
