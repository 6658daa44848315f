// The HTTP answer of a Verify outcome, shared by the key-authenticated and the console route.
import type { VerifyOutcome } from '@/lib/services/verify';
import { ProblemError } from './problem';

export function verifyResponse(outcome: VerifyOutcome): Response {
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
}
