// Server-side only (the request parser hashes emails with node:crypto, which browsers lack):
// each row body through the same parser POST /api/console/verify uses.
import { parseVerifyRequest } from '@/lib/engine/request';
import type { RowIssue } from './types';

/** Per body: null when Verify would accept it, else every rule it breaks. */
export function validateRowBodies(bodies: readonly unknown[]): (RowIssue[] | null)[] {
  return bodies.map((body) => {
    const parsed = parseVerifyRequest(body);
    return parsed.ok ? null : parsed.errors.map(({ path, message }) => ({ path, message }));
  });
}
