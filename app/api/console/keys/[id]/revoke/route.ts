import { db } from '@/lib/db/client';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { revokeKey } from '@/lib/services/keys/manage-keys';
import { keyInWorkspace, listKeys } from '@/lib/services/keys/workspace-keys';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const postHandler = consoleRoute<{ id: string }>(
  { endpoint: 'console.keys.revoke', role: 'admin' },
  async ({ workspace, userId }, { id }) => {
    if (!(await keyInWorkspace(db(), id, workspace.id))) {
      throw new ProblemError(404, 'NOT_FOUND', 'No key with this id in this workspace.');
    }
    const result = await revokeKey(db(), { id, actor: userId });
    if (result.ok) return Response.json({ id, revokedAt: result.value.revokedAt });
    // Revoking twice is not an error: answer with the first revocation (and audit it once).
    const existing = (await listKeys(db(), workspace.id)).find((key) => key.id === id);
    if (!existing?.revokedAt)
      throw new ProblemError(404, 'NOT_FOUND', 'No key with this id in this workspace.');
    return Response.json({ id, revokedAt: existing.revokedAt });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods<Request, { id: string }>({
  POST: postHandler,
});
