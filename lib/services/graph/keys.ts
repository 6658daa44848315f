import { serverSecret } from '@/lib/config/secret';
import { keyedHash } from '@/lib/crypto/seal';
import { type IdentifierKey, identifierKeys } from '@/lib/engine/graph/identifier-keys';
import type { NormalizedRequest } from '@/lib/engine/types';

/** The graph keys of a request, with SSNs keyed by this server's secret. */
export function graphKeys(input: NormalizedRequest): IdentifierKey[] {
  const secret = serverSecret();
  return identifierKeys(input, (digits) => keyedHash(secret, digits));
}
