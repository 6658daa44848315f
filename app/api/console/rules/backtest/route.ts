import { backtestRulesRequestSchema } from '@/lib/contract/console/rules';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { parseWith } from '@/lib/services/parse-with';
import { backtestRuleSet } from '@/lib/services/rules/backtest-rules';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// How the workspace's recent sessions would be decided under proposed rules; saves nothing.
const postHandler = consoleRoute(
  { endpoint: 'console.rules.backtest', role: 'admin' },
  async ({ json, ctx }) => {
    const parsed = parseWith(backtestRulesRequestSchema, await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    return Response.json(await backtestRuleSet(db(), ctx, parsed.value.ruleSet, parsed.value.days));
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ POST: postHandler });
