// Saving a workspace's risk policy: a new version, and its audit row, in one transaction.
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { riskPolicies, workspaces } from '@/lib/db/schema';
import { overrideEntries, type RiskOverrides, type RiskPolicy } from '@/lib/engine/risk-policy/overrides';
import { type RiskWeights, weightEntries } from '@/lib/engine/risk-policy/weights';
import { writeAudit } from '../audit';
import { latestPolicy } from './get-policy';
import { rememberPolicy } from './policy-cache';

export interface SavePolicyInput {
  workspaceId: string;
  /** Already parsed by riskOverridesSchema (catalog-checked, defaults dropped). */
  overrides: RiskOverrides;
  /** Already parsed by riskWeightsSchema; undefined keeps the weights of the policy in force. */
  weights?: RiskWeights;
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

const samePolicy = (a: RiskPolicy, b: Omit<RiskPolicy, 'version'>): boolean =>
  JSON.stringify(overrideEntries(a.overrides)) === JSON.stringify(overrideEntries(b.overrides)) &&
  JSON.stringify(weightEntries(a.weights)) === JSON.stringify(weightEntries(b.weights));

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
    const next = { overrides: input.overrides, weights: input.weights ?? current.weights };
    if (samePolicy(current, next)) return { kind: 'unchanged', policy: current };
    const policy: RiskPolicy = { version: current.version + 1, ...next };
    await tx.insert(riskPolicies).values({
      workspaceId: input.workspaceId,
      version: policy.version,
      overrides: policy.overrides,
      weights: policy.weights,
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
        // Only when this version or the one it replaces has weights: levels-only rows read as before.
        ...(weightEntries(policy.weights).length > 0 || weightEntries(current.weights).length > 0
          ? {
              weights: weightEntries(policy.weights).map(({ checkId, state, weight }) => ({
                checkId,
                state,
                weight,
              })),
            }
          : {}),
      },
    });
    return { kind: 'saved', policy, previousVersion: current.version };
  });
  if (outcome.kind === 'saved') rememberPolicy(input.workspaceId, outcome.policy);
  return outcome;
}
