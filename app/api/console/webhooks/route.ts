import { createWebhookEndpointSchema, MAX_WEBHOOK_ENDPOINTS } from '@/lib/contract/console/webhooks';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { parseWith } from '@/lib/services/parse-with';
import { createEndpoint, listEndpoints } from '@/lib/services/webhooks/endpoints';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The workspace's webhook endpoints (admins only); secrets never appear here.
const getHandler = consoleRoute({ endpoint: 'console.webhooks.list', role: 'admin' }, async ({ ctx }) =>
  Response.json({ endpoints: await listEndpoints(db(), ctx) }),
);

// Adds an endpoint; the answer carries its signing secret, shown this once.
const postHandler = consoleRoute(
  { endpoint: 'console.webhooks.create', role: 'admin' },
  async ({ json, ctx }) => {
    const parsed = parseWith(createWebhookEndpointSchema, await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const created = await createEndpoint(db(), ctx, parsed.value);
    if (!created.ok) {
      throw new ProblemError(
        409,
        'INVALID_INPUT',
        `A workspace keeps at most ${MAX_WEBHOOK_ENDPOINTS} endpoints.`,
      );
    }
    return Response.json({ endpoint: created.endpoint, secret: created.secret }, { status: 201 });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  GET: getHandler,
  POST: postHandler,
});
