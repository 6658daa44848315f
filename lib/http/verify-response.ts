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
    case 'data_deleted':
      throw new ProblemError(
        410,
        'DATA_DELETED',
        `The person behind ${deletedPhrase(outcome.kinds)} of this request asked for their data to be deleted; ` +
          'nothing of this request was stored.',
      );
  }
}

const KIND_WORDS: Record<string, string> = {
  email: 'an email',
  phone: 'a phone',
  ssn: 'an SSN',
  profile: 'a profile',
};

/** "an email", "an email and a phone": which kinds, never which values. */
function deletedPhrase(kinds: string[]): string {
  const words = kinds.map((kind) => KIND_WORDS[kind] ?? 'an identifier');
  return words.length > 1
    ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
    : (words[0] ?? 'an identifier');
}
