// Single sign-on (issue 32): who an OpenID Connect sign-in is. The identity provider proves the
// person; this decides whether they may come in (an e-mail of an allowed domain, not one the
// provider says is unverified) and which account they are: the one already linked to their
// subject, else the account with their e-mail (linked now), else a new account without a
// password, a member of the configured workspace with the configured role. A member removed
// from every workspace is not added back by signing in again: only a new account joins.
import { and, asc, eq } from 'drizzle-orm';
import type { Role } from '@/lib/auth/roles';
import { emailDomain } from '@/lib/config/sso';
import type { Database, Executor } from '@/lib/db/client';
import { authAccounts, memberships, users, workspaces } from '@/lib/db/schema';
import { newId } from '@/lib/ids/ids';
import { writeAudit } from './audit';
import { type ConsoleUser, ensureWorkspace, normalizeEmail, workspaceIdsOf } from './console-users';

/** The provider id in auth_accounts (Auth.js's name for it, too). */
export const SSO_PROVIDER = 'oidc';

export interface SsoPolicy {
  allowedDomains: string[];
  /** Null: the oldest workspace. */
  workspace: string | null;
  role: Role;
}

/** What the identity provider's ID token and userinfo said. */
export interface SsoIdentity {
  subject: string;
  email: string | null;
  /** The provider's `email_verified`; null when it does not say (many enterprise providers). */
  emailVerified: boolean | null;
  name: string | null;
}

export type SsoRefusal = 'no_email' | 'email_unverified' | 'foreign_domain';

export type SsoSignInResult =
  | { ok: true; user: ConsoleUser; outcome: 'linked' | 'link_added' | 'created' }
  | { ok: false; reason: SsoRefusal };

/** The workspace a new account joins: the configured one (created if needed), else the oldest. */
async function joiningWorkspace(tx: Executor, policy: SsoPolicy): Promise<string> {
  if (policy.workspace) return ensureWorkspace(tx, policy.workspace, 'system');
  const [oldest] = await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .orderBy(asc(workspaces.createdAt))
    .limit(1);
  return oldest?.id ?? ensureWorkspace(tx, 'Default', 'system');
}

/**
 * Decides who an OpenID Connect sign-in is (see the module comment). Refusals write nothing.
 * Audited: `user.sso_link` in each of the account's workspaces when an existing account is linked;
 * `user.create` (with `via: "sso"`) in the workspace a new account joins.
 */
export async function ssoSignIn(
  db: Database,
  policy: SsoPolicy,
  identity: SsoIdentity,
): Promise<SsoSignInResult> {
  const email = identity.email ? normalizeEmail(identity.email) : '';
  if (!email.includes('@')) return { ok: false, reason: 'no_email' };
  if (identity.emailVerified === false) return { ok: false, reason: 'email_unverified' };
  if (!policy.allowedDomains.includes(emailDomain(email))) return { ok: false, reason: 'foreign_domain' };
  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ id: users.id, email: users.email, name: users.name })
      .from(authAccounts)
      .innerJoin(users, eq(users.id, authAccounts.userId))
      .where(
        and(eq(authAccounts.provider, SSO_PROVIDER), eq(authAccounts.providerAccountId, identity.subject)),
      );
    if (linked) return { ok: true, user: linked, outcome: 'linked' } as const;

    const link = (userId: string) =>
      tx
        .insert(authAccounts)
        .values({ userId, type: 'oidc', provider: SSO_PROVIDER, providerAccountId: identity.subject })
        .onConflictDoNothing();

    // A new account, unless the e-mail has one (or a sign-in racing this one just made it).
    const [created] = await tx
      .insert(users)
      .values({ id: newId('usr'), email, name: identity.name, passwordHash: null })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email, name: users.name });
    if (created) {
      const workspaceId = await joiningWorkspace(tx, policy);
      await tx.insert(memberships).values({ userId: created.id, workspaceId, role: policy.role });
      await link(created.id);
      await writeAudit(tx, {
        workspaceId,
        actor: 'system',
        action: 'user.create',
        targetId: created.id,
        metadata: { email, role: policy.role, via: 'sso' },
      });
      return { ok: true, user: created, outcome: 'created' } as const;
    }
    const [existing] = await tx
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(eq(users.email, email));
    if (!existing) throw new Error('user vanished during single sign-on');
    await link(existing.id);
    for (const workspaceId of await workspaceIdsOf(tx, existing.id))
      await writeAudit(tx, {
        workspaceId,
        actor: existing.id,
        action: 'user.sso_link',
        targetId: existing.id,
        metadata: { email },
      });
    return { ok: true, user: existing, outcome: 'link_added' } as const;
  });
}

/** The account linked to this subject of the identity provider (after ssoSignIn let it in). */
export async function ssoLinkedUser(db: Database, subject: string): Promise<ConsoleUser | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(authAccounts)
    .innerJoin(users, eq(users.id, authAccounts.userId))
    .where(and(eq(authAccounts.provider, SSO_PROVIDER), eq(authAccounts.providerAccountId, subject)));
  return row ?? null;
}
