import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { apiKeys, workspaces } from '@/lib/db/schema';
import { keyEvent } from '@/lib/engine/webhooks/events';
import { newId } from '@/lib/ids/ids';
import { writeAudit } from '../audit';
import type { ServiceContext } from '../context';
import { seedDecisionReasons } from '../decisions/reasons';
import { enqueueEvent } from '../webhooks/outbox';
import { forgetCachedKeys } from './key-cache';
import { generateKey, type Scope } from './key-material';

export interface IssuedKey {
  id: string;
  /** The secret, returned exactly once. */
  key: string;
  workspace: string;
  workspaceId: string;
  scopes: Scope[];
}

export interface CreateKeyInput {
  workspace: string;
  scopes: Scope[];
  name?: string;
  /** Applied to the workspace when given (created or existing). */
  trialQuota?: number | null;
  /** Applied to the workspace when given: whether others see its contributions (new: off). */
  shareGraph?: boolean;
  /** This key's own rate, overriding the workspace's default; absent or null: the default. */
  rateLimitPerSec?: number | null;
  /** When the key stops working; absent or null: never (callers check it is in the future). */
  expiresAt?: Date | null;
  actor: string;
  /** The console call's X-Request-Id, for the audit rows. */
  requestId?: string;
}

/** Creates the workspace if needed, then a key in it: one transaction, audited. */
export async function createKey(db: Database, input: CreateKeyInput): Promise<IssuedKey> {
  return db.transaction(async (tx) => {
    const settings = {
      ...(input.trialQuota !== undefined ? { trialQuota: input.trialQuota } : {}),
      ...(input.shareGraph !== undefined ? { shareGraph: input.shareGraph } : {}),
    };
    const rateLimitPerSec = input.rateLimitPerSec ?? null;
    const inserted = await tx
      .insert(workspaces)
      .values({ id: newId('ws'), name: input.workspace, ...settings })
      .onConflictDoNothing({ target: workspaces.name })
      .returning({ id: workspaces.id });
    let workspaceId = inserted[0]?.id;
    if (workspaceId) {
      await writeAudit(tx, {
        workspaceId,
        actor: input.actor,
        requestId: input.requestId,
        action: 'workspace.create',
        targetId: workspaceId,
      });
      await seedDecisionReasons(tx, workspaceId);
    } else {
      const [existing] = await tx
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(eq(workspaces.name, input.workspace));
      if (!existing) throw new Error('workspace vanished during key creation');
      workspaceId = existing.id;
      if (Object.keys(settings).length > 0) {
        await tx.update(workspaces).set(settings).where(eq(workspaces.id, workspaceId));
        await writeAudit(tx, {
          workspaceId,
          actor: input.actor,
          requestId: input.requestId,
          action: 'workspace.update',
          targetId: workspaceId,
          metadata: settings,
        });
      }
    }
    const material = generateKey();
    const id = newId('key');
    await tx.insert(apiKeys).values({
      id,
      workspaceId,
      hash: material.hash,
      start: material.start,
      name: input.name ?? null,
      scopes: input.scopes,
      rateLimitPerSec,
      expiresAt: input.expiresAt ?? null,
    });
    await writeAudit(tx, {
      workspaceId,
      actor: input.actor,
      requestId: input.requestId,
      action: 'key.create',
      targetId: id,
      metadata: {
        name: input.name ?? null,
        scopes: input.scopes,
        start: material.start,
        ...(rateLimitPerSec !== null ? { rateLimitPerSec } : {}),
        ...(input.expiresAt ? { expiresAt: input.expiresAt.toISOString() } : {}),
      },
    });
    await enqueueEvent(
      tx,
      workspaceId,
      keyEvent('key.created', { keyId: id, start: material.start, name: input.name ?? null }, new Date()),
    );
    return { id, key: material.key, workspace: input.workspace, workspaceId, scopes: input.scopes };
  });
}

/** A key of the context's workspace (the operator's reaches every workspace). */
const inScope = (ctx: ServiceContext) =>
  ctx.workspaceId === null ? undefined : eq(apiKeys.workspaceId, ctx.workspaceId);

export type KeyChangeResult<T> = { ok: true; value: T } | { ok: false; reason: 'not_found' | 'revoked' };
type RotateResult = KeyChangeResult<IssuedKey & { previousExpiresAt: string }>;
type RevokeResult =
  | { ok: true; value: { id: string; workspace: string; revokedAt: string } }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'revoked'; revokedAt: string };
type KeyRate = { id: string; rateLimitPerSec: number | null };

/**
 * Rotation: a new key with the same scopes, and the old one expiring after the grace period,
 * in one transaction that locks the old row so two rotations cannot both succeed.
 */
export async function rotateKey(
  db: Database,
  ctx: ServiceContext,
  input: { id: string; graceSeconds: number },
): Promise<RotateResult> {
  const result = await db.transaction(async (tx): Promise<RotateResult> => {
    const [old] = await tx
      .select({ key: apiKeys, workspaceName: workspaces.name })
      .from(apiKeys)
      .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
      .where(and(eq(apiKeys.id, input.id), inScope(ctx)))
      .for('update', { of: apiKeys });
    if (!old) return { ok: false, reason: 'not_found' };
    const now = Date.now();
    if (old.key.revokedAt || (old.key.expiresAt && old.key.expiresAt.getTime() <= now)) {
      return { ok: false, reason: 'revoked' };
    }
    const graceEnd = new Date(now + input.graceSeconds * 1000);
    // A key already due to expire sooner keeps its earlier end.
    const expiresAt = old.key.expiresAt && old.key.expiresAt < graceEnd ? old.key.expiresAt : graceEnd;
    const material = generateKey();
    const id = newId('key');
    const scopes = old.key.scopes.filter(
      (s): s is Scope => s === 'verify' || s === 'signals' || s === 'ingest',
    );
    await tx.insert(apiKeys).values({
      id,
      workspaceId: old.key.workspaceId,
      hash: material.hash,
      start: material.start,
      name: old.key.name,
      scopes,
      // The successor serves the same backend: it keeps the old key's rate override.
      rateLimitPerSec: old.key.rateLimitPerSec,
    });
    await tx.update(apiKeys).set({ expiresAt, rotatedToId: id }).where(eq(apiKeys.id, old.key.id));
    await writeAudit(tx, {
      workspaceId: old.key.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'key.rotate',
      targetId: old.key.id,
      metadata: {
        name: old.key.name,
        oldStart: old.key.start,
        newKeyId: id,
        expiresAt: expiresAt.toISOString(),
        graceSeconds: input.graceSeconds,
        start: material.start,
      },
    });
    await enqueueEvent(
      tx,
      old.key.workspaceId,
      keyEvent('key.rotated', { keyId: old.key.id, start: old.key.start, name: old.key.name }, new Date()),
    );
    return {
      ok: true,
      value: {
        id,
        key: material.key,
        workspace: old.workspaceName,
        workspaceId: old.key.workspaceId,
        scopes,
        previousExpiresAt: expiresAt.toISOString(),
      },
    };
  });
  if (result.ok) forgetCachedKeys(db);
  return result;
}

/**
 * Soft revocation: the row stays, stamped, and stops authenticating at once. Revoking a revoked
 * key is not an error: `revoked` carries the first revocation's time (audited once).
 */
export async function revokeKey(
  db: Database,
  ctx: ServiceContext,
  input: { id: string },
): Promise<RevokeResult> {
  const result = await db.transaction(async (tx): Promise<RevokeResult> => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.id, input.id), inScope(ctx), isNull(apiKeys.revokedAt)))
      .returning({
        id: apiKeys.id,
        workspaceId: apiKeys.workspaceId,
        revokedAt: apiKeys.revokedAt,
        name: apiKeys.name,
        start: apiKeys.start,
      });
    if (!row?.revokedAt) {
      const [earlier] = await tx
        .select({ revokedAt: apiKeys.revokedAt })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, input.id), inScope(ctx)));
      return earlier?.revokedAt
        ? { ok: false, reason: 'revoked', revokedAt: earlier.revokedAt.toISOString() }
        : { ok: false, reason: 'not_found' };
    }
    await writeAudit(tx, {
      workspaceId: row.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'key.revoke',
      targetId: row.id,
      metadata: { name: row.name, start: row.start },
    });
    await enqueueEvent(
      tx,
      row.workspaceId,
      keyEvent('key.revoked', { keyId: row.id, start: row.start, name: row.name }, new Date()),
    );
    const [ws] = await tx
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, row.workspaceId));
    return {
      ok: true,
      value: { id: row.id, workspace: ws?.name ?? '', revokedAt: row.revokedAt.toISOString() },
    };
  });
  if (result.ok) forgetCachedKeys(db);
  return result;
}

/**
 * Sets a key's own rate (null: none, the workspace's default applies), audited in the same
 * transaction. Revoked keys can still be changed: the value only matters while a key works.
 */
export async function setKeyRateLimit(
  db: Database,
  ctx: ServiceContext,
  input: { id: string; rateLimitPerSec: number | null },
): Promise<KeyChangeResult<KeyRate>> {
  const result = await db.transaction(async (tx): Promise<KeyChangeResult<KeyRate>> => {
    const [old] = await tx
      .select({ workspaceId: apiKeys.workspaceId, rateLimitPerSec: apiKeys.rateLimitPerSec })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, input.id), inScope(ctx)))
      .for('update');
    if (!old) return { ok: false, reason: 'not_found' };
    const [updated] = await tx
      .update(apiKeys)
      .set({ rateLimitPerSec: input.rateLimitPerSec })
      .where(eq(apiKeys.id, input.id))
      .returning({ rateLimitPerSec: apiKeys.rateLimitPerSec });
    const stored = updated?.rateLimitPerSec ?? null;
    if (stored !== old.rateLimitPerSec) {
      await writeAudit(tx, {
        workspaceId: old.workspaceId,
        actor: ctx.actor,
        requestId: ctx.requestId,
        action: 'key.rate_limit',
        targetId: input.id,
        metadata: { from: old.rateLimitPerSec, to: stored },
      });
    }
    return { ok: true, value: { id: input.id, rateLimitPerSec: stored } };
  });
  if (result.ok) forgetCachedKeys(db);
  return result;
}
