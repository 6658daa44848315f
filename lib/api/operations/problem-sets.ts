// Problem codes several operations share, beyond the key and server failures of every keyed one.
import type { ProblemCode } from '@/lib/contract/problem-codes';

/** Reading a JSON body: not JSON, breaking a field rule, too large, not application/json. */
export const BODY_ERRORS: readonly ProblemCode[] = [
  'MALFORMED_JSON',
  'INVALID_INPUT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
];

/** The MultiFieldReq rules of Verify and Signals. */
export const INPUT_RULES: readonly ProblemCode[] = [
  'NO_MINIMUM_IDENTIFIER',
  'TOO_MANY_EMAILS',
  'MULTIPLE_SSNS',
  'MIXED_EMAIL_FORMS',
];
