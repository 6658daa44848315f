import type { Database, Transaction } from './client';
import { hasPgCode } from './pg-error';

// deadlock_detected and serialization_failure: the transaction did nothing lasting; run it again.
const RETRYABLE = new Set(['40P01', '40001']);

const isRetryable = (error: unknown) => hasPgCode(error, RETRYABLE);

/**
 * A transaction that is retried (with a little jittered back-off) when Postgres aborts it as a
 * deadlock victim: graph writes lock identifier rows in batches whose order can cross.
 */
export async function retryingTransaction<T>(
  db: Database,
  work: (tx: Transaction) => Promise<T>,
  attempts = 4,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 20 * attempt));
    }
  }
}
