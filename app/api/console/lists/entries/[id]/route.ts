import { serverSecret } from '@/lib/config/secret';
import { LIST_ENTRY_ID, updateListEntryRequestSchema } from '@/lib/contract/console/workspace-lists';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { parseWith } from '@/lib/services/parse-with';
import { removeListEntry, updateListEntry } from '@/lib/services/workspace-lists';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const notFound = () => new ProblemError(404, 'NOT_FOUND', 'No list entry with this id in this workspace.');

// Changes an entry's reason or expiry (audited); another workspace's answers as a missing one.
const patchHandler = consoleRoute<{ id: string }>(
  { endpoint: 'console.list_entries.update' },
  async ({ json, ctx }, { id }) => {
    const parsed = parseWith(updateListEntryRequestSchema, await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    if (!LIST_ENTRY_ID.test(id)) throw notFound();
    const result = await updateListEntry(db(), serverSecret(), ctx, id, parsed.value);
    if (result.ok) return Response.json(result.entry);
    if (result.reason === 'not_found') throw notFound();
    throw inputProblem('INVALID_INPUT', [
      { path: result.field, message: `${result.field}: ${result.message}`, code: 'INVALID_INPUT' },
    ]);
  },
);

// Removes one entry of the workspace's lists (audited); another workspace's answers as a missing one.
const deleteHandler = consoleRoute<{ id: string }>(
  { endpoint: 'console.list_entries.remove' },
  async ({ ctx }, { id }) => {
    if (!LIST_ENTRY_ID.test(id) || !(await removeListEntry(db(), ctx, id))) throw notFound();
    return new Response(null, { status: 204 });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods<Request, { id: string }>({
  PATCH: patchHandler,
  DELETE: deleteHandler,
});
