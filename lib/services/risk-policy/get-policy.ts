// Reads a workspace's risk policies: the one in force (cached briefly) and the version history.
import { desc, eq } from 'drizzle-orm';
import type { PolicyVersion } from '@/lib/contract/console/risk-policy';
import type { Executor } from '@/lib/db/client';
import { riskPolicies, users } from '@/lib/db/schema';
import { DEFAULT_POLICY, type RiskPolicy } from '@/lib/engine/risk-policy/overrides';
import type { WorkspaceContext } from '../context';
import { cachedPolicy, rememberPolicy } from './policy-cache';

/** The latest saved policy, read from the database (no cache): version 0 when none was saved. */
export async function latestPolicy(db: Executor, workspaceId: string): Promise<RiskPolicy> {
  const [row] = await db
    .select({
      version: riskPolicies.version,
      overrides: riskPolicies.overrides,
      weights: riskPolicies.weights,
    })
    .from(riskPolicies)
    .where(eq(riskPolicies.workspaceId, workspaceId))
    .orderBy(desc(riskPolicies.version))
    .limit(1);
  return row ?? DEFAULT_POLICY;
}

/** The policy in force for Verify, cached for a few seconds per workspace. */
export async function getPolicy(db: Executor, workspaceId: string): Promise<RiskPolicy> {
  const cached = cachedPolicy(workspaceId);
  if (cached) return cached;
  const policy = await latestPolicy(db, workspaceId);
  rememberPolicy(workspaceId, policy);
  return policy;
}

/** Every saved version, newest first (a workspace saves a handful; the console shows them all). */
export async function policyHistory(db: Executor, ctx: WorkspaceContext): Promise<PolicyVersion[]> {
  const { workspaceId } = ctx;
  const rows = await db
    .select({ policy: riskPolicies, email: users.email })
    .from(riskPolicies)
    .leftJoin(users, eq(users.id, riskPolicies.createdBy))
    .where(eq(riskPolicies.workspaceId, workspaceId))
    .orderBy(desc(riskPolicies.version));
  return rows.map(({ policy, email }) => ({
    version: policy.version,
    overrides: policy.overrides,
    weights: policy.weights,
    createdBy: policy.createdBy,
    createdByEmail: email,
    createdAt: policy.createdAt.toISOString(),
  }));
}
