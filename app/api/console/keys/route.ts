import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { parseCreateKeyRequest } from '@/lib/services/keys/key-requests';
import { createKey } from '@/lib/services/keys/manage-keys';
import { listKeys } from '@/lib/services/keys/workspace-keys';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const getHandler = consoleRoute({ endpoint: 'console.keys.list', role: 'admin' }, async ({ ctx }) =>
  Response.json({ keys: await listKeys(db(), ctx) }),
);

const postHandler = consoleRoute(
  { endpoint: 'console.keys.create', role: 'admin' },
  async ({ json, workspace, userId, requestId }) => {
    const parsed = parseCreateKeyRequest(await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const issued = await createKey(db(), {
      workspace: workspace.name,
      scopes: parsed.value.scopes,
      name: parsed.value.name,
      expiresAt: parsed.value.expiresAt ? new Date(parsed.value.expiresAt) : null,
      rateLimitPerSec: parsed.value.rateLimitPerSec ?? null,
      actor: userId,
      requestId,
    });
    return Response.json(
      {
        id: issued.id,
        key: issued.key,
        name: parsed.value.name ?? null,
        scopes: issued.scopes,
        expiresAt: parsed.value.expiresAt ? new Date(parsed.value.expiresAt).toISOString() : null,
        rateLimitPerSec: parsed.value.rateLimitPerSec ?? null,
      },
      { status: 201 },
    );
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  GET: getHandler,
  POST: postHandler,
});
