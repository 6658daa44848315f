import { db } from '@/lib/db/client';
import { consoleRoute } from '@/lib/http/console-route';
import { memberRefusal } from '@/lib/http/member-refusals';
import { routeMethods } from '@/lib/http/route-methods';
import { resetMemberSecondFactor } from '@/lib/services/second-factor';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Params = { userId: string };

// An admin removes a member's second factor (a lost phone and lost recovery codes): they sign in
// with the password alone until they set one up again.
const deleteHandler = consoleRoute<Params>(
  { endpoint: 'console.members.reset_second_factor', role: 'admin' },
  async ({ workspace, userId: actor, requestId }, { userId }) => {
    const result = await resetMemberSecondFactor(
      db(),
      { workspaceId: workspace.id, actor, requestId },
      { userId },
    );
    if (!result.ok)
      throw memberRefusal(result.reason, {
        yourself: 'turn your own second factor off at /account/password; a reset is for others',
        operator: 'users reset-second-factor',
      });
    return Response.json({ userId, email: result.value.email, removed: result.value.removed });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods<Request, Params>({
  DELETE: deleteHandler,
});
