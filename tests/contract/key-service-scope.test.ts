// Issue 11, "services take a context and scope every query themselves": the key verbs act only on
// the context's workspace (another workspace's key answers as a missing one and is left as it
// was), the operator's context reaches every workspace, and each change is audited as its actor.
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { OPERATOR } from '@/lib/services/context';
import { revokeKey, rotateKey, setKeyRateLimit } from '@/lib/services/keys/manage-keys';
import { appConnectionUrl, newKey, query, verify } from './support';

const pool = createPool(appConnectionUrl(), 2);
const db = drizzle({ client: pool, schema });
afterAll(() => pool.end());

/** The context of a member of the key's workspace. */
const memberOf = async (keyId: string) => {
  const [row] = await query<{ workspace_id: string }>('select workspace_id from api_keys where id = $1', [
    keyId,
  ]);
  if (!row) throw new Error(`no key ${keyId}`);
  return { workspaceId: row.workspace_id, actor: 'usr_scope_test' };
};

const keyRow = async (id: string) =>
  (
    await query<{ revoked_at: Date | null; expires_at: Date | null; rate_limit_per_sec: number | null }>(
      'select revoked_at, expires_at, rate_limit_per_sec from api_keys where id = $1',
      [id],
    )
  )[0];

describe('key services scope their queries by the context', () => {
  it("another workspace's key is not found by rotate, revoke or limit, and nothing of it changes", async () => {
    const mine = await newKey('verify');
    const theirs = await newKey('verify');
    const ctx = await memberOf(mine.id);
    const before = await keyRow(theirs.id);

    expect(await rotateKey(db, ctx, { id: theirs.id, graceSeconds: 60 })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(await revokeKey(db, ctx, { id: theirs.id })).toEqual({ ok: false, reason: 'not_found' });
    expect(await setKeyRateLimit(db, ctx, { id: theirs.id, rateLimitPerSec: 1 })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(await keyRow(theirs.id)).toEqual(before);
    expect((await verify({ email: 'scope.theirs@example.com' }, { key: theirs.key })).status).toBe(201);
    // Only its creation is on record: no change was made, so none was audited.
    const audited = await query<{ action: string }>('select action from audit_log where target_id = $1', [
      theirs.id,
    ]);
    expect(audited).toEqual([{ action: 'key.create' }]);
  });

  it("the workspace's own key: revoked once, a second revocation answers the first one's time", async () => {
    const mine = await newKey('verify');
    const ctx = await memberOf(mine.id);
    const first = await revokeKey(db, ctx, { id: mine.id });
    expect(first.ok).toBe(true);
    const revokedAt = first.ok ? first.value.revokedAt : '';
    expect(await revokeKey(db, ctx, { id: mine.id })).toEqual({ ok: false, reason: 'revoked', revokedAt });
    const audit = await query<{ actor: string; action: string }>(
      "select actor, action from audit_log where target_id = $1 and action <> 'key.create'",
      [mine.id],
    );
    expect(audit).toEqual([{ actor: 'usr_scope_test', action: 'key.revoke' }]);
    // The revocation names the key as the Keys tab does (issue 32): its label and prefix.
    const [details] = await query<{ metadata: unknown }>(
      "select metadata from audit_log where target_id = $1 and action = 'key.revoke'",
      [mine.id],
    );
    expect(details?.metadata).toEqual({ name: null, start: mine.key.slice(0, 10) });
  });

  it("the operator's context reaches any workspace's key", async () => {
    const anyKey = await newKey('verify');
    const limited = await setKeyRateLimit(db, OPERATOR, { id: anyKey.id, rateLimitPerSec: 7 });
    expect(limited).toEqual({ ok: true, value: { id: anyKey.id, rateLimitPerSec: 7 } });
    expect((await keyRow(anyKey.id))?.rate_limit_per_sec).toBe(7);
  });
});
