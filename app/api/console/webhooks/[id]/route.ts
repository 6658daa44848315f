import { updateWebhookEndpointSchema, WEBHOOK_ENDPOINT_ID } from '@/lib/contract/console/webhooks';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { parseWith } from '@/lib/services/parse-with';
import { removeEndpoint, updateEndpoint } from '@/lib/services/webhooks/endpoints';
import { endpointNotFound } from '../endpoint-not-found';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// Changes an endpoint's URL, events, description, or turns it on or off (audited).
const patchHandler = consoleRoute<{ id: string }>(
  { endpoint: 'console.webhooks.update', role: 'admin' },
  async ({ json, ctx }, { id }) => {
    const parsed = parseWith(updateWebhookEndpointSchema, await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const endpoint = WEBHOOK_ENDPOINT_ID.test(id) ? await updateEndpoint(db(), ctx, id, parsed.value) : null;
    if (!endpoint) throw endpointNotFound();
    return Response.json({ endpoint });
  },
);

const deleteHandler = consoleRoute<{ id: string }>(
  { endpoint: 'console.webhooks.remove', role: 'admin' },
  async ({ ctx }, { id }) => {
    if (!WEBHOOK_ENDPOINT_ID.test(id) || !(await removeEndpoint(db(), ctx, id))) throw endpointNotFound();
    return new Response(null, { status: 204 });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods<Request, { id: string }>({
  PATCH: patchHandler,
  DELETE: deleteHandler,
});
