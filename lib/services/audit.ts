import type { Executor } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';
import { newId } from '@/lib/ids/ids';

export interface AuditEntry {
  workspaceId: string;
  actor: string;
  action: string;
  targetId?: string;
  /** The X-Request-Id of the call that made the change (console or API); absent for CLIs. */
  requestId?: string;
  metadata?: Record<string, unknown>;
}

/** Writes the audit row; callers pass their transaction so the row lands with the change. */
export async function writeAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    id: newId('aud'),
    workspaceId: entry.workspaceId,
    actor: entry.actor,
    action: entry.action,
    targetId: entry.targetId ?? null,
    requestId: entry.requestId ?? null,
    metadata: entry.metadata ?? {},
  });
}
