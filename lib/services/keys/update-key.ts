import { and, eq } from 'drizzle-orm';
import type { UpdatedKey } from '@/lib/contract/console/keys';
import type { Database } from '@/lib/db/client';
import { apiKeys } from '@/lib/db/schema';
import { writeAudit } from '../audit';
import type { ServiceContext } from '../context';
import { forgetCachedKeys } from './key-cache';
import type { Scope } from './key-material';
import type { KeyChangeResult } from './manage-keys';

export interface KeyChanges {
  /** null removes the label. */
  name?: string | null;
  scopes?: Scope[];
  /** null: the workspace's default applies. */
  rateLimitPerSec?: number | null;
}

type Field = UpdatedKey['changed'][number];

const sameScopes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Edits a live key's label, scopes and rate, audited (`key.update`, each change from and to) in
 * the same transaction; nothing is written when nothing changes. A change of scopes or rate is
 * announced to every process's key cache at commit (migration 0016's trigger). A revoked or
 * expired key is a record and is not edited.
 */
export async function updateKey(
  db: Database,
  ctx: ServiceContext,
  input: { id: string } & KeyChanges,
): Promise<KeyChangeResult<UpdatedKey>> {
  const result = await db.transaction(async (tx): Promise<KeyChangeResult<UpdatedKey>> => {
    const [old] = await tx
      .select()
      .from(apiKeys)
      .where(
        and(
          eq(apiKeys.id, input.id),
          ctx.workspaceId === null ? undefined : eq(apiKeys.workspaceId, ctx.workspaceId),
        ),
      )
      .for('update');
    if (!old) return { ok: false, reason: 'not_found' };
    if (old.revokedAt || (old.expiresAt && old.expiresAt.getTime() <= Date.now())) {
      return { ok: false, reason: 'revoked' };
    }
    const values: { name?: string | null; scopes?: Scope[] } = {};
    const changes: Partial<Record<Field, { from: unknown; to: unknown }>> = {};
    if (input.name !== undefined && input.name !== old.name) {
      values.name = input.name;
      changes.name = { from: old.name, to: input.name };
    }
    if (input.scopes !== undefined && !sameScopes(input.scopes, old.scopes)) {
      values.scopes = input.scopes;
      changes.scopes = { from: old.scopes, to: input.scopes };
    }
    // Only the changed columns are set: a label change alone does not empty the key caches.
    if (Object.keys(values).length > 0) await tx.update(apiKeys).set(values).where(eq(apiKeys.id, old.id));
    let rate = old.rateLimitPerSec;
    if (input.rateLimitPerSec !== undefined && input.rateLimitPerSec !== old.rateLimitPerSec) {
      // Stored as float4: what was stored is compared and reported, so 1/60 set twice is no change.
      const [stored] = await tx
        .update(apiKeys)
        .set({ rateLimitPerSec: input.rateLimitPerSec })
        .where(eq(apiKeys.id, old.id))
        .returning({ rateLimitPerSec: apiKeys.rateLimitPerSec });
      rate = stored?.rateLimitPerSec ?? null;
      if (rate !== old.rateLimitPerSec) changes.rateLimitPerSec = { from: old.rateLimitPerSec, to: rate };
    }
    const changed = Object.keys(changes) as Field[];
    if (changed.length > 0) {
      await writeAudit(tx, {
        workspaceId: old.workspaceId,
        actor: ctx.actor,
        requestId: ctx.requestId,
        action: 'key.update',
        targetId: old.id,
        metadata: changes,
      });
    }
    return {
      ok: true,
      value: {
        id: old.id,
        name: values.name !== undefined ? values.name : old.name,
        scopes: values.scopes ?? old.scopes,
        rateLimitPerSec: rate,
        changed,
      },
    };
  });
  if (result.ok && result.value.changed.length > 0) forgetCachedKeys(db);
  return result;
}
