import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export type IdentifierKind = 'email' | 'phone' | 'ssn' | 'profile' | 'ip' | 'name' | 'address' | 'employment';

/**
 * Every identifier the service has seen, keyed by its canonical, privacy-preserving form:
 * an email by the SHA-256 of its normalised address, a phone by E.164, an SSN by a keyed hash.
 * Names, addresses and employment are kept as normalised text: Signals returns them.
 * `person_id` is the cluster the identifier resolves to (null: a person of its own).
 */
export const identifiers = pgTable(
  'identifiers',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<IdentifierKind>().notNull(),
    value: text('value').notNull(),
    /** Emails only: the other digests, so a caller may look an address up by any form. */
    md5: text('md5'),
    sha1: text('sha1'),
    /** Alpha-2 countries this identifier has been seen with (Signals country filters). */
    countries: text('countries').array().notNull().default([]),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    observations: integer('observations').notNull().default(0),
    personId: text('person_id'),
    /** Distinct identifiers linked to this one. */
    linkCount: integer('link_count').notNull().default(0),
    /** Linked to too many identifiers to mean one person (a shared phone, a NAT address). */
    isHub: boolean('is_hub').notNull().default(false),
  },
  (t) => [
    uniqueIndex('identifiers_kind_value_idx').on(t.kind, t.value),
    // Lookups of an email sent as MD5 or SHA1 rather than SHA-256.
    index('identifiers_md5_idx').on(t.md5),
    index('identifiers_sha1_idx').on(t.sha1),
    // Signals reads every identifier of a resolved person; merges re-point a whole cluster.
    index('identifiers_person_idx').on(t.personId),
    // Names by their comparison key `given|family` (nameKey, nameForms): at a street address or an
    // SSN shared by thousands, whether the request's name is among theirs is asked from the name.
    index('identifiers_name_key_idx')
      .using('btree', sql`(split_part(${t.value}, '|', 1) || '|' || split_part(${t.value}, '|', 3))`)
      .where(sql`${t.kind} = 'name'`),
  ],
);

export type IdentifierRow = typeof identifiers.$inferSelect;
