// Saving a workspace's decision rules: the next version and its audit row in one transaction.
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { workspaceRules, workspaces } from '@/lib/db/schema';
import type { RuleSet, RuleSetVersion } from '@/lib/engine/rules/rule-set';
import { writeAudit } from '../audit';
import type { WorkspaceContext } from '../context';
import { latestRules, rememberRules } from './get-rules';

export type SaveRulesOutcome =
  | { kind: 'saved'; rules: RuleSetVersion; previousVersion: number }
  /** Nothing differs from the rules in force: no version, no audit row. */
  | { kind: 'unchanged'; rules: RuleSetVersion }
  /** Someone saved since expectedVersion: reload and decide again. */
  | { kind: 'conflict'; current: RuleSetVersion | null };

const sameRules = (a: RuleSet, b: RuleSet): boolean =>
  JSON.stringify([a.rules, a.defaultOutcome, a.defaultReasonCode]) ===
  JSON.stringify([b.rules, b.defaultOutcome, b.defaultReasonCode]);

/**
 * Appends the next version (1 for a first save), audited as `rules.update` with every rule's id,
 * name, outcome and reason code. The workspace row is locked so two saves cannot race.
 */
export async function saveRules(
  db: Database,
  ctx: WorkspaceContext,
  proposed: RuleSet,
  /** The version the editor started from (0: none); a save on top of a newer one is refused. */
  expectedVersion: number,
): Promise<SaveRulesOutcome> {
  const outcome = await db.transaction(async (tx): Promise<SaveRulesOutcome> => {
    await tx
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.id, ctx.workspaceId))
      .for('update');
    const current = await latestRules(tx, ctx.workspaceId);
    const currentVersion = current?.version ?? 0;
    if (expectedVersion !== currentVersion) return { kind: 'conflict', current };
    if (current && sameRules(current, proposed)) return { kind: 'unchanged', rules: current };
    const rules: RuleSetVersion = { version: currentVersion + 1, ...proposed };
    await tx.insert(workspaceRules).values({
      workspaceId: ctx.workspaceId,
      version: rules.version,
      rules: rules.rules,
      defaultOutcome: rules.defaultOutcome,
      defaultReasonCode: rules.defaultReasonCode,
      createdBy: ctx.actor,
    });
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'rules.update',
      targetId: String(rules.version),
      metadata: {
        version: rules.version,
        previousVersion: currentVersion,
        rules: rules.rules.map(({ id, name, outcome: decision, reasonCode }) => ({
          id,
          name,
          decision,
          reasonCode,
        })),
        default: { decision: rules.defaultOutcome, reasonCode: rules.defaultReasonCode },
      },
    });
    return { kind: 'saved', rules, previousVersion: currentVersion };
  });
  if (outcome.kind === 'saved') rememberRules(ctx.workspaceId, outcome.rules);
  return outcome;
}
