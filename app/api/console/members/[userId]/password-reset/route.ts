import { db } from '@/lib/db/client';
import { consoleRoute } from '@/lib/http/console-route';
import { memberRefusal } from '@/lib/http/member-refusals';
import { routeMethods } from '@/lib/http/route-methods';
import { resetMemberPassword } from '@/lib/services/passwords';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Params = { userId: string };

// An admin resets a member's password: a one-time password, shown once, replaced at next sign-in.
const postHandler = consoleRoute<Params>(
  { endpoint: 'console.members.reset_password', role: 'admin' },
  async ({ workspace, userId: actor, requestId }, { userId }) => {
    const result = await resetMemberPassword(
      db(),
      { workspaceId: workspace.id, actor, requestId },
      { userId },
    );
    if (!result.ok)
      throw memberRefusal(result.reason, {
        yourself: 'change your own password at /account/password; a reset is for others',
        operator: 'users reset-password',
      });
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
