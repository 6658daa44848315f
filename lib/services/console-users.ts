import { and, asc, eq, sql } from 'drizzle-orm';
import type { Role } from '@/lib/auth/roles';
import {
  decoyPasswordHash,
  generatePassword,
  hashPassword,
  needsRehash,
  verifyPassword,
} from '@/lib/crypto/password';
import type { Database, Executor } from '@/lib/db/client';
import { memberships, users, workspaces } from '@/lib/db/schema';
import { newId } from '@/lib/ids/ids';
import { writeAudit } from './audit';
import { seedDecisionReasons } from './decisions/reasons';
import { hasConfirmedFactorSql } from './second-factor-sql';

/** E-mail addresses compare case-insensitively: stored and looked up trimmed and lowercased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface ConsoleUser {
  id: string;
  email: string;
  name: string | null;
}

export interface WorkspaceMembership {
  workspaceId: string;
  workspaceName: string;
  role: Role;
}

export interface CreatedConsoleUser {
  id: string;
  email: string;
  workspace: string;
  workspaceId: string;
  role: Role;
  /** False when the e-mail already had an account and only the membership was added. */
  created: boolean;
  /** The generated password, returned exactly once; absent when the caller chose it. */
  password?: string;
}

export type CreateUserResult =
  | { ok: true; value: CreatedConsoleUser }
  | { ok: false; reason: 'password_for_existing_user' };

export interface CreateUserInput {
  email: string;
  workspace: string;
  role: Role;
  password?: string;
  name?: string;
  actor: string;
}

/** The workspace by name, created (and audited) if it does not exist yet. */
export async function ensureWorkspace(tx: Executor, name: string, actor: string): Promise<string> {
  const inserted = await tx
    .insert(workspaces)
    .values({ id: newId('ws'), name })
    .onConflictDoNothing({ target: workspaces.name })
    .returning({ id: workspaces.id });
  const createdId = inserted[0]?.id;
  if (createdId) {
    await writeAudit(tx, { workspaceId: createdId, actor, action: 'workspace.create', targetId: createdId });
    await seedDecisionReasons(tx, createdId);
    return createdId;
  }
  const [existing] = await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.name, name));
  if (!existing) throw new Error('workspace vanished during user creation');
  return existing.id;
}

/**
 * Creates a console user with a role in a workspace (both created if needed), or adds the
 * workspace to an existing user's memberships. One transaction, audited in the workspace.
 */
export async function createConsoleUser(db: Database, input: CreateUserInput): Promise<CreateUserResult> {
  const email = normalizeEmail(input.email);
  const generated = input.password === undefined ? generatePassword() : undefined;
  // Hashed before the transaction: scrypt takes ~100 ms and should not hold locks.
  const passwordHash = await hashPassword(input.password ?? generated ?? '');
  return db.transaction(async (tx) => {
    const workspaceId = await ensureWorkspace(tx, input.workspace, input.actor);
    const [inserted] = await tx
      .insert(users)
      .values({ id: newId('usr'), email, name: input.name ?? null, passwordHash })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    let userId = inserted?.id;
    if (!userId) {
      // Never overwrite someone's password as a side effect of adding a membership.
      if (input.password !== undefined) return { ok: false, reason: 'password_for_existing_user' };
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!existing) throw new Error('user vanished during creation');
      userId = existing.id;
    }
    const [previous] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.workspaceId, workspaceId)));
    await tx
      .insert(memberships)
      .values({ userId, workspaceId, role: input.role })
      .onConflictDoUpdate({
        target: [memberships.userId, memberships.workspaceId],
        set: { role: input.role },
      });
    if (inserted) {
      await writeAudit(tx, {
        workspaceId,
        actor: input.actor,
        action: 'user.create',
        targetId: userId,
        metadata: { email, role: input.role },
      });
    } else if (previous?.role !== input.role) {
      await writeAudit(tx, {
        workspaceId,
        actor: input.actor,
        action: previous ? 'membership.update' : 'membership.create',
        targetId: userId,
        metadata: { email, role: input.role, ...(previous ? { previousRole: previous.role } : {}) },
      });
    }
    return {
      ok: true,
      value: {
        id: userId,
        email,
        workspace: input.workspace,
        workspaceId,
        role: input.role,
        created: Boolean(inserted),
        ...(inserted && generated ? { password: generated } : {}),
      },
    };
  });
}

/**
 * The user whose e-mail and password match, or null. Unknown e-mails cost one scrypt too, so
 * response times do not reveal which addresses have accounts. Hashes made with weaker
 * parameters than today's are upgraded on a successful sign-in. An expired one-time password
 * (an admin's reset) is refused like a wrong one.
 */
export async function verifyCredentials(
  db: Database,
  email: string,
  password: string,
): Promise<ConsoleUser | null> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      passwordHash: users.passwordHash,
      passwordExpiresAt: users.passwordExpiresAt,
    })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  if (!user?.passwordHash) {
    await verifyPassword(password, await decoyPasswordHash());
    return null;
  }
  if (!(await verifyPassword(password, user.passwordHash))) return null;
  // A one-time password from a reset works until it expires; then only another reset helps.
  if (user.passwordExpiresAt && user.passwordExpiresAt.getTime() <= Date.now()) return null;
  if (needsRehash(user.passwordHash)) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, user.id));
  }
  return { id: user.id, email: user.email, name: user.name };
}

/** The console user by id (the sign-in's second step), or null. */
export async function findConsoleUser(db: Database, userId: string): Promise<ConsoleUser | null> {
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}

/** The ids of every workspace the user is a member of (where an account-wide change is audited). */
export async function workspaceIdsOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ workspaceId: memberships.workspaceId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return rows.map((row) => row.workspaceId);
}

/** A user's workspaces, oldest membership first (the default one at sign-in). */
export async function listMemberships(db: Database, userId: string): Promise<WorkspaceMembership[]> {
  return db
    .select({ workspaceId: memberships.workspaceId, workspaceName: workspaces.name, role: memberships.role })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(workspaces.name));
}

export interface ActiveMembership {
  role: Role;
  workspaceName: string;
  /** The workspace's Verify trial quota, which console Verify calls count against too. */
  trialQuota: number | null;
  /** The user's password is a one-time one (an admin's reset): nothing else until it is replaced. */
  mustChangePassword: boolean;
  /** Sessions signed in before this are over (a reset, a password change, "sign out everywhere"). */
  sessionsNotBefore: Date | null;
  /** Whether the session asked about is still live (not signed out, not ended elsewhere). */
  sessionLive: boolean;
  /** The workspace requires two-step sign-in of every member. */
  requireSecondFactor: boolean;
  /** The user has a confirmed second factor. */
  hasSecondFactor: boolean;
}

/**
 * The user's current role in one workspace, or null when they are not (or no longer) a member,
 * with what decides whether their session still stands (lib/auth/session-standing.ts).
 */
export async function findMembership(
  db: Database,
  userId: string,
  workspaceId: string,
  sessionId: string | null = null,
): Promise<ActiveMembership | null> {
  const [row] = await db
    .select({
      role: memberships.role,
      workspaceName: workspaces.name,
      trialQuota: workspaces.trialQuota,
      mustChangePassword: users.mustChangePassword,
      sessionsNotBefore: users.sessionsNotBefore,
      requireSecondFactor: workspaces.requireSecondFactor,
      hasSecondFactor: hasConfirmedFactorSql(userId),
      // A token without a session id (from before console_sessions) relies on sessions_not_before.
      sessionLive:
        sessionId === null
          ? sql<boolean>`true`
          : sql<boolean>`exists (select 1 from console_sessions s where s.id = ${sessionId}
                           and s.user_id = ${userId} and s.ended_at is null)`,
    })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.userId, userId), eq(memberships.workspaceId, workspaceId)));
  return row ?? null;
}
