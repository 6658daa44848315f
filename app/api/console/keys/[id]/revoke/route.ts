import { db } from '@/lib/db/client';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { revokeKey } from '@/lib/services/keys/manage-keys';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const postHandler = consoleRoute<{ id: string }>(
  { endpoint: 'console.keys.revoke', role: 'admin' },
  async ({ ctx }, { id }) => {
    const result = await revokeKey(db(), ctx, { id });
    if (result.ok) return Response.json({ id, revokedAt: result.value.revokedAt });
    // Revoking twice is not an error: answer with the first revocation (audited once).
    if (result.reason === 'revoked') return Response.json({ id, revokedAt: result.revokedAt });
    throw new ProblemError(404, 'NOT_FOUND', 'No key with this id in this workspace.');
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods<Request, { id: string }>({
  POST: postHandler,
});
