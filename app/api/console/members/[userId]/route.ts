import { changeRoleRequestSchema } from '@/lib/contract/console/members';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { changeMemberRole, removeMember } from '@/lib/services/members/change-member';
import { parseWith } from '@/lib/services/parse-with';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Params = { userId: string };

const notFound = () => new ProblemError(404, 'NOT_FOUND', 'No member with this id in this workspace.');

/** 409 under `role`: the workspace must keep an admin to manage it. */
const lastAdmin = (what: string) => {
  const message = `role: this is the workspace's last admin and cannot be ${what}; make another member admin first`;
  return new ProblemError(409, 'INVALID_INPUT', message, [{ path: 'role', message, code: 'INVALID_INPUT' }]);
};

// Change a member's role (admins only).
const patchHandler = consoleRoute<Params>(
  { endpoint: 'console.members.change_role', role: 'admin' },
  async ({ json, workspace, userId: actor, requestId }, { userId }) => {
    const parsed = parseWith(changeRoleRequestSchema, await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const result = await changeMemberRole(
      db(),
      { workspaceId: workspace.id, actor, requestId },
      { userId, role: parsed.value.role },
    );
    if (result.ok) return Response.json(result.value);
    throw result.reason === 'not_found' ? notFound() : lastAdmin('demoted');
  },
);

// Remove a member from the workspace (admins only); their next console call is refused.
const deleteHandler = consoleRoute<Params>(
  { endpoint: 'console.members.remove', role: 'admin' },
  async ({ workspace, userId: actor, requestId }, { userId }) => {
    const result = await removeMember(db(), { workspaceId: workspace.id, actor, requestId }, { userId });
    if (result.ok) return Response.json(result.value);
    throw result.reason === 'not_found' ? notFound() : lastAdmin('removed');
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods<Request, Params>({
  PATCH: patchHandler,
  DELETE: deleteHandler,
});
