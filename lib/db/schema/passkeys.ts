import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A console user's passkeys (issue 32, WebAuthn through @simplewebauthn/server): the credential
 * ID and COSE public key the authenticator made, its signature counter (a counter that does not
 * move forward marks a cloned authenticator) and the transports the browser reported, so the
 * next sign-in can offer it. A passkey is a second factor like the authenticator app.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential ID, base64url, as the browser returns it. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The COSE-encoded public key, base64url. Public: nothing to seal. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** What the user sees in the list: the browser and system it was added from. */
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * The one open WebAuthn challenge of a user per purpose (adding a passkey, or signing in with
 * one): taken with a delete when the browser's answer comes back, so each answer is checked
 * against a challenge once and never after its five minutes.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'sign_in'] }).notNull(),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.purpose] })],
);
