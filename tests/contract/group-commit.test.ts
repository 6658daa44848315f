// Issue 12, items 2 and 3, service level on the contract server's database: Verify reads before
// it writes, and concurrent calls share one durable transaction (group commit), with a deletion
// that lands between a call's reads and its write refusing that call alone.

import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool, type Database } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { recordDeletion } from '@/lib/services/deletion';
import { parseDeletionRequest } from '@/lib/services/deletion/request';
import { graphKeys } from '@/lib/services/graph/keys';
import { type CallWrite, writeCalls } from '@/lib/services/record-calls';
import { verify } from '@/lib/services/verify';
import { parsed, workspaceOfNewKey } from './service-calls';
import { appConnectionUrl, query, unique } from './support';

const pool = createPool(appConnectionUrl(), 8);
const db: Database = drizzle({ client: pool, schema });
afterAll(() => pool.end());

describe('group commit', () => {
  it('stores every one of 24 concurrent Verify calls of new applicants, in fewer transactions than calls', async () => {
    const workspaceId = await workspaceOfNewKey();
    const caller = { workspaceId, actor: 'test', trialQuota: null };
    const tag = unique('gc');
    const outcomes = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        verify(
          db,
          caller,
          parsed({ emails: [`${tag}.${i}@example.com`], ipAddress: '198.51.100.7' }),
          `req_${tag}_${i}`,
        ),
      ),
    );
    expect(outcomes.every((o) => o.kind === 'ok' && o.created)).toBe(true);
    const ids = outcomes.flatMap((o) => (o.kind === 'ok' ? [o.body.sessionId] : []));
    // Rows written by one transaction share its id (xmin): fewer ids than calls is shared commits.
    const [sessions] = await query<{ n: number; transactions: number }>(
      'select count(*)::int as n, count(distinct xmin::text)::int as transactions from sessions where id = any($1)',
      [ids],
    );
    expect(sessions?.n).toBe(24);
    expect(sessions?.transactions).toBeLessThan(24);
    const [calls] = await query<{ n: number }>(
      'select count(*)::int as n from session_calls where session_id = any($1) and status = 201',
      [ids],
    );
    expect(calls?.n).toBe(24);
    // Each call is one sighting of its email and of the shared IP address.
    const [ip] = await query<{ n: number }>(
      `select count(*)::int as n from observations o join identifiers i on i.id = o.identifier_id
       where i.kind = 'ip' and i.value = '198.51.100.7' and o.source = $1`,
      [workspaceId],
    );
    expect(ip?.n).toBe(24);
  });

  it('a deletion committed after a call read the graph refuses that call alone; the batch is written', async () => {
    const workspaceId = await workspaceOfNewKey();
    const tag = unique('gd');
    const emails = [0, 1, 2].map((i) => `${tag}.${i}@example.com`);
    const writes: CallWrite[] = emails.map((email) => ({
      workspaceId,
      call: { type: 'verification', keys: graphKeys(parsed({ emails: [email] })), at: new Date() },
    }));
    // The call for the second email has done its reads; then its person asks to be deleted.
    const deletion = parseDeletionRequest({ emails: [emails[1]] });
    if (!deletion.ok) throw new Error('deletion request invalid');
    await recordDeletion(db, { workspaceId, identifiers: deletion.value, actor: 'test' });
    expect(await writeCalls(db, writes)).toEqual(['written', 'deleted', 'written']);
    const seen = await query<{ value: string }>(
      `select i.value from identifiers i join identifier_contributions c on c.identifier_id = i.id
       where c.workspace_id = $1 and i.kind = 'email'`,
      [workspaceId],
    );
    expect(seen).toHaveLength(2);
  });

  it('Verify answers data_deleted for a deleted identifier and stores no session', async () => {
    const workspaceId = await workspaceOfNewKey();
    const email = `${unique('gv')}@example.com`;
    const deletion = parseDeletionRequest({ emails: [email] });
    if (!deletion.ok) throw new Error('deletion request invalid');
    await recordDeletion(db, { workspaceId, identifiers: deletion.value, actor: 'test' });
    const outcome = await verify(
      db,
      { workspaceId, actor: 'test', trialQuota: null },
      parsed({ emails: [email] }),
      'r',
    );
    expect(outcome).toEqual({ kind: 'data_deleted', kinds: ['email'] });
    const [sessions] = await query<{ n: number }>(
      'select count(*)::int as n from sessions where workspace_id = $1',
      [workspaceId],
    );
    expect(sessions?.n).toBe(0);
  });
});
