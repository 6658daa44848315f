// What the Email checks learn from DNS, gathered by lib/services/dns before the checks run.

export type MxAnswer =
  /** At least one MX host (or, per RFC 5321 §5.1, an A/AAAA fallback). */
  | { kind: 'mx'; hosts: string[]; implicit: boolean }
  /** The domain exists and has no MX, A or AAAA records, or has a null MX (RFC 7505). */
  | { kind: 'none'; reason: 'NO_RECORDS' | 'NULL_MX' | 'NXDOMAIN' }
  /** The lookup timed out or the resolver failed: nothing is known. */
  | { kind: 'error'; reason: string };
