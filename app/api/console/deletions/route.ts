import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { recordDeletion } from '@/lib/services/deletion';
import { parseDeletionRequest } from '@/lib/services/deletion/request';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// A workspace admin's deletion: what the workspace contributed about the identifiers and its own
// sessions (docs/api/operations.md); irreversible, audited, answered with counts.
const postHandler = consoleRoute(
  { endpoint: 'console.deletions.create', role: 'admin' },
  async ({ json, workspace, userId, requestId }) => {
    const parsed = parseDeletionRequest(await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const result = await recordDeletion(db(), {
      workspaceId: workspace.id,
      identifiers: parsed.value,
      actor: userId,
      requestId,
    });
    return Response.json(result, { status: 201 });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ POST: postHandler });
