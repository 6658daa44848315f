import { serverSecret } from '@/lib/config/secret';
import { addFromSessionRequestSchema } from '@/lib/contract/console/workspace-lists';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { SESSION_ID_PATTERN } from '@/lib/ids/ids';
import { parseWith } from '@/lib/services/parse-with';
import { addListEntryFromSession, sessionListCandidates } from '@/lib/services/workspace-lists-from-session';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const notFound = () => new ProblemError(404, 'NOT_FOUND', 'No session with this id in this workspace.');

// The session's values a list could hold, masked, with the entries they are on.
const getHandler = consoleRoute<{ id: string }>(
  { endpoint: 'console.sessions.list_candidates' },
  async ({ ctx }, { id }) => {
    const candidates = SESSION_ID_PATTERN.test(id)
      ? await sessionListCandidates(db(), serverSecret(), ctx, id)
      : null;
    if (!candidates) throw notFound();
    return Response.json({ candidates });
  },
);

// Adds one of them to a list by its ref (audited, with the session as its source).
const postHandler = consoleRoute<{ id: string }>(
  { endpoint: 'console.sessions.list_add' },
  async ({ json, ctx }, { id }) => {
    const parsed = parseWith(addFromSessionRequestSchema, await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    if (!SESSION_ID_PATTERN.test(id)) throw notFound();
    const added = await addListEntryFromSession(db(), serverSecret(), ctx, id, parsed.value);
    if (!added.ok && added.reason === 'session_not_found') throw notFound();
    if (!added.ok)
      throw inputProblem('INVALID_INPUT', [
        { path: 'ref', message: "ref: names none of this session's values", code: 'INVALID_INPUT' },
      ]);
    const [entry] = added.result.saved;
    if (!entry) {
      const refusals = added.result.rejected.map((rejection) => ({
        path: rejection.field,
        message: `${rejection.field}: ${rejection.message}`,
        code: 'INVALID_INPUT' as const,
      }));
      throw inputProblem('INVALID_INPUT', refusals);
    }
    return Response.json(entry, { status: 201 });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods<Request, { id: string }>({
  GET: getHandler,
  POST: postHandler,
});
