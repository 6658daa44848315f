import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { parseRotateKeyRequest } from '@/lib/services/keys/key-requests';
import { rotateKey } from '@/lib/services/keys/manage-keys';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const postHandler = consoleRoute<{ id: string }>(
  { endpoint: 'console.keys.rotate', role: 'admin' },
  async ({ json, ctx }, { id }) => {
    const parsed = parseRotateKeyRequest(await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    // Another workspace's key answers exactly like a missing one (the service scopes the lookup).
    const result = await rotateKey(db(), ctx, { id, graceSeconds: parsed.value.graceSeconds });
    if (!result.ok) {
      if (result.reason === 'not_found')
        throw new ProblemError(404, 'NOT_FOUND', 'No key with this id in this workspace.');
      throw new ProblemError(
        400,
        'INVALID_INPUT',
        'This key is revoked or expired; only a live key can be rotated.',
      );
    }
    const { id: newId, key, scopes, previousExpiresAt } = result.value;
    return Response.json({ id: newId, key, scopes, previousKeyId: id, previousExpiresAt });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods<Request, { id: string }>({
  POST: postHandler,
});
