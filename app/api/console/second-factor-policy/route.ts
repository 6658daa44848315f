import { secondFactorPolicyRequestSchema } from '@/lib/contract/schemas/second-factor-policy';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { parseWith } from '@/lib/services/parse-with';
import { getSecondFactorPolicy, setSecondFactorPolicy } from '@/lib/services/second-factor-policy';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const gone = () => new ProblemError(401, 'UNAUTHORIZED', 'This workspace no longer exists; sign in again.');

// Whether every member must use two-step sign-in (admins only), and how many do already.
const getHandler = consoleRoute(
  { endpoint: 'console.second_factor_policy.get', role: 'admin' },
  async ({ workspace }) => {
    const state = await getSecondFactorPolicy(db(), workspace.id);
    if (!state) throw gone();
    return Response.json(state);
  },
);

const putHandler = consoleRoute(
  { endpoint: 'console.second_factor_policy.save', role: 'admin' },
  async ({ json, workspace, userId, requestId }) => {
    const parsed = parseWith(secondFactorPolicyRequestSchema, await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const result = await setSecondFactorPolicy(db(), {
      workspaceId: workspace.id,
      requireSecondFactor: parsed.value.requireSecondFactor,
      actor: userId,
      requestId,
    });
    if (!result.ok && result.reason === 'actor_without_second_factor') {
      // 409 under the field at fault (the problem catalog has no console-only CONFLICT code).
      const message =
        'requireSecondFactor: set up two-step sign-in for yourself first (account page), so requiring it does not lock you out';
      throw new ProblemError(409, 'INVALID_INPUT', message, [
        { path: 'requireSecondFactor', message, code: 'INVALID_INPUT' },
      ]);
    }
    if (!result.ok) throw gone();
    return Response.json(result.value);
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler, PUT: putHandler });
