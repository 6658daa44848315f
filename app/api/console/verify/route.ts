import { db } from '@/lib/db/client';
import { parseVerifyRequest } from '@/lib/engine/request';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { verifyResponse } from '@/lib/http/verify-response';
import { verify } from '@/lib/services/verify';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The console's Verify: same parser and service as POST /api/verify, for the session's workspace
// (its trial quota applies, as to its keys).
export const POST = consoleRoute({ endpoint: 'console.verify' }, async ({ json, workspace, requestId }) => {
  const parsed = parseVerifyRequest(await json());
  if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
  const caller = { workspaceId: workspace.id, trialQuota: workspace.trialQuota };
  return verifyResponse(await verify(db(), caller, parsed.value, requestId));
});
