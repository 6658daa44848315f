// Where a console user is signed in (issue 32): a row per sign-in whose id the session token
// carries. Every console request reads it with the membership (lib/services/console-users.ts),
// so ending one, or all, takes effect on every process at the next click.
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/lib/db/client';
import { consoleSessions } from '@/lib/db/schema';
import { newId } from '@/lib/ids/ids';
import { writeAudit } from './audit';
import type { WorkspaceContext } from './context';

const PRUNE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;
/** Console requests refresh `last_active_at` at most this often (a write per click is waste). */
export const ACTIVITY_GRANULARITY_MS = 60_000;

export interface ConsoleSessionSummary {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string;
}

/** Records a sign-in; prunes the user's sessions over for a month. Returns the session id. */
export async function startConsoleSession(
  db: Database,
  input: { userId: string; userAgent: string | null; ipAddress: string | null; now?: Date },
): Promise<string> {
  const now = input.now ?? new Date();
  const id = newId('csn');
  await db.insert(consoleSessions).values({
    id,
    userId: input.userId,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
    ipAddress: input.ipAddress,
    createdAt: now,
    lastActiveAt: now,
  });
  const cutoff = new Date(now.getTime() - PRUNE_AFTER_MS);
  await db
    .delete(consoleSessions)
    .where(
      and(
        eq(consoleSessions.userId, input.userId),
        or(lt(consoleSessions.endedAt, cutoff), lt(consoleSessions.lastActiveAt, cutoff)),
      ),
    );
  return id;
}

/** Marks the session active now, unless it already was within the last minute (one cheap update). */
export async function touchConsoleSession(db: Database, id: string, now = new Date()): Promise<void> {
  const stale = new Date(now.getTime() - ACTIVITY_GRANULARITY_MS);
  await db
    .update(consoleSessions)
    .set({ lastActiveAt: now })
    .where(
      and(
        eq(consoleSessions.id, id),
        isNull(consoleSessions.endedAt),
        lt(consoleSessions.lastActiveAt, stale),
      ),
    );
}

/** The user's sessions that may still act, most recently active first. */
export async function listConsoleSessions(db: Database, userId: string): Promise<ConsoleSessionSummary[]> {
  const rows = await db
    .select()
    .from(consoleSessions)
    .where(and(eq(consoleSessions.userId, userId), isNull(consoleSessions.endedAt)))
    .orderBy(desc(consoleSessions.lastActiveAt));
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastActiveAt.toISOString(),
  }));
}

/**
 * Ends one of the user's own sessions (another user's id answers as an unknown one), audited as
 * `user.session_end`. False when there was no such live session.
 */
export async function endConsoleSession(db: Database, ctx: WorkspaceContext, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(consoleSessions)
      .set({ endedAt: sql`now()` })
      .where(
        and(
          eq(consoleSessions.id, id),
          eq(consoleSessions.userId, ctx.actor),
          isNull(consoleSessions.endedAt),
        ),
      )
      .returning({ id: consoleSessions.id });
    if (ended.length === 0) return false;
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'user.session_end',
      targetId: id,
    });
    return true;
  });
}

/** At sign-out: this session is over (no audit row; signing out is not a change). */
export async function closeConsoleSession(db: Database, id: string): Promise<void> {
  await db
    .update(consoleSessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(consoleSessions.id, id), isNull(consoleSessions.endedAt)));
}

/** Ends every live session of the user (a password change or reset, sign-out everywhere). */
export async function endAllConsoleSessions(tx: Executor, userId: string, now: Date): Promise<void> {
  await tx
    .update(consoleSessions)
    .set({ endedAt: now })
    .where(and(eq(consoleSessions.userId, userId), isNull(consoleSessions.endedAt)));
}
