// Issue 14, usage counting on the contract server's database: requests are counted in memory and
// a flush adds them as one row per key, endpoint, hour and status class (never a row per request),
// stamps last_used_at with the latest use, keeps its counts when it fails, and skips keys that
// no longer exist without losing the others.
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { UsageCounter } from '@/lib/services/keys/usage-counter';
import { appConnectionUrl, newKey, query } from './support';

const pool = createPool(appConnectionUrl(), 2);
const db = drizzle({ client: pool, schema });
afterAll(() => pool.end());

const rowsOf = (keyId: string) =>
  query<{ endpoint: string; status_class: string; requests: number; hour: Date }>(
    'select endpoint, status_class, requests, hour from key_usage_hourly where key_id = $1 order by endpoint, status_class',
    [keyId],
  );

const lastUsed = async (keyId: string) =>
  (await query<{ last_used_at: Date | null }>('select last_used_at from api_keys where id = $1', [keyId]))[0]
    ?.last_used_at ?? null;

async function keyAndWorkspace() {
  const created = await newKey('verify,signals');
  const [row] = await query<{ workspace_id: string }>('select workspace_id from api_keys where id = $1', [
    created.id,
  ]);
  return { keyId: created.id, workspaceId: row?.workspace_id ?? '' };
}

describe('UsageCounter', () => {
  it('adds aggregated rows per endpoint, hour and status class, and the latest use, flush after flush', async () => {
    const { keyId, workspaceId } = await keyAndWorkspace();
    let now = Date.parse('2026-11-20T10:15:00Z');
    const counter = new UsageCounter(db, { now: () => now });
    const record = (endpoint: string, status: number, times: number) => {
      for (let i = 0; i < times; i++) counter.record({ workspaceId, keyId, endpoint, status });
    };
    record('verify', 201, 4);
    record('verify', 200, 1);
    record('verify', 429, 2);
    record('verify', 400, 1);
    record('signals', 503, 1);
    expect(counter.pending).toBe(9);
    await counter.flush();
    expect(counter.pending).toBe(0);
    const hour = new Date('2026-11-20T10:00:00Z');
    expect(await rowsOf(keyId)).toEqual([
      { endpoint: 'signals', status_class: '5xx', requests: 1, hour },
      { endpoint: 'verify', status_class: '2xx', requests: 5, hour },
      { endpoint: 'verify', status_class: '429', requests: 2, hour },
      { endpoint: 'verify', status_class: '4xx', requests: 1, hour },
    ]);
    expect(await lastUsed(keyId)).toEqual(new Date(now));

    now += 20 * 60_000;
    record('verify', 201, 3);
    // Two readers flushing at once: each count lands once.
    await Promise.all([counter.flush(), counter.flush()]);
    expect((await rowsOf(keyId)).find((r) => r.status_class === '2xx')?.requests).toBe(8);
    expect(await lastUsed(keyId)).toEqual(new Date(now));

    // Another process's flush of an older use never moves last_used_at back.
    const older = new UsageCounter(db, { now: () => now - 3_600_000 });
    older.record({ workspaceId, keyId, endpoint: 'verify', status: 201 });
    await older.flush();
    expect(await lastUsed(keyId)).toEqual(new Date(now));
  });

  it('skips a key that no longer exists without losing the counts of the others', async () => {
    const { keyId, workspaceId } = await keyAndWorkspace();
    const counter = new UsageCounter(db);
    counter.record({ workspaceId, keyId: 'key_deleted_meanwhile', endpoint: 'verify', status: 201 });
    counter.record({ workspaceId, keyId, endpoint: 'verify', status: 201 });
    await counter.flush();
    expect((await rowsOf(keyId)).map((r) => r.requests)).toEqual([1]);
    expect(await query("select 1 from key_usage_hourly where key_id = 'key_deleted_meanwhile'")).toEqual([]);
  });

  it('keeps the counts of a failed flush for the next one', async () => {
    const { keyId, workspaceId } = await keyAndWorkspace();
    const broken = createPool(appConnectionUrl(), 1);
    await broken.end();
    const counter = new UsageCounter(drizzle({ client: broken, schema }));
    counter.record({ workspaceId, keyId, endpoint: 'verify', status: 201 });
    counter.record({ workspaceId, keyId, endpoint: 'verify', status: 201 });
    await expect(counter.flush()).rejects.toThrow();
    expect(counter.pending).toBe(2);
    expect(await rowsOf(keyId)).toEqual([]);
  });
});
