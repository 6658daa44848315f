// One level changed on top of the policy in force (the CLI's set and reset).

import { eq } from 'drizzle-orm';
import type { Database, Executor } from '@/lib/db/client';
import { workspaces } from '@/lib/db/schema';
import { parseRiskOverrides, type RiskOverrides, stateDefault } from '@/lib/engine/risk-policy/overrides';
import type { FieldError, RiskLevel } from '@/lib/engine/types';
import { latestPolicy } from './get-policy';
import { type SavePolicyOutcome, savePolicy } from './save-policy';

export async function workspaceIdByName(db: Executor, name: string): Promise<string | null> {
  const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.name, name));
  return row?.id ?? null;
}

export interface LevelChange {
  workspaceId: string;
  checkId: string;
  state: string;
  /** null: back to the catalog's default. */
  risk: RiskLevel | null;
  actor: string;
}

export type LevelChangeOutcome = SavePolicyOutcome | { kind: 'invalid'; errors: FieldError[] };

export async function changeLevel(db: Database, change: LevelChange): Promise<LevelChangeOutcome> {
  if (stateDefault(change.checkId, change.state) === undefined) {
    const path = `${change.checkId}.${change.state}`;
    return {
      kind: 'invalid',
      errors: [{ path, message: `${path}: no such check and state`, code: 'INVALID_INPUT' }],
    };
  }
  const current = await latestPolicy(db, change.workspaceId);
  const states = { ...current.overrides[change.checkId] };
  if (change.risk === null) delete states[change.state];
  const next: Record<string, Record<string, unknown>> = {
    ...current.overrides,
    [change.checkId]: change.risk === null ? states : { ...states, [change.state]: change.risk },
  };
  const parsed = parseRiskOverrides(next);
  if (!parsed.ok) return { kind: 'invalid', errors: parsed.errors };
  const overrides: RiskOverrides = parsed.value;
  return savePolicy(db, {
    workspaceId: change.workspaceId,
    overrides,
    actor: change.actor,
    expectedVersion: current.version,
  });
}
