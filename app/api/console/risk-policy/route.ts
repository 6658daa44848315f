import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { latestPolicy, policyHistory } from '@/lib/services/risk-policy/get-policy';
import { parseSavePolicyRequest } from '@/lib/services/risk-policy/policy-requests';
import { savePolicy } from '@/lib/services/risk-policy/save-policy';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The workspace's risk policy in force and every saved version (admins only).
const getHandler = consoleRoute({ endpoint: 'console.risk_policy.get', role: 'admin' }, async ({ ctx }) => {
  const [policy, history] = await Promise.all([
    latestPolicy(db(), ctx.workspaceId),
    policyHistory(db(), ctx),
  ]);
  return Response.json({
    version: policy.version,
    overrides: policy.overrides,
    weights: policy.weights,
    history,
  });
});

// Saves the next version; refused with 409 when someone saved since the editor loaded.
const putHandler = consoleRoute(
  { endpoint: 'console.risk_policy.save', role: 'admin' },
  async ({ json, workspace, userId, requestId }) => {
    const parsed = parseSavePolicyRequest(await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const outcome = await savePolicy(db(), {
      workspaceId: workspace.id,
      overrides: parsed.value.overrides,
      weights: parsed.value.weights,
      expectedVersion: parsed.value.expectedVersion,
      actor: userId,
      requestId,
    });
    if (outcome.kind === 'conflict') {
      // 409, under the field that is stale (the problem catalog has no console-only CONFLICT code).
      const message = `expectedVersion: the policy is now at version ${outcome.current.version}; reload it and apply your changes again`;
      throw new ProblemError(409, 'INVALID_INPUT', message, [
        { path: 'expectedVersion', message, code: 'INVALID_INPUT' },
      ]);
    }
    const { version, overrides, weights } = outcome.policy;
    return Response.json({ version, overrides, weights, changed: outcome.kind === 'saved' });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler, PUT: putHandler });
