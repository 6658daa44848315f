import { asc, sql } from 'drizzle-orm';
import { generatePassword, hashPassword } from '@/lib/crypto/password';
import type { Database } from '@/lib/db/client';
import { memberships, users, workspaces } from '@/lib/db/schema';
import { newId } from '@/lib/ids/ids';
import { writeAudit } from './audit';
import { normalizeEmail } from './console-users';
import { createKey, type IssuedKey } from './keys/manage-keys';

export const DEMO_WORKSPACE = 'demo';
export const DEFAULT_ADMIN_EMAIL = 'admin@verity.local';

/** On an empty database: a demo workspace with a key for every scope. Null when not empty. */
export async function bootstrapDemo(db: Database): Promise<IssuedKey | null> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(workspaces);
  if ((row?.count ?? 0) > 0) return null;
  return createKey(db, {
    workspace: DEMO_WORKSPACE,
    scopes: ['verify', 'signals', 'ingest'],
    name: 'demo',
    actor: 'system',
  });
}

export interface BootstrappedAdmin {
  email: string;
  workspace: string;
  /** Present only when generated: printed once by the launcher, stored nowhere. */
  password?: string;
}

/**
 * The first console admin, when no console user exists yet (a fresh install, or one upgraded
 * from before the console): ADMIN_EMAIL / ADMIN_PASSWORD or a generated password, admin of the
 * oldest workspace (the demo workspace on a fresh install). Null when there are users already
 * or no workspace to join. Audited in the same transaction.
 */
export async function bootstrapAdmin(
  db: Database,
  options: { email?: string; password?: string },
): Promise<BootstrappedAdmin | null> {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((count?.n ?? 0) > 0) return null;
  const email = normalizeEmail(options.email ?? DEFAULT_ADMIN_EMAIL);
  const generated = options.password === undefined ? generatePassword() : undefined;
  const passwordHash = await hashPassword(options.password ?? generated ?? '');
  return db.transaction(async (tx) => {
    const [workspace] = await tx
      .select({ id: workspaces.id, name: workspaces.name })
      .from(workspaces)
      .orderBy(asc(workspaces.createdAt), asc(workspaces.name))
      .limit(1);
    if (!workspace) return null;
    // A concurrent starter may have created the admin since the count: its insert wins.
    const [user] = await tx
      .insert(users)
      .values({ id: newId('usr'), email, passwordHash })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!user) return null;
    await tx.insert(memberships).values({ userId: user.id, workspaceId: workspace.id, role: 'admin' });
    await writeAudit(tx, {
      workspaceId: workspace.id,
      actor: 'system',
      action: 'user.create',
      targetId: user.id,
      metadata: { email, role: 'admin' },
    });
    return { email, workspace: workspace.name, ...(generated ? { password: generated } : {}) };
  });
}
