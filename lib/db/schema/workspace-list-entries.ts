import { sql } from 'drizzle-orm';
import { cidr, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { newId } from '@/lib/ids/ids';
import { workspaces } from './workspaces';

/**
 * A workspace's own block and allow lists (issue 33): e-mails, e-mail domains, phones, IP
 * addresses, CIDR ranges, SSNs and names, each with a reason, an author and an optional expiry.
 * Matched by a keyed hash of the canonical value (lib/engine/lists/workspace-entry.ts), so the
 * index holds no personal data; the console's text is sealed with the server secret, except an
 * SSN's, which keeps only its last four. A CIDR range is also kept as PostgreSQL's cidr, matched
 * with `>>=` through a GiST index.
 */
export const workspaceListEntries = pgTable(
  'workspace_list_entries',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => newId('wle')),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    list: text('list', { enum: ['block', 'allow'] }).notNull(),
    kind: text('kind', { enum: ['email', 'email_domain', 'phone', 'ip', 'cidr', 'ssn', 'name'] }).notNull(),
    /** HMAC of `kind:canonical` under the server secret. */
    matchKey: text('match_key').notNull(),
    network: cidr('network'),
    /** Sealed canonical text; for an SSN the masked `***-**-1234`, in the clear. */
    display: text('display').notNull(),
    reason: text('reason').notNull(),
    /** A console user's id, `cli`, or `key:<id>` for the keyed API. */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: until removed. Past it, the entry no longer matches (and is shown as expired). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    // One entry per value and list: adding it again updates its reason and expiry.
    uniqueIndex('workspace_list_entries_value_idx').on(t.workspaceId, t.list, t.kind, t.matchKey),
    // A Verify's exact lookup: (workspace, key) for each of the request's values.
    index('workspace_list_entries_match_idx').on(t.workspaceId, t.matchKey),
    index('workspace_list_entries_network_idx')
      .using('gist', t.network.op('inet_ops'))
      .where(sql`${t.network} is not null`),
    index('workspace_list_entries_created_idx').on(t.workspaceId, t.createdAt),
  ],
);
