// The policies in force, per workspace, kept briefly in this process: Verify reads one per call.
// A save in this process replaces its entry at once; another process's save (the CLI) is seen
// once the entry expires.

import type { RiskPolicy } from '@/lib/engine/risk-policy/overrides';
import { TtlCache } from '@/lib/services/dns/ttl-cache';

export const POLICY_CACHE_MS = 5_000;

const cache = new TtlCache<RiskPolicy>(10_000);

export const cachedPolicy = (workspaceId: string): RiskPolicy | undefined => cache.get(workspaceId);

export function rememberPolicy(workspaceId: string, policy: RiskPolicy): void {
  cache.set(workspaceId, policy, POLICY_CACHE_MS);
}
