import { db } from '@/lib/db/client';
import { parseSignalsRequest } from '@/lib/engine/request';
import { apiRoute, inputProblem } from '@/lib/http/api-route';
import { signals } from '@/lib/services/signals';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = apiRoute({ scope: 'signals', endpoint: 'signals' }, async ({ json, auth }) => {
  const parsed = parseSignalsRequest(await json());
  if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
  const outcome = await signals(db(), auth.workspaceId, parsed.value);
  if (outcome.kind === 'no_content') return new Response(null, { status: 204 });
  return Response.json(outcome.body, { status: 200 });
});
