// Finds the Verify sessions (every workspace) whose sealed identifiers include a deleted one.
import { asc, gt, sql } from 'drizzle-orm';
import { serverSecret } from '@/lib/config/secret';
import { unseal } from '@/lib/crypto/seal';
import type { Executor } from '@/lib/db/client';
import { sessions } from '@/lib/db/schema';
import type { NormalizedRequest } from '@/lib/engine/types';
import { graphKeys } from '../graph/keys';
import { identifierTokens } from './tombstone-keys';

const SCAN_BATCH = 1000;
const param = (values: unknown[]) => sql.param(values);

/**
 * Sessions hold their identifiers sealed (SSNs, cleartext emails), so there is no index to ask:
 * each session is unsealed and keyed like a request, a batch at a time. Linear in the number of
 * sessions; a deletion is rare, Verify is not, so Verify pays nothing for it.
 */
export async function matchingSessions(tx: Executor, tokens: ReadonlySet<string>): Promise<string[]> {
  const secret = serverSecret();
  const matched: string[] = [];
  let after = '';
  for (;;) {
    const rows = await tx
      .select({ id: sessions.id, sealed: sessions.identifiersSealed })
      .from(sessions)
      .where(gt(sessions.id, after))
      .orderBy(asc(sessions.id))
      .limit(SCAN_BATCH);
    for (const row of rows) {
      let request: NormalizedRequest;
      try {
        request = JSON.parse(unseal(secret, row.sealed)) as NormalizedRequest;
      } catch {
        // Sealed under another secret: nothing here can read it, Verify included.
        continue;
      }
      // Compared by token (`email:md5:...`), in memory only: no keyed hash per session.
      const forms = graphKeys(request).flatMap(identifierTokens);
      if (forms.some((form) => tokens.has(form.token))) matched.push(row.id);
    }
    const last = rows.at(-1);
    if (!last || rows.length < SCAN_BATCH) return matched;
    after = last.id;
  }
}

/** Deletes the sessions and their calls; returns how many of each. */
export async function eraseSessions(
  tx: Executor,
  ids: readonly string[],
): Promise<{ sessions: number; sessionCalls: number }> {
  if (ids.length === 0) return { sessions: 0, sessionCalls: 0 };
  const sorted = param([...ids].sort());
  const calls = await tx.execute<{ n: number }>(sql`
    with d as (delete from session_calls where session_id = any(${sorted}::text[]) returning 1)
    select count(*)::int as n from d`);
  const erased = await tx.execute<{ n: number }>(sql`
    with d as (delete from sessions where id = any(${sorted}::text[]) returning 1)
    select count(*)::int as n from d`);
  return { sessions: erased.rows[0]?.n ?? 0, sessionCalls: calls.rows[0]?.n ?? 0 };
}
