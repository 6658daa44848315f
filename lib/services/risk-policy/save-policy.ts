// Saving a workspace's risk policy: a new version, and its audit row, in one transaction.
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { riskPolicies, workspaces } from '@/lib/db/schema';
import { overrideEntries, type RiskOverrides, type RiskPolicy } from '@/lib/engine/risk-policy/overrides';
import { writeAudit } from '../audit';
import { latestPolicy } from './get-policy';
import { rememberPolicy } from './policy-cache';

export interface SavePolicyInput {
  workspaceId: string;
  /** Already parsed by riskOverridesSchema (catalog-checked, defaults dropped). */
  overrides: RiskOverrides;
  actor: string;
  /** The console call's X-Request-Id, for the audit row. */
  requestId?: string;
  /** The version the editor started from; a save on top of a newer one is refused. */
  expectedVersion?: number;
}

export type SavePolicyOutcome =
  | { kind: 'saved'; policy: RiskPolicy; previousVersion: number }
  /** Nothing differs from the policy in force: no version, no audit row. */
  | { kind: 'unchanged'; policy: RiskPolicy }
  /** Someone saved since expectedVersion: reload and decide again. */
  | { kind: 'conflict'; current: RiskPolicy };

const sameOverrides = (a: RiskOverrides, b: RiskOverrides): boolean =>
  JSON.stringify(overrideEntries(a)) === JSON.stringify(overrideEntries(b));

/**
 * Appends the next version of the workspace's policy, audited as `risk_policy.update` with what
 * changed. The workspace row is locked so two saves cannot race to the same version.
 */
export async function savePolicy(db: Database, input: SavePolicyInput): Promise<SavePolicyOutcome> {
  const outcome = await db.transaction(async (tx): Promise<SavePolicyOutcome> => {
    await tx
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.id, input.workspaceId))
      .for('update');
    const current = await latestPolicy(tx, input.workspaceId);
    if (input.expectedVersion !== undefined && input.expectedVersion !== current.version) {
      return { kind: 'conflict', current };
    }
    if (sameOverrides(current.overrides, input.overrides)) return { kind: 'unchanged', policy: current };
    const policy: RiskPolicy = { version: current.version + 1, overrides: input.overrides };
    await tx.insert(riskPolicies).values({
      workspaceId: input.workspaceId,
      version: policy.version,
      overrides: policy.overrides,
      createdBy: input.actor,
    });
    await writeAudit(tx, {
      workspaceId: input.workspaceId,
      actor: input.actor,
      requestId: input.requestId,
      action: 'risk_policy.update',
      targetId: String(policy.version),
      metadata: {
        version: policy.version,
        previousVersion: current.version,
        overrides: overrideEntries(policy.overrides).map(({ checkId, state, risk }) => ({
          checkId,
          state,
          risk,
        })),
      },
    });
    return { kind: 'saved', policy, previousVersion: current.version };
  });
  if (outcome.kind === 'saved') rememberPolicy(input.workspaceId, outcome.policy);
  return outcome;
}
