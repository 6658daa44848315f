import { sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';

/**
 * Deliveries not yet made, over every workspace (operators' metrics): due now, and waiting for a
 * retry. Reads the pending rows only, by webhook_messages_due_idx.
 */
export async function webhookBacklog(db: Database): Promise<{ due: number; retrying: number }> {
  const result = await db.execute<{ due: number; retrying: number }>(sql`
    select count(*) filter (where next_attempt_at <= now())::int as due,
           count(*) filter (where next_attempt_at > now())::int as retrying
    from webhook_messages where status = 'pending'`);
  return result.rows[0] ?? { due: 0, retrying: 0 };
}
