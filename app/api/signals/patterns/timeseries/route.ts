import { db } from '@/lib/db/client';
import { parsePatternTimeseriesRequest } from '@/lib/engine/pattern-request';
import { apiRoute, inputProblem } from '@/lib/http/api-route';
import { patternTimeseries } from '@/lib/services/patterns';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = apiRoute({ scope: 'signals', endpoint: 'signals.patterns' }, async ({ json, auth }) => {
  const parsed = parsePatternTimeseriesRequest(await json());
  if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
  const body = await patternTimeseries(db(), auth.workspaceId, parsed.value.email, parsed.value.interval);
  return body ? Response.json(body) : new Response(null, { status: 204 });
});
