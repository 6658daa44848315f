import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { parseUpdateKeyRequest } from '@/lib/services/keys/key-requests';
import { updateKey } from '@/lib/services/keys/update-key';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// Edits a key's label, scopes and rate (admins only); another workspace's key answers as missing.
const patchHandler = consoleRoute<{ id: string }>(
  { endpoint: 'console.keys.update', role: 'admin' },
  async ({ json, ctx }, { id }) => {
    const parsed = parseUpdateKeyRequest(await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const result = await updateKey(db(), ctx, { id, ...parsed.value });
    if (result.ok) return Response.json(result.value);
    if (result.reason === 'not_found')
      throw new ProblemError(404, 'NOT_FOUND', 'No key with this id in this workspace.');
    throw new ProblemError(
      400,
      'INVALID_INPUT',
      'This key is revoked or expired; only a live key can be edited.',
    );
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods<Request, { id: string }>({
  PATCH: patchHandler,
});
