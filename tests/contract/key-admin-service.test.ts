// Issue 14, keys complete, at the service level on the contract server's database: every verb
// (create with an expiry and a rate, update, rotate with a grace capped at the key's expiry,
// revoke) writes its audit row in the same transaction, so a failing audit insert leaves the key
// as it was; authentication refuses an expired key; an edit of scopes reaches the key cache at
// once, while a label edit and the usage flush's last_used_at stamps announce nothing.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { KEY_CHANGES_CHANNEL } from '@/lib/services/keys/key-changes';
import { createKey, revokeKey, rotateKey, setKeyRateLimit } from '@/lib/services/keys/manage-keys';
import { updateKey } from '@/lib/services/keys/update-key';
import { UsageCounter } from '@/lib/services/keys/usage-counter';
import { listKeys } from '@/lib/services/keys/workspace-keys';
import { appConnectionUrl, connectionUrl, keysCli, newKey, query, signals, unique, verify } from './support';

// The server's own role: the services run with the rights the server has.
const pool = createPool(appConnectionUrl(), 2);
const db = drizzle({ client: pool, schema });

/** Audit inserts by this actor fail in the database, as a full disk or a constraint would. */
const FAILING_ACTOR = 'usr_audit_fails';

beforeAll(async () => {
  await query(`
    create or replace function test_fail_audit() returns trigger language plpgsql as $$
    begin
      if new.actor = '${FAILING_ACTOR}' then raise exception 'audit insert refused (test)'; end if;
      return new;
    end $$`);
  await query(
    'create or replace trigger test_fail_audit before insert on audit_log for each row execute function test_fail_audit()',
  );
});

afterAll(async () => {
  await query('drop trigger if exists test_fail_audit on audit_log');
  await query('drop function if exists test_fail_audit()');
  await pool.end();
});

interface KeyRow {
  id: string;
  workspace_id: string;
  name: string | null;
  scopes: string[];
  expires_at: Date | null;
  revoked_at: Date | null;
  rotated_to_id: string | null;
  rate_limit_per_sec: number | null;
  last_used_at: Date | null;
}

const keyRow = async (id: string) =>
  (await query<KeyRow>('select * from api_keys where id = $1', [id]))[0] as KeyRow;

const auditOf = (id: string) =>
  query<{ actor: string; action: string; metadata: Record<string, unknown> }>(
    'select actor, action, metadata from audit_log where target_id = $1 order by created_at, id',
    [id],
  );

/** A workspace member's context for the key's workspace. */
const memberOf = async (id: string, actor = 'usr_keys_test') => ({
  workspaceId: (await keyRow(id)).workspace_id,
  actor,
});

describe('key verbs, each audited in its own transaction', () => {
  it('creates a key with an expiry and a rate of its own, audited with both', async () => {
    const expiresAt = new Date(Date.now() + 30 * 86_400_000);
    const issued = await createKey(db, {
      workspace: unique('ws-admin-keys'),
      scopes: ['verify'],
      name: 'expiring backend',
      expiresAt,
      rateLimitPerSec: 4,
      actor: 'usr_creator',
    });
    const row = await keyRow(issued.id);
    expect(row).toMatchObject({ name: 'expiring backend', scopes: ['verify'], rate_limit_per_sec: 4 });
    expect(row.expires_at?.toISOString()).toBe(expiresAt.toISOString());
    expect(await auditOf(issued.id)).toEqual([
      {
        actor: 'usr_creator',
        action: 'key.create',
        metadata: {
          name: 'expiring backend',
          scopes: ['verify'],
          start: issued.key.slice(0, 10),
          rateLimitPerSec: 4,
          expiresAt: expiresAt.toISOString(),
        },
      },
    ]);
    const answer = await verify({ email: 'keys.expiry@example.com' }, { key: issued.key });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('ratelimit-limit')).toBe('4');
  });

  it('authentication refuses a key past its expiry with 401, as an unknown one', async () => {
    const created = await newKey('verify', ['--expires', '1d']);
    await query("update api_keys set expires_at = now() - interval '1 second' where id = $1", [created.id]);
    const refused = await verify({ email: 'keys.after@example.com' }, { key: created.key });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      code: 'UNAUTHORIZED',
      detail: 'The API key is invalid, expired or revoked.',
    });

    // A key the server has cached: refused as soon as the change is announced (a second at worst).
    const cached = await newKey('verify', ['--expires', '1d']);
    expect((await verify({ email: 'keys.before@example.com' }, { key: cached.key })).status).toBe(201);
    await query("update api_keys set expires_at = now() - interval '1 second' where id = $1", [cached.id]);
    let status = 0;
    for (let tries = 0; tries < 40 && status !== 401; tries++) {
      if (tries > 0) await new Promise((r) => setTimeout(r, 50));
      status = (await verify({ email: 'keys.after@example.com' }, { key: cached.key })).status;
    }
    expect(status).toBe(401);
  });

  it('updates label, scopes and rate, auditing each change from and to; an unchanged edit writes nothing', async () => {
    const created = await newKey('verify');
    const ctx = await memberOf(created.id);
    const updated = await updateKey(db, ctx, {
      id: created.id,
      name: 'renamed',
      scopes: ['verify', 'signals'],
      rateLimitPerSec: 9,
    });
    expect(updated).toEqual({
      ok: true,
      value: {
        id: created.id,
        name: 'renamed',
        scopes: ['verify', 'signals'],
        rateLimitPerSec: 9,
        changed: ['name', 'scopes', 'rateLimitPerSec'],
      },
    });
    expect(await keyRow(created.id)).toMatchObject({
      name: 'renamed',
      scopes: ['verify', 'signals'],
      rate_limit_per_sec: 9,
    });
    const again = await updateKey(db, ctx, {
      id: created.id,
      name: 'renamed',
      scopes: ['signals', 'verify'],
    });
    expect(again).toMatchObject({ ok: true, value: { changed: [] } });
    expect(await auditOf(created.id)).toEqual([
      expect.objectContaining({ action: 'key.create' }),
      {
        actor: 'usr_keys_test',
        action: 'key.update',
        metadata: {
          name: { from: null, to: 'renamed' },
          scopes: { from: ['verify'], to: ['verify', 'signals'] },
          rateLimitPerSec: { from: null, to: 9 },
        },
      },
    ]);
    // The new scope works on the next request: the update was announced to the server's cache.
    expect((await signals({ emails: ['keys.scopes@example.com'] }, { key: created.key })).status).not.toBe(
      403,
    );
  });

  it('does not edit a revoked key, nor another workspace’s', async () => {
    const mine = await newKey('verify');
    const theirs = await newKey('verify');
    const ctx = await memberOf(mine.id);
    expect(await updateKey(db, ctx, { id: theirs.id, name: 'x' })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    await revokeKey(db, ctx, { id: mine.id });
    expect(await updateKey(db, ctx, { id: mine.id, name: 'x' })).toEqual({ ok: false, reason: 'revoked' });
    expect((await keyRow(theirs.id)).name).toBeNull();
  });

  it('rotates with the chosen grace, capped at the key’s own expiry', async () => {
    const plain = await newKey('verify');
    const before = Date.now();
    const rotated = await rotateKey(db, await memberOf(plain.id), { id: plain.id, graceSeconds: 7 * 86_400 });
    expect(rotated.ok).toBe(true);
    if (!rotated.ok) return;
    const end = Date.parse(rotated.value.previousExpiresAt);
    expect(end).toBeGreaterThanOrEqual(before + 7 * 86_400_000);
    expect(end).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);
    expect(await auditOf(plain.id)).toEqual([
      expect.objectContaining({ action: 'key.create' }),
      expect.objectContaining({
        action: 'key.rotate',
        metadata: expect.objectContaining({ newKeyId: rotated.value.id, graceSeconds: 7 * 86_400 }),
      }),
    ]);

    // A key expiring in a day keeps that end, whatever grace is asked for.
    const soon = await newKey('verify', ['--expires', '1d']);
    const ownExpiry = (await keyRow(soon.id)).expires_at?.toISOString();
    const capped = await rotateKey(db, await memberOf(soon.id), { id: soon.id, graceSeconds: 7 * 86_400 });
    expect(capped).toMatchObject({ ok: true, value: { previousExpiresAt: ownExpiry } });
    expect((await keyRow(soon.id)).expires_at?.toISOString()).toBe(ownExpiry);
  });
});

describe('a failing audit insert rolls the change back', () => {
  it('create: neither the key nor its workspace is left behind', async () => {
    const workspace = unique('ws-audit-fails');
    await expect(
      createKey(db, { workspace, scopes: ['verify'], name: 'never', actor: FAILING_ACTOR }),
    ).rejects.toThrow();
    expect(await query('select 1 from workspaces where name = $1', [workspace])).toEqual([]);

    // In an existing workspace, the key's own audit row fails: no key is left either.
    const existing = await newKey('verify');
    const { workspace_id: workspaceId } = await keyRow(existing.id);
    const [{ name } = { name: '' }] = await query<{ name: string }>(
      'select name from workspaces where id = $1',
      [workspaceId],
    );
    await expect(
      createKey(db, { workspace: name, scopes: ['verify'], actor: FAILING_ACTOR }),
    ).rejects.toThrow();
    expect(await query('select id from api_keys where workspace_id = $1', [workspaceId])).toEqual([
      { id: existing.id },
    ]);
  });

  it('update, rotate, revoke and limit: the key is as it was, and no successor exists', async () => {
    const created = await newKey('verify');
    const ctx = await memberOf(created.id, FAILING_ACTOR);
    const before = await keyRow(created.id);
    await expect(
      updateKey(db, ctx, { id: created.id, name: 'nope', scopes: ['ingest'], rateLimitPerSec: 2 }),
    ).rejects.toThrow();
    await expect(rotateKey(db, ctx, { id: created.id, graceSeconds: 60 })).rejects.toThrow();
    await expect(revokeKey(db, ctx, { id: created.id })).rejects.toThrow();
    await expect(setKeyRateLimit(db, ctx, { id: created.id, rateLimitPerSec: 3 })).rejects.toThrow();
    expect(await keyRow(created.id)).toEqual(before);
    expect(await query('select id from api_keys where workspace_id = $1', [before.workspace_id])).toEqual([
      { id: created.id },
    ]);
    expect(await auditOf(created.id)).toEqual([expect.objectContaining({ action: 'key.create' })]);
    expect((await verify({ email: 'keys.rollback@example.com' }, { key: created.key })).status).toBe(201);
  });
});

describe('what is announced to the key caches', () => {
  it('a label edit and a usage flush announce nothing; a scope edit does', async () => {
    const created = await newKey('verify');
    const ctx = await memberOf(created.id);
    const listener = new pg.Client({ connectionString: connectionUrl() });
    await listener.connect();
    const heard: number[] = [];
    let resolveScopes: () => void = () => undefined;
    const scopesHeard = new Promise<void>((resolve) => {
      resolveScopes = resolve;
    });
    listener.on('notification', (message) => {
      if (message.channel !== KEY_CHANGES_CHANNEL) return;
      heard.push(Date.now());
      resolveScopes();
    });
    await listener.query(`LISTEN ${KEY_CHANGES_CHANNEL}`);
    try {
      expect(await updateKey(db, ctx, { id: created.id, name: 'label only' })).toMatchObject({
        value: { changed: ['name'] },
      });
      const counter = new UsageCounter(db);
      counter.record({ workspaceId: ctx.workspaceId, keyId: created.id, endpoint: 'verify', status: 201 });
      await counter.flush();
      expect((await keyRow(created.id)).last_used_at).not.toBeNull();
      expect(await updateKey(db, ctx, { id: created.id, scopes: ['verify', 'ingest'] })).toMatchObject({
        value: { changed: ['scopes'] },
      });
      // Notifications arrive in commit order: had the first two announced, they would be here first.
      await scopesHeard;
      expect(heard).toHaveLength(1);
    } finally {
      await listener.end();
    }
  });
});

describe('the key list', () => {
  it('reads keys and usage in one snapshot: a flush landing between its reads shows neither or both', async () => {
    const created = await newKey('verify');
    const ctx = await memberOf(created.id);
    // A database whose usage read waits, once, for another process's flush to commit: the moment
    // the server's flush landed in CI, when the list showed a count without its last use.
    let flushFirst: (() => Promise<void>) | null = null;
    const racing = createPool(appConnectionUrl(), 2);
    racing.on('connect', (client) => {
      const original = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        const first = args[0];
        const text = typeof first === 'string' ? first : ((first as { text?: string })?.text ?? '');
        const hook = flushFirst;
        if (hook && /^select\b[\s\S]*"key_usage_hourly"/.test(text.trim())) {
          flushFirst = null;
          return hook().then(() => original(...args));
        }
        return original(...args);
      }) as typeof client.query;
    });
    try {
      const racingDb = drizzle({ client: racing, schema });
      // Both connections open and idle, so the key read goes out at once.
      await Promise.all([racing.query('select 1'), racing.query('select 1')]);
      const elsewhere = new UsageCounter(db);
      elsewhere.record({ workspaceId: ctx.workspaceId, keyId: created.id, endpoint: 'verify', status: 201 });
      flushFirst = () => elsewhere.flush();
      const [listed] = await listKeys(racingDb, ctx);
      expect(flushFirst).toBeNull();
      // The hook ran (the flush did land between the reads); the list shows neither or both.
      expect(listed?.lastUsedAt != null, 'a last use exactly when a count').toBe(
        (listed?.requests30d ?? 0) > 0,
      );
      // Once it has committed, the next list shows both.
      const [after] = await listKeys(racingDb, ctx);
      expect(after).toMatchObject({ requests30d: 1, lastUsedAt: expect.any(String) });
    } finally {
      await racing.end();
    }
  });
});

describe('the keys CLI, through the same services', () => {
  it('creates with --expires, lists with usage, updates and refuses bad arguments', async () => {
    const workspace = unique('ws-keys-cli');
    const created = await newKey('verify', ['--expires', '30d', '--name', 'cli key'], workspace);
    expect(Date.parse(created.expiresAt ?? '')).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect((await verify({ email: 'keys.cli@example.com' }, { key: created.key })).status).toBe(201);

    const updated = await keysCli([
      'update',
      created.id,
      '--name',
      '',
      '--scopes',
      'verify,ingest',
      '--rate-limit',
      '3/s',
    ]);
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(updated.stdout)).toEqual({
      id: created.id,
      name: null,
      scopes: ['verify', 'ingest'],
      rateLimitPerSec: 3,
      changed: ['name', 'scopes', 'rateLimitPerSec'],
    });
    expect((await auditOf(created.id)).at(-1)).toMatchObject({ actor: 'cli', action: 'key.update' });

    // The list reads this process's flushed counts; the server's come within its flush interval.
    let listed: { id: string; requests30d: number; expiresAt: string | null; scopes: string[] }[] = [];
    for (let tries = 0; tries < 40; tries++) {
      const result = await keysCli(['list', '--workspace', workspace]);
      expect(result.code, result.stderr).toBe(0);
      listed = JSON.parse(result.stdout).keys;
      if (listed[0]?.requests30d === 1) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(listed).toEqual([
      expect.objectContaining({
        id: created.id,
        scopes: ['verify', 'ingest'],
        expiresAt: created.expiresAt,
        requests30d: 1,
        lastUsedAt: expect.any(String),
      }),
    ]);

    for (const args of [
      ['create', '--workspace', workspace, '--scopes', 'verify', '--expires', 'yesterday'],
      ['create', '--workspace', workspace, '--scopes', 'verify', '--expires', '2001-01-01T00:00:00Z'],
      ['update', created.id],
      ['rotate', created.id, '--grace', '31d'],
    ]) {
      const refused = await keysCli(args);
      expect(refused.code, args.join(' ')).toBe(2);
    }
  });
});
