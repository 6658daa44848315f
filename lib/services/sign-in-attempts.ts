import 'server-only';
import { sql } from 'drizzle-orm';
import {
  SIGN_IN_RULES,
  signInDecision,
  type ThrottleDecision,
  type ThrottleKind,
} from '@/lib/auth/sign-in-throttle';
import { serverSecret } from '@/lib/config/secret';
import { keyedHash } from '@/lib/crypto/seal';
import type { Database } from '@/lib/db/client';
import { normalizeEmail } from './console-users';

export interface SignInSource {
  email: string;
  /** The client address, when the request carried one. */
  ip: string | null;
}

const WINDOW_SECONDS = Math.max(...Object.values(SIGN_IN_RULES).map((rule) => rule.windowSeconds));

// Keyed hashes: the table holds neither the e-mails tried (which may be typos of real ones) nor IPs.
function keysOf(source: SignInSource): { kind: ThrottleKind; hash: string }[] {
  const secret = serverSecret();
  const keys: { kind: ThrottleKind; hash: string }[] = [
    { kind: 'email', hash: keyedHash(secret, `sign-in:email:${normalizeEmail(source.email)}`) },
  ];
  if (source.ip) keys.push({ kind: 'ip', hash: keyedHash(secret, `sign-in:ip:${source.ip}`) });
  return keys;
}

/** Whether this e-mail and client may try a password now: one indexed read, no password hashing. */
export async function signInThrottle(db: Database, source: SignInSource): Promise<ThrottleDecision> {
  const keys = keysOf(source);
  const result = await db.execute<{ key_hash: string; age: number }>(sql`
    select key_hash, extract(epoch from now() - failed_at)::float8 as age
      from sign_in_failures
     where key_hash in (${sql.join(
       keys.map((key) => sql`${key.hash}`),
       sql`, `,
     )})
       and failed_at > now() - make_interval(secs => ${WINDOW_SECONDS})`);
  const ages: Record<ThrottleKind, number[]> = { email: [], ip: [] };
  for (const row of result.rows) {
    const kind = keys.find((key) => key.hash === row.key_hash)?.kind;
    if (kind) ages[kind].push(Number(row.age));
  }
  return signInDecision(ages);
}

/**
 * Counts this attempt as a failure before the password is checked, so parallel guesses cannot all
 * pass the throttle while scrypt runs; `forgiveSignIn` takes it back when the password was right.
 * Returns the attempt's timestamp (as Postgres text, to keep its microseconds).
 */
export async function recordSignInFailure(db: Database, source: SignInSource): Promise<string> {
  const keys = keysOf(source);
  const inserted = await db.execute<{ failed_at: string }>(sql`
    insert into sign_in_failures (key_hash, failed_at)
    values ${sql.join(
      keys.map((key) => sql`(${key.hash}, now())`),
      sql`, `,
    )}
    returning failed_at::text as failed_at`);
  // Failures past every window no longer matter.
  await db.execute(
    sql`delete from sign_in_failures where failed_at < now() - make_interval(secs => ${WINDOW_SECONDS})`,
  );
  return inserted.rows[0]?.failed_at ?? '';
}

/** A successful sign-in forgets the e-mail's failures and this attempt's count against the client. */
export async function forgiveSignIn(db: Database, source: SignInSource, attemptAt: string): Promise<void> {
  const keys = keysOf(source);
  const email = keys.find((key) => key.kind === 'email');
  const ip = keys.find((key) => key.kind === 'ip');
  if (email) await db.execute(sql`delete from sign_in_failures where key_hash = ${email.hash}`);
  if (ip && attemptAt) {
    await db.execute(
      sql`delete from sign_in_failures where key_hash = ${ip.hash} and failed_at = ${attemptAt}::timestamptz`,
    );
  }
}
