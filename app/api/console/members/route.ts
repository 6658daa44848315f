import { addMemberRequestSchema } from '@/lib/contract/console/members';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { addMember } from '@/lib/services/members/add-member';
import { listMembers } from '@/lib/services/members/list-members';
import { parseWith } from '@/lib/services/parse-with';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The workspace's console members (admins only).
const getHandler = consoleRoute({ endpoint: 'console.members.list', role: 'admin' }, async ({ ctx }) =>
  Response.json({ members: await listMembers(db(), ctx) }),
);

const postHandler = consoleRoute(
  { endpoint: 'console.members.add', role: 'admin' },
  async ({ json, ctx }) => {
    const parsed = parseWith(addMemberRequestSchema, await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const result = await addMember(db(), ctx, parsed.value);
    if (!result.ok) {
      // 409 under the field at fault (the problem catalog has no console-only CONFLICT code).
      const message = `email: ${parsed.value.email} is already a member of this workspace, as ${result.role}; change their role in the list instead`;
      throw new ProblemError(409, 'INVALID_INPUT', message, [
        { path: 'email', message, code: 'INVALID_INPUT' },
      ]);
    }
    return Response.json(result.value, { status: 201 });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  GET: getHandler,
  POST: postHandler,
});
