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
  /** The client address (lib/net/peer-address.ts), when known. */
  ip: string | null;
}

const WINDOW_SECONDS = Math.max(...Object.values(SIGN_IN_RULES).map((rule) => rule.windowSeconds));

/** A client whose address is unknown (no peer address) shares one pair key per account. */
const UNKNOWN_ADDRESS = 'unknown';

// Keyed hashes: the table holds neither the e-mails tried (which may be typos of real ones) nor IPs.
function keysOf(source: SignInSource): { kind: ThrottleKind; hash: string }[] {
  const secret = serverSecret();
  const email = normalizeEmail(source.email);
  const address = source.ip ?? UNKNOWN_ADDRESS;
  const keys: { kind: ThrottleKind; hash: string }[] = [
    { kind: 'pair', hash: keyedHash(secret, `sign-in:pair:${email}:${address}`) },
    { kind: 'email', hash: keyedHash(secret, `sign-in:email:${email}`) },
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
  const ages: Record<ThrottleKind, number[]> = { pair: [], email: [], ip: [] };
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

/**
 * A successful sign-in forgets this client's failures for the account, and takes this attempt back
 * from the client's and the account's counts; failures from other addresses still count.
 */
export async function forgiveSignIn(db: Database, source: SignInSource, attemptAt: string): Promise<void> {
  const keys = keysOf(source);
  const pair = keys.find((key) => key.kind === 'pair');
  if (pair) await db.execute(sql`delete from sign_in_failures where key_hash = ${pair.hash}`);
  const others = keys.filter((key) => key.kind !== 'pair');
  if (others.length > 0 && attemptAt) {
    await db.execute(
      sql`delete from sign_in_failures
           where key_hash in (${sql.join(
             others.map((key) => sql`${key.hash}`),
             sql`, `,
           )})
             and failed_at = ${attemptAt}::timestamptz`,
    );
  }
}
