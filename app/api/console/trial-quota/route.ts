import { trialQuotaRequestSchema } from '@/lib/contract/console/trial-quota';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { ProblemError } from '@/lib/http/problem';
import { routeMethods } from '@/lib/http/route-methods';
import { parseWith } from '@/lib/services/parse-with';
import { getTrialQuota, setTrialQuota } from '@/lib/services/trial-quota';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const gone = () => new ProblemError(401, 'UNAUTHORIZED', 'This workspace no longer exists; sign in again.');

// The workspace's Verify trial quota (admins only).
const getHandler = consoleRoute({ endpoint: 'console.trial_quota.get', role: 'admin' }, async ({ ctx }) => {
  const current = await getTrialQuota(db(), ctx);
  if (!current) throw gone();
  return Response.json(current);
});

const putHandler = consoleRoute(
  { endpoint: 'console.trial_quota.save', role: 'admin' },
  async ({ json, ctx }) => {
    const parsed = parseWith(trialQuotaRequestSchema, await json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const result = await setTrialQuota(db(), ctx, parsed.value);
    if (!result.ok) throw gone();
    return Response.json(result.value);
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getHandler, PUT: putHandler });
