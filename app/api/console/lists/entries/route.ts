import { serverSecret } from '@/lib/config/secret';
import { addListEntriesRequestSchema, listEntriesQuerySchema } from '@/lib/contract/console/workspace-lists';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { parseWith } from '@/lib/services/parse-with';
import { addListEntries, listEntries } from '@/lib/services/workspace-lists';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The workspace's block and allow lists: every member reads them and adds to them (audited).
const getHandler = consoleRoute({ endpoint: 'console.list_entries.list' }, async ({ request, workspace }) => {
  const parsed = parseWith(listEntriesQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
  return Response.json(await listEntries(db(), serverSecret(), workspace.id, parsed.value));
});

// Adds entries: the valid ones are stored and the others named by `entries.N.field`; when none
// is valid the answer is a 400 naming each, and nothing is written.
const postHandler = consoleRoute({ endpoint: 'console.list_entries.add' }, async ({ json, ctx }) => {
  const parsed = parseWith(addListEntriesRequestSchema, await json());
  if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
  const result = await addListEntries(db(), serverSecret(), ctx, {
    entries: parsed.value.entries,
    author: ctx.actor,
  });
  const rejected = result.rejected.map((rejection) => ({
    path: `entries.${rejection.index}.${rejection.field}`,
    message: `entries.${rejection.index}.${rejection.field}: ${rejection.message}`,
    code: 'INVALID_INPUT' as const,
  }));
  if (result.saved.length === 0) throw inputProblem('INVALID_INPUT', rejected);
  return Response.json({ saved: result.saved, rejected }, { status: 201 });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  GET: getHandler,
  POST: postHandler,
});
