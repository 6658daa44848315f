import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { workspaces } from '@/lib/db/schema';
import { writeAudit } from '../audit';
import { forgetCachedKeys } from './key-cache';

/** The console names its workspace by id, the CLI by name (both unique). */
export type WorkspaceRef = { workspaceId: string } | { workspaceName: string };

const where = (ref: WorkspaceRef) =>
  'workspaceId' in ref ? eq(workspaces.id, ref.workspaceId) : eq(workspaces.name, ref.workspaceName);

export interface WorkspaceRateLimit {
  workspaceId: string;
  workspace: string;
  /** Requests per second per key and endpoint, for keys without an override of their own. */
  rateLimitPerSec: number;
}

/** The workspace's default rate; null when there is no such workspace. */
export async function getWorkspaceRateLimit(
  db: Database,
  ref: WorkspaceRef,
): Promise<WorkspaceRateLimit | null> {
  const [row] = await db
    .select({
      workspaceId: workspaces.id,
      workspace: workspaces.name,
      rateLimitPerSec: workspaces.rateLimitPerSec,
    })
    .from(workspaces)
    .where(where(ref));
  return row ?? null;
}

export type SetRateLimitResult =
  | {
      ok: true;
      value: {
        workspaceId: string;
        rateLimitPerSec: number;
        previousRateLimitPerSec: number;
        changed: boolean;
      };
    }
  | { ok: false; reason: 'not_found' };

/**
 * Sets the default rate of a workspace's keys, audited in the same transaction (an unchanged
 * rate writes nothing). A trigger announces it to every process's key cache, and this process
 * forgets its own cached keys once the change commits, so it applies at once.
 */
export async function setWorkspaceRateLimit(
  db: Database,
  input: WorkspaceRef & { rateLimitPerSec: number; actor: string; requestId?: string },
): Promise<SetRateLimitResult> {
  const result = await db.transaction(async (tx): Promise<SetRateLimitResult> => {
    const [current] = await tx
      .select({ id: workspaces.id, rateLimitPerSec: workspaces.rateLimitPerSec })
      .from(workspaces)
      .where(where(input))
      .for('update');
    if (!current) return { ok: false, reason: 'not_found' };
    const [updated] = await tx
      .update(workspaces)
      .set({ rateLimitPerSec: input.rateLimitPerSec })
      .where(eq(workspaces.id, current.id))
      .returning({ rateLimitPerSec: workspaces.rateLimitPerSec });
    // Stored as float4: compare what was stored, so 1/60 set twice is not a change.
    const stored = updated?.rateLimitPerSec ?? input.rateLimitPerSec;
    const changed = stored !== current.rateLimitPerSec;
    if (changed) {
      await writeAudit(tx, {
        workspaceId: current.id,
        actor: input.actor,
        requestId: input.requestId,
        action: 'workspace.rate_limit',
        targetId: current.id,
        metadata: { from: current.rateLimitPerSec, to: stored },
      });
    }
    return {
      ok: true,
      value: {
        workspaceId: current.id,
        rateLimitPerSec: stored,
        previousRateLimitPerSec: current.rateLimitPerSec,
        changed,
      },
    };
  });
  if (result.ok && result.value.changed) forgetCachedKeys(db);
  return result;
}
