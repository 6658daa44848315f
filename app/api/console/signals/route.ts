import { db } from '@/lib/db/client';
import { parseSignalsRequest } from '@/lib/engine/request';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { signals } from '@/lib/services/signals';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The console's Signals: same parser and service as POST /api/signals, for the session's workspace.
export const POST = consoleRoute({ endpoint: 'console.signals' }, async ({ json, workspace }) => {
  const parsed = parseSignalsRequest(await json());
  if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
  const outcome = await signals(db(), workspace.id, parsed.value);
  if (outcome.kind === 'no_content') return new Response(null, { status: 204 });
  return Response.json(outcome.body, { status: 200 });
});
