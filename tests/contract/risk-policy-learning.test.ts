// Learning a workspace's weights from its decisions (docs/risk.md, "Learning from decisions"):
// admins only; too few decisions say so; with enough, the suggestion names the weights that move and
// their held-out backtest, and nothing changes until an admin adopts it as the next version, which
// the next Verify is scored under.
import { describe, expect, it } from 'vitest';
import { scoreRisk } from '@/lib/engine/risk';
import { MIN_LABELLED_SESSIONS, MIN_PER_CLASS } from '@/lib/engine/risk-policy/fit-weights';
import { policyWeights } from '@/lib/engine/risk-policy/overrides';
import { type ConsoleClient, expectProblem, newUser, signedIn, unique } from './console-session';
import { query, readResponse } from './support';

type ApiCheck = { id: string; state: string; risk: 'HIGH' | 'MED' | 'LOW' | 'NONE'; description: string };

// A private address: IP_TYPE answers PRIVATE, MED (weight 1.9) by default (docs/checks.md).
const REQUEST = { ipAddress: '10.20.30.40' };
const DECLINES = 130;
const APPROVALS = 130;
/** Approved sessions that still came from a private address: the state is not a perfect label. */
const APPROVED_PRIVATE = 15;

const put = async (client: ConsoleClient, body: unknown) =>
  readResponse(
    await client.fetch('/api/console/risk-policy', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

const suggestion = (client: ConsoleClient) => client.json('/api/console/risk-policy/suggestion');

/**
 * `count` copies of a real session (its sealed identifiers and its call's stored checks), decided
 * `decision`: with the IP_TYPE check or without it. Seeded in the database, as the deletion tests
 * seed bulk sessions: hundreds of console decisions would only test the decision route again.
 */
async function seedDecided(
  template: string,
  count: number,
  decision: 'approve' | 'decline',
  withIpType: boolean,
  actor: string,
) {
  const tag = unique(decision).replace(/[^a-z0-9]/gi, '');
  await query(
    `insert into sessions (id, workspace_id, identifiers_sealed, calls, last_risk, created_at, updated_at, decision, decided_at)
     select 'ses_' || $2 || '_' || g, s.workspace_id, s.identifiers_sealed, 1, s.last_risk, s.created_at, s.updated_at, $4, now()
     from sessions s, generate_series(1, $3::int) g where s.id = $1`,
    [template, tag, count, decision],
  );
  await query(
    `insert into session_calls (id, session_id, workspace_id, status, risk, input_summary, checks, request_id, policy_version, created_at)
     select 'cal_' || $2 || '_' || g, 'ses_' || $2 || '_' || g, c.workspace_id, c.status, c.risk, c.input_summary,
       case when $4 then c.checks else jsonb_path_query_array(c.checks, '$[*] ? (@.id != "IP_TYPE")') end,
       c.request_id, c.policy_version, c.created_at
     from session_calls c, generate_series(1, $3::int) g where c.session_id = $1`,
    [template, tag, count, withIpType],
  );
  await query(
    `insert into session_decisions (id, workspace_id, session_id, decision, reason, actor, request_id)
     select 'dec_' || $2 || '_' || g, s.workspace_id, 'ses_' || $2 || '_' || g, $4, 'Seeded', $5, 'req_seed'
     from sessions s, generate_series(1, $3::int) g where s.id = $1`,
    [template, tag, count, decision, actor],
  );
}

describe('learning weights from decisions', () => {
  it('is for admins: 403 for an analyst', async () => {
    const admin = await newUser('admin');
    const analyst = await signedIn(await newUser('analyst', admin.workspace));
    expectProblem(await suggestion(analyst), 403, 'FORBIDDEN');
  });

  it('says how many decisions are missing, then suggests weights that an admin adopts as the next version', async () => {
    const admin = await newUser('admin');
    const client = await signedIn(admin);
    const first = await client.json('/api/console/verify', REQUEST);
    expect(first.status).toBe(201);
    const privateCheck = (first.body.checks as ApiCheck[]).find((c) => c.id === 'IP_TYPE');
    expect(privateCheck).toMatchObject({ state: 'PRIVATE', risk: 'MED' });

    // One decision through the console's route: it counts like the others.
    const decided = await client.json(`/api/console/sessions/${first.body.sessionId}/decisions`, {
      decision: 'decline',
      reason: 'Synthetic identity',
    });
    expect(decided.status).toBe(201);
    const few = await suggestion(client);
    expect(few.status).toBe(200);
    expect(few.body).toEqual({
      kind: 'not-enough',
      labelled: { sessions: 1, approvals: 0, declines: 1 },
      minimum: { sessions: MIN_LABELLED_SESSIONS, perClass: MIN_PER_CLASS },
    });

    await seedDecided(first.body.sessionId, DECLINES - 1, 'decline', true, admin.id);
    await seedDecided(first.body.sessionId, APPROVED_PRIVATE, 'approve', true, admin.id);
    await seedDecided(first.body.sessionId, APPROVALS - APPROVED_PRIVATE, 'approve', false, admin.id);
    expect(DECLINES + APPROVALS).toBeGreaterThanOrEqual(MIN_LABELLED_SESSIONS);

    const learned = await suggestion(client);
    expect(learned.status).toBe(200);
    const body = learned.body;
    expect(body).toMatchObject({
      kind: 'suggestion',
      currentVersion: 0,
      labelled: { sessions: DECLINES + APPROVALS, approvals: APPROVALS, declines: DECLINES },
    });
    expect(body.training.sessions + body.heldOut.sessions).toBe(DECLINES + APPROVALS);
    // Nearly every decline came from a private address: its weight rises well above MED's 1.9.
    const change = body.changes.find(
      (c: { checkId: string; state: string }) => c.checkId === 'IP_TYPE' && c.state === 'PRIVATE',
    );
    expect(change).toMatchObject({ current: 1.9 });
    expect(change.suggested).toBeGreaterThan(2.5);
    expect(body.weights.IP_TYPE.PRIVATE).toBe(change.suggested);
    for (const side of [body.before, body.after]) {
      expect(side).toMatchObject({ sessions: body.heldOut.sessions, auc: expect.any(Number) });
    }
    // The held-out declines: a private address alone is low under the defaults, above it once learned.
    expect(body.before.aboveLow.declines).toBe(0);
    expect(body.after.aboveLow.declines).toBeGreaterThan(body.before.aboveLow.declines);
    // Suggesting saves nothing.
    expect((await client.json('/api/console/risk-policy')).body.version).toBe(0);
    const before = await client.json('/api/console/verify', REQUEST);
    expect(before.body.risk).toBe(first.body.risk);

    // Out-of-range and unknown weights are refused by path, like levels.
    const invalid = await put(client, {
      overrides: {},
      weights: { IP_TYPE: { PRIVATE: 40, SOMETIMES: 1 }, NOT_A_CHECK: { TRUE: 1 } },
      expectedVersion: 0,
    });
    expectProblem(invalid, 400, 'INVALID_INPUT');
    expect(invalid.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'weights.IP_TYPE.PRIVATE',
      'weights.IP_TYPE.SOMETIMES',
      'weights.NOT_A_CHECK',
    ]);

    // Adopting: the console's button saves the suggestion's weights through the ordinary save.
    const adopted = await put(client, { overrides: {}, weights: body.weights, expectedVersion: 0 });
    expect(adopted.status).toBe(200);
    expect(adopted.body).toEqual({ version: 1, overrides: {}, weights: body.weights, changed: true });
    const audit = await query<{ target_id: string; metadata: { weights?: unknown[] } }>(
      "select target_id, metadata from audit_log where workspace_id = $1 and action = 'risk_policy.update'",
      [admin.workspaceId],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.metadata.weights).toContainEqual({
      checkId: 'IP_TYPE',
      state: 'PRIVATE',
      weight: change.suggested,
    });

    // The next Verify is scored under version 1 with the adopted weight.
    const after = await client.json('/api/console/verify', REQUEST);
    expect(after.status).toBe(201);
    const policy = { version: 1, overrides: {}, weights: body.weights };
    const checks = (after.body.checks as ApiCheck[]).map((c) => ({
      ...c,
      name: c.id,
      checkPackage: 'IP Address' as const,
    }));
    expect(after.body.risk).toBe(scoreRisk(checks, policyWeights(policy)).risk);
    expect(after.body.risk).toBeGreaterThan(before.body.risk);
    const stored = await query<{ policy_version: number }>(
      'select policy_version from session_calls where session_id = $1',
      [after.body.sessionId],
    );
    expect(stored).toEqual([{ policy_version: 1 }]);

    // A levels-only save (the editor) keeps the adopted weights.
    const levels = await put(client, { overrides: { EMAIL_TYPE: { FREE: 'NONE' } }, expectedVersion: 1 });
    expect(levels.body).toMatchObject({ version: 2, weights: body.weights });
    expect((await suggestion(client)).body.currentVersion).toBe(2);
  });
});
