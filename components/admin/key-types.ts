import type { KeySummary } from '@/lib/contract/console/keys';
import type { Scope } from '@/lib/contract/scopes';

export type { KeySummary };

/** A key's secret as the console API returns it once, after creation or rotation. */
export interface IssuedSecret {
  id: string;
  key: string;
  scopes: Scope[];
  /** Set after a rotation: the key it replaces and when that one stops working. */
  previousKeyId?: string;
  previousExpiresAt?: string;
}

export const KEYS_QUERY = ['console', 'keys'] as const;

export const SCOPE_HELP: Record<Scope, string> = {
  verify: 'POST /api/verify',
  signals: 'POST /api/signals and pattern summaries',
  ingest: 'POST /api/events and /api/records',
  lists: 'the block and allow lists under /api/lists/entries',
};
