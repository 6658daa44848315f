// Issue 14: every change verb writes its audit row in the change's own transaction. With the
// audit insert made to fail (a trigger refusing one workspace's rows), each verb fails and its
// change is rolled back: nothing changes that the audit log does not record.
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { createConsoleUser } from '@/lib/services/console-users';
import type { WorkspaceContext } from '@/lib/services/context';
import { setGraphSharing } from '@/lib/services/graph-sharing';
import { createKey, revokeKey, setKeyRateLimit } from '@/lib/services/keys/manage-keys';
import { setWorkspaceRateLimit } from '@/lib/services/keys/workspace-rate-limit';
import { addMember } from '@/lib/services/members/add-member';
import { changeMemberRole, removeMember } from '@/lib/services/members/change-member';
import { savePolicy } from '@/lib/services/risk-policy/save-policy';
import { setTrialQuota } from '@/lib/services/trial-quota';
import { appConnectionUrl, query, unique } from './support';

const pool = createPool(appConnectionUrl(), 2);
const db = drizzle({ client: pool, schema });
const trigger = `refuse_audit_${process.pid}_${Date.now()}`;

let ctx: WorkspaceContext;
let workspaceName: string;
let analystId: string;
let secondAdminId: string;
let keyId: string;

/** Everything the verbs below could change in the workspace, to compare before and after. */
const snapshot = async () => ({
  workspace: await query(
    'select trial_quota, rate_limit_per_sec, share_graph from workspaces where id = $1',
    [ctx.workspaceId],
  ),
  members: await query('select user_id, role from memberships where workspace_id = $1 order by user_id', [
    ctx.workspaceId,
  ]),
  users: await query('select count(*)::int as n from users'),
  keys: await query(
    'select id, revoked_at, rate_limit_per_sec from api_keys where workspace_id = $1 order by id',
    [ctx.workspaceId],
  ),
  policies: await query('select version from risk_policies where workspace_id = $1', [ctx.workspaceId]),
  audit: await query('select id from audit_log where workspace_id = $1 order by id', [ctx.workspaceId]),
});

beforeAll(async () => {
  workspaceName = unique('rollback-ws');
  const admin = await createConsoleUser(db, {
    email: `${unique('admin')}@example.com`,
    workspace: workspaceName,
    role: 'admin',
    password: `pw-${unique('secret')}`,
    actor: 'cli',
  });
  if (!admin.ok) throw new Error('admin not created');
  ctx = { workspaceId: admin.value.workspaceId, actor: admin.value.id, requestId: unique('req') };
  const analyst = await addMember(db, ctx, { email: `${unique('analyst')}@example.com`, role: 'analyst' });
  const second = await addMember(db, ctx, { email: `${unique('admin2')}@example.com`, role: 'admin' });
  if (!analyst.ok || !second.ok) throw new Error('members not added');
  analystId = analyst.value.userId;
  secondAdminId = second.value.userId;
  keyId = (await createKey(db, { workspace: workspaceName, scopes: ['verify'], actor: 'cli' })).id;
  // From here on, this workspace's audit rows cannot be written.
  await query(`create function ${trigger}() returns trigger language plpgsql as $$
    begin
      if new.workspace_id = '${ctx.workspaceId}' then raise exception 'audit insert refused by the test'; end if;
      return new;
    end $$`);
  await query(
    `create trigger ${trigger} before insert on audit_log for each row execute function ${trigger}()`,
  );
});

afterAll(async () => {
  await query(`drop trigger if exists ${trigger} on audit_log`);
  await query(`drop function if exists ${trigger}()`);
  await pool.end();
});

const verbs: [string, () => Promise<unknown>][] = [
  ['member.add', () => addMember(db, ctx, { email: `${unique('refused')}@example.com`, role: 'analyst' })],
  ['member.change_role', () => changeMemberRole(db, ctx, { userId: analystId, role: 'admin' })],
  ['member.remove', () => removeMember(db, ctx, { userId: secondAdminId })],
  ['workspace.trial_quota', () => setTrialQuota(db, ctx, { trialQuota: 5 })],
  [
    'workspace.rate_limit',
    () => setWorkspaceRateLimit(db, { workspaceId: ctx.workspaceId, rateLimitPerSec: 3, actor: ctx.actor }),
  ],
  [
    'workspace.share_graph',
    () => setGraphSharing(db, { workspaceId: ctx.workspaceId, shareGraph: true, actor: ctx.actor }),
  ],
  [
    'risk_policy.update',
    () =>
      savePolicy(db, {
        workspaceId: ctx.workspaceId,
        overrides: { IP_TYPE: { PRIVATE: 'HIGH' } },
        actor: ctx.actor,
      }),
  ],
  ['key.create', () => createKey(db, { workspace: workspaceName, scopes: ['verify'], actor: ctx.actor })],
  ['key.revoke', () => revokeKey(db, ctx, { id: keyId })],
  ['key.rate_limit', () => setKeyRateLimit(db, ctx, { id: keyId, rateLimitPerSec: 2 })],
];

/** An error's message and those of its causes. */
function messages(error: unknown): string[] {
  if (!(error instanceof Error)) return [];
  return [error.message, ...messages(error.cause)];
}

describe('a failing audit insert rolls the change back', () => {
  it.each(verbs)('%s', async (_action, run) => {
    const before = await snapshot();
    const error = await run().then(
      () => null,
      (thrown: unknown) => thrown,
    );
    // The trigger's refusal, not some other failure (drizzle wraps the driver's error as cause).
    expect(messages(error).join(' | ')).toContain('audit insert refused by the test');
    expect(await snapshot()).toEqual(before);
  });
});
