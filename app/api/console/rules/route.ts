import { saveRulesRequestSchema } from '@/lib/contract/console/rules';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { parseWith } from '@/lib/services/parse-with';
import { latestRules, rulesHistory } from '@/lib/services/rules/get-rules';
import { saveRules } from '@/lib/services/rules/save-rules';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The workspace's decision rules in force (null: none) and every saved version (admins only).
const getHandler = consoleRoute({ endpoint: 'console.rules.get', role: 'admin' }, async ({ ctx }) => {
  const [current, history] = await Promise.all([latestRules(db(), ctx.workspaceId), rulesHistory(db(), ctx)]);
  return Response.json({ current, history });
});

// Saves the next version; 409 when someone saved since the editor loaded.
const putHandler = consoleRoute({ endpoint: 'console.rules.save', role: 'admin' }, async ({ json, ctx }) => {
  const parsed = parseWith(saveRulesRequestSchema, await json());
  if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
  const outcome = await saveRules(db(), ctx, parsed.value.ruleSet, parsed.value.expectedVersion);
  if (outcome.kind === 'conflict') {
    const message = `expectedVersion: the rules are now at version ${outcome.current?.version ?? 0}; reload them and apply your changes again`;
    throw new ProblemError(409, 'INVALID_INPUT', message, [
      { path: 'expectedVersion', message, code: 'INVALID_INPUT' },
    ]);
  }
  return Response.json({ current: outcome.rules, changed: outcome.kind === 'saved' });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler, PUT: putHandler });
