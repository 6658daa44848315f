import { bulkClaimRequestSchema } from '@/lib/contract/console/decisions';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { routeMethods } from '@/lib/http/route-methods';
import { claimSessions } from '@/lib/services/decisions/queue';
import { parseWith } from '@/lib/services/parse-with';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// Bulk claim: the named sessions nobody holds become mine (one transaction, audited per session);
// the answer says per session whether it was claimed, already mine, someone else's or not found
// (another workspace's session reads as not found).
const postHandler = consoleRoute({ endpoint: 'console.review_queue.claims' }, async ({ json, ctx }) => {
  const parsed = parseWith(bulkClaimRequestSchema, await json());
  if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
  return Response.json({ results: await claimSessions(db(), ctx, parsed.value.sessionIds) });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ POST: postHandler });
