import { db } from '@/lib/db/client';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { resetMemberPassword } from '@/lib/services/passwords';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Params = { userId: string };

/** 409 under `userId` (the problem catalog has no console-only CONFLICT code). */
const conflict = (message: string) =>
  new ProblemError(409, 'INVALID_INPUT', `userId: ${message}`, [
    { path: 'userId', message, code: 'INVALID_INPUT' },
  ]);

const REFUSALS = {
  not_found: () => new ProblemError(404, 'NOT_FOUND', 'No member with this id in this workspace.'),
  yourself: () => conflict('change your own password at /account/password; a reset is for others'),
  other_workspaces: () =>
    conflict(
      'this member also belongs to a workspace you do not administer: the operator resets them (users reset-password)',
    ),
} as const;

// An admin resets a member's password: a one-time password, shown once, replaced at next sign-in.
const postHandler = consoleRoute<Params>(
  { endpoint: 'console.members.reset_password', role: 'admin' },
  async ({ workspace, userId: actor, requestId }, { userId }) => {
    const result = await resetMemberPassword(
      db(),
      { workspaceId: workspace.id, actor, requestId },
      { userId },
    );
    if (!result.ok) throw REFUSALS[result.reason]();
    const { password, expiresAt, email } = result.value;
    return Response.json(
      { userId, email, password, expiresAt: expiresAt.toISOString(), mustChangePassword: true },
      { status: 201 },
    );
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods<Request, Params>({
  POST: postHandler,
});
