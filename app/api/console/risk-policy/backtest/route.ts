import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { backtest } from '@/lib/services/risk-policy/backtest';
import { parseBacktestRequest } from '@/lib/services/risk-policy/policy-requests';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// How the workspace's recent sessions would move between bands under proposed levels; saves nothing.
const postHandler = consoleRoute(
  { endpoint: 'console.risk_policy.backtest', role: 'admin' },
  async ({ json, ctx }) => {
    const parsed = parseBacktestRequest(await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const { overrides, days, weights } = parsed.value;
    return Response.json(await backtest(db(), ctx, overrides, { days }, weights));
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ POST: postHandler });
