import { LIST_ENTRY_ID } from '@/lib/contract/console/workspace-lists';
import { db } from '@/lib/db/client';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { removeListEntry } from '@/lib/services/workspace-lists';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// Removes one entry of the workspace's lists (audited); another workspace's answers as a missing one.
const deleteHandler = consoleRoute<{ id: string }>(
  { endpoint: 'console.list_entries.remove' },
  async ({ ctx }, { id }) => {
    if (!LIST_ENTRY_ID.test(id) || !(await removeListEntry(db(), ctx, id)))
      throw new ProblemError(404, 'NOT_FOUND', 'No list entry with this id in this workspace.');
    return new Response(null, { status: 204 });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods<Request, { id: string }>({
  DELETE: deleteHandler,
});
