import { db } from '@/lib/db/client';
import { parsePatternSummaryRequest } from '@/lib/engine/pattern-request';
import { inputProblem } from '@/lib/http/api-route';
import { consoleRoute } from '@/lib/http/console-route';
import { patternSummary } from '@/lib/services/patterns';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = consoleRoute({ endpoint: 'console.signals.patterns' }, async ({ json, workspace }) => {
  const parsed = parsePatternSummaryRequest(await json());
  if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
  const body = await patternSummary(db(), workspace.id, parsed.value.email);
  return body ? Response.json(body) : new Response(null, { status: 204 });
});
