// Reads a workspace's decision rules: the version in force (cached briefly, Verify reads it on
// every call) and the history of saved versions.
import { desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '@/lib/db/client';
import { users, workspaceRules } from '@/lib/db/schema';
import type { RuleSetVersion } from '@/lib/engine/rules/rule-set';
import { TtlCache } from '@/lib/services/dns/ttl-cache';
import type { WorkspaceContext } from '../context';
import { forgetOnNotify } from '../forget-on-notify';

/** A save in this process replaces the entry at once; the CLI's or another process's within this. */
export const RULES_CACHE_MS = 5_000;
const cache = new TtlCache<{ rules: RuleSetVersion | null }>(10_000);

export function rememberRules(workspaceId: string, rules: RuleSetVersion | null): void {
  cache.set(workspaceId, { rules }, RULES_CACHE_MS);
}

/** Every process forgets a workspace's rules at the commit of a save anywhere (drizzle/0038). */
export const RULES_CHANNEL = 'verity_rules_changes';
const listen = forgetOnNotify(RULES_CHANNEL, cache);

/** The latest saved rules, read from the database; null when the workspace never saved any. */
export async function latestRules(db: Executor, workspaceId: string): Promise<RuleSetVersion | null> {
  const [row] = await db
    .select({
      version: workspaceRules.version,
      rules: workspaceRules.rules,
      defaultOutcome: workspaceRules.defaultOutcome,
      defaultReasonCode: workspaceRules.defaultReasonCode,
    })
    .from(workspaceRules)
    .where(eq(workspaceRules.workspaceId, workspaceId))
    .orderBy(desc(workspaceRules.version))
    .limit(1);
  return row ?? null;
}

/** The rules in force for Verify, cached for a few seconds per workspace (forgotten at a save). */
export async function getRules(db: Database, workspaceId: string): Promise<RuleSetVersion | null> {
  listen(db);
  const cached = cache.get(workspaceId);
  if (cached) return cached.rules;
  const rules = await latestRules(db, workspaceId);
  rememberRules(workspaceId, rules);
  return rules;
}

export interface RulesVersionRecord extends RuleSetVersion {
  /** `cli` or a console user id. */
  createdBy: string;
  createdByEmail: string | null;
  createdAt: string;
}

/** Every saved version, newest first. */
export async function rulesHistory(db: Executor, ctx: WorkspaceContext): Promise<RulesVersionRecord[]> {
  const rows = await db
    .select({ row: workspaceRules, email: users.email })
    .from(workspaceRules)
    .leftJoin(users, eq(users.id, workspaceRules.createdBy))
    .where(eq(workspaceRules.workspaceId, ctx.workspaceId))
    .orderBy(desc(workspaceRules.version));
  return rows.map(({ row, email }) => ({
    version: row.version,
    rules: row.rules,
    defaultOutcome: row.defaultOutcome,
    defaultReasonCode: row.defaultReasonCode,
    createdBy: row.createdBy,
    createdByEmail: email,
    createdAt: row.createdAt.toISOString(),
  }));
}
