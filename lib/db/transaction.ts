import type { Database, Transaction } from './client';

// deadlock_detected and serialization_failure: the transaction did nothing lasting; run it again.
const RETRYABLE = new Set(['40P01', '40001']);

function isRetryable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 4; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
    current = (current as Error & { cause?: unknown }).cause;
  }
  return false;
}

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
