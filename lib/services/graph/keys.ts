import { serverSecret } from '@/lib/config/secret';
import { keyedHash } from '@/lib/crypto/seal';
import { type IdentifierKey, identifierKeys } from '@/lib/engine/graph/identifier-keys';
import type { NormalizedRequest } from '@/lib/engine/types';

/** Keys already computed for a request object (Verify asks for one request's keys three times). */
const computed = new WeakMap<NormalizedRequest, IdentifierKey[]>();

/**
 * The graph keys of a request, with SSNs keyed by this server's secret. Requests are not changed
 * once parsed, so the keys of one request object are hashed once (emails three ways, SSN keyed).
 */
export function graphKeys(input: NormalizedRequest): IdentifierKey[] {
  const known = computed.get(input);
  if (known) return known;
  const secret = serverSecret();
  // Frozen: a caller that sorted or pushed in place would change every later caller's keys.
  const keys = Object.freeze(identifierKeys(input, (digits) => keyedHash(secret, digits))) as IdentifierKey[];
  computed.set(input, keys);
  return keys;
}
