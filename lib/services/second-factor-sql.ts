// The one SQL condition for "this user has a confirmed second factor", in a module of its own
// (no service imports) so the membership read, the member list and the policy counts share it.
import { type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Whether the user in `userId` (a value or a column) has a confirmed second factor (an
 * authenticator app or a passkey), as a SQL condition: read with the membership on every console
 * request and beside each member listed.
 */
export const hasConfirmedFactorSql = (userId: SQLWrapper | string) =>
  sql<boolean>`(exists (select 1 from totp_factors f where f.user_id = ${userId} and f.confirmed_at is not null) or exists (select 1 from passkeys p where p.user_id = ${userId}))`;
