import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { identifiers } from './identifiers';

/**
 * The cleartext of an email, per workspace that supplied it (sealed): Signals returns cleartext
 * only to a workspace that sent it, never to one that only knows a hash.
 */
export const emailCleartexts = pgTable(
  'email_cleartexts',
  {
    workspaceId: text('workspace_id').notNull(),
    identifierId: text('identifier_id')
      .notNull()
      .references(() => identifiers.id, { onDelete: 'cascade' }),
    sealed: text('sealed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.identifierId] })],
);
