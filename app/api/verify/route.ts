import { db } from '@/lib/db/client';
import { parseVerifyRequest } from '@/lib/engine/request';
import { apiRoute, inputProblem } from '@/lib/http/api-route';
import { verifyResponse } from '@/lib/http/verify-response';
import { verify } from '@/lib/services/verify';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = apiRoute({ scope: 'verify', endpoint: 'verify' }, async ({ json, auth, requestId }) => {
  const parsed = parseVerifyRequest(await json());
  if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
  return verifyResponse(await verify(db(), auth, parsed.value, requestId));
});
