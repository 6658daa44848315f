import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';
import { workspaces } from './workspaces';

export const MEMBERSHIP_ROLES = ['analyst', 'admin'] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];

/** Which console user may act in which workspace, and as what. */
export const memberships = pgTable(
  'memberships',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    role: text('role').$type<MembershipRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One role per user and workspace; leading with user_id also serves sign-in, which lists a
    // user's workspaces.
    primaryKey({ columns: [t.userId, t.workspaceId] }),
    // The admin pages list a workspace's members; the primary key cannot serve that lookup.
    index('memberships_workspace_idx').on(t.workspaceId),
    check('memberships_role_check', sql`${t.role} in ('analyst', 'admin')`),
  ],
);
