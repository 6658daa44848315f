import { db } from '@/lib/db/client';
import { parseVerifyRequest } from '@/lib/engine/request';
import { apiRoute, inputProblem } from '@/lib/http/api-route';
import { ProblemError } from '@/lib/http/problem';
import { verify } from '@/lib/services/verify';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = apiRoute({ scope: 'verify', endpoint: 'verify' }, async ({ json, auth, requestId }) => {
  const parsed = parseVerifyRequest(await json());
  if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
  const outcome = await verify(db(), auth, parsed.value, requestId);
  switch (outcome.kind) {
    case 'ok':
      return Response.json(outcome.body, { status: outcome.created ? 201 : 200 });
    case 'unknown_session':
      throw new ProblemError(
        404,
        'UNKNOWN_SESSION',
        'No session with this sessionId exists in this workspace.',
      );
    case 'quota_exceeded':
      throw new ProblemError(
        429,
        'QUOTA_EXCEEDED',
        `The trial quota of ${outcome.quota} Verify calls for this workspace is used up.`,
      );
  }
});
