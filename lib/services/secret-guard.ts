import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { serverSecret } from '@/lib/db/schema';

/** What the database remembers of the secret: an HMAC under it, which reveals nothing of it. */
export function secretFingerprint(secret: string): string {
  return createHmac('sha256', secret).update('verity/secret-fingerprint/v1').digest('base64url');
}

/** The server secret is not the one this database was first started with. */
export class SecretMismatchError extends Error {
  constructor() {
    super(
      'The server secret is not the one this database was set up with (its fingerprint is kept in the ' +
        'server_secret table). Keyed hashes and deletion tombstones made under the original secret would ' +
        'silently stop matching, and erased people would be learned again. Restore the original secret ' +
        '(VERITY_SECRET, or the file DATA_DIR/secret) and start again; nothing was changed. Changing the ' +
        'secret of a database that holds data is not supported.',
    );
    this.name = 'SecretMismatchError';
  }
}

/**
 * Records the secret's fingerprint on the first start and, on every later one, refuses a secret
 * whose fingerprint differs. Never overwrites: replacing it is a deliberate operator step.
 */
export async function guardServerSecret(db: Database, secret: string): Promise<'recorded' | 'matched'> {
  const fingerprint = secretFingerprint(secret);
  const inserted = await db
    .insert(serverSecret)
    .values({ id: 1, fingerprint })
    .onConflictDoNothing()
    .returning({ id: serverSecret.id });
  if (inserted.length > 0) return 'recorded';
  const [row] = await db
    .select({ fingerprint: serverSecret.fingerprint })
    .from(serverSecret)
    .where(eq(serverSecret.id, 1));
  const stored = Buffer.from(row?.fingerprint ?? '');
  const given = Buffer.from(fingerprint);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) throw new SecretMismatchError();
  return 'matched';
}
