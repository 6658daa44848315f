// Issue 33 items 2-4 on the built server: rules written in the console decide the next Verify.
// A block-listed domain makes WORKSPACE_LIST BLOCKED and the rule's decline come back in the same
// answer; an allow-listed applicant is approved although a ring shares the phone (allow beats
// velocity because the allow rule comes first); a "review" outcome puts the session in the queue,
// a decline does not; the stored call keeps the rules version; a workspace without rules gets no
// outcome. Bad rules are a 400 naming the field, a stale save a 409, an analyst a 403.
import { describe, expect, it } from 'vitest';
import { type ConsoleClient, expectProblem, newUser, signedIn } from './console-session';
import { call, newKey, query, readResponse, unique, verify } from './support';
import { uniquePhone } from './unique-identifiers';

const put = async (client: ConsoleClient, body: unknown) =>
  readResponse(
    await client.fetch('/api/console/rules', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

const letters = () =>
  Array.from({ length: 9 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
/** A fresh applicant: a name and an email nobody else sends. */
const fresh = (given: string) => {
  const family = `Q${letters()}`;
  return { name: { given, family }, emails: [`${family}.${letters()}@example.com`] };
};

type Answer = {
  sessionId: string;
  checks: { id: string; state: string }[];
  outcome?: {
    decision: string;
    reasonCode: string;
    rule: { id: string; name: string } | null;
    rulesVersion: number;
  };
};
const stateOf = (body: Answer, id: string) => body.checks.find((c) => c.id === id)?.state;

const RULES = {
  rules: [
    {
      id: 'allow',
      name: 'Allow-listed customers',
      match: 'all',
      conditions: [{ type: 'list', list: 'allow' }],
      outcome: 'approve',
      reasonCode: 'ALLOW_LISTED',
    },
    {
      id: 'blocked-domain',
      name: 'Blocked email domain',
      match: 'all',
      conditions: [{ type: 'list', list: 'block', kinds: ['email_domain'] }],
      outcome: 'decline',
      reasonCode: 'BLOCKED_DOMAIN',
    },
    {
      id: 'ring',
      name: 'Phone shared within a day',
      match: 'any',
      conditions: [{ type: 'velocity', hub: 'phone', window: 'day', atLeast: 2 }],
      outcome: 'decline',
      reasonCode: 'VELOCITY_RING',
    },
    {
      id: 'shared-phone',
      name: 'Phone seen with another identity',
      match: 'all',
      conditions: [{ type: 'check', checkId: 'VELOCITY_PHONE', states: ['ELEVATED', 'BURST'] }],
      outcome: 'review',
      reasonCode: 'SHARED_PHONE',
    },
  ],
  defaultOutcome: 'approve',
  defaultReasonCode: 'NO_RULE_MATCHED',
};

describe('rules decide the answer', () => {
  it('returns the outcome of the first matching rule, queues reviews and records the version', async () => {
    const key = await newKey('verify');
    const admin = await signedIn(await newUser('admin', key.workspace));
    const domain = `${unique('abused')}.example`;

    // No rules yet: no outcome in the answer, nothing to show.
    expect((await admin.json('/api/console/rules')).body).toEqual({ current: null, history: [] });
    const before = await verify(fresh('Ann'), { key: key.key });
    expect(before.status).toBe(201);
    expect(before.body).not.toHaveProperty('outcome');

    // Bad rules: a 400 naming each field; nothing saved.
    const bad = await put(admin, {
      ruleSet: {
        ...RULES,
        rules: [
          { ...RULES.rules[0], conditions: [{ type: 'check', checkId: 'NOT_A_CHECK', states: ['X'] }] },
        ],
        defaultOutcome: 'maybe',
      },
      expectedVersion: 0,
    });
    expectProblem(bad, 400, 'INVALID_INPUT');
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'ruleSet.defaultOutcome',
      'ruleSet.rules.0.conditions.0.checkId',
    ]);

    const saved = await put(admin, { ruleSet: RULES, expectedVersion: 0 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ changed: true, current: { version: 1, defaultOutcome: 'approve' } });
    // A save on top of a version that is no longer in force is refused.
    expectProblem(await put(admin, { ruleSet: RULES, expectedVersion: 0 }), 409, 'INVALID_INPUT');
    const [audit] = await query<{ metadata: { version: number; rules: { id: string }[] } }>(
      `select metadata from audit_log where workspace_id = (select id from workspaces where name = $1) and action = 'rules.update'`,
      [key.workspace],
    );
    expect(audit?.metadata.version).toBe(1);
    expect(audit?.metadata.rules.map((r) => r.id)).toEqual([
      'allow',
      'blocked-domain',
      'ring',
      'shared-phone',
    ]);

    const listed = await admin.json('/api/console/lists/entries', {
      entries: [
        { list: 'block', kind: 'email_domain', value: domain, reason: 'card testing last week' },
        { list: 'allow', kind: 'email', value: 'loyal.customer@example.org', reason: 'customer since 2019' },
      ],
    });
    expect(listed.status).toBe(201);

    // The block-listed domain: BLOCKED and the rule's decline, in the same answer.
    const blocked = await verify({ emails: [`someone@${domain}`] }, { key: key.key });
    expect(stateOf(blocked.body, 'WORKSPACE_LIST')).toBe('BLOCKED');
    expect(blocked.body.outcome).toEqual({
      decision: 'decline',
      reasonCode: 'BLOCKED_DOMAIN',
      rule: { id: 'blocked-domain', name: 'Blocked email domain' },
      rulesVersion: 1,
    });

    // A ring on one phone: the first is approved by default, the second (another identity on the
    // phone) goes to review, the third (two others within the day) is declined.
    const phone = uniquePhone();
    const answers: Answer[] = [];
    for (const given of ['Alice', 'Bruno', 'Chloe']) {
      const answer = await verify({ ...fresh(given), phones: [phone] }, { key: key.key });
      expect(answer.status).toBe(201);
      answers.push(answer.body);
    }
    expect(answers.map((a) => a.outcome?.reasonCode)).toEqual([
      'NO_RULE_MATCHED',
      'SHARED_PHONE',
      'VELOCITY_RING',
    ]);
    expect(answers[0]?.outcome?.rule).toBeNull();
    // The allow-listed customer on the same phone: approved, the allow rule comes first.
    const loyal = await verify(
      { name: { given: 'Dana', family: 'Loyal' }, emails: ['loyal.customer@example.org'], phones: [phone] },
      { key: key.key },
    );
    expect(stateOf(loyal.body, 'VELOCITY_PHONE')).toBe('BURST');
    expect(loyal.body.outcome).toMatchObject({ decision: 'approve', reasonCode: 'ALLOW_LISTED' });

    // The review is in the queue with its outcome; the declined and approved sessions are not.
    const queue = await admin.json('/api/console/review-queue');
    const queued = (queue.body.sessions as { id: string; outcome: string | null }[]).map((s) => [
      s.id,
      s.outcome,
    ]);
    expect(queued).toContainEqual([answers[1]?.sessionId, 'review']);
    const queuedIds = queued.map(([id]) => id);
    for (const settled of [
      blocked.body.sessionId,
      answers[0]?.sessionId,
      answers[2]?.sessionId,
      loyal.body.sessionId,
    ]) {
      expect(queuedIds).not.toContain(settled);
    }

    // The stored call keeps the outcome and the rules version; the session page shows both.
    const [stored] = await query<{ rules_version: number; outcome: { reasonCode: string } }>(
      'select rules_version, outcome from session_calls where session_id = $1',
      [blocked.body.sessionId],
    );
    expect(stored).toMatchObject({ rules_version: 1, outcome: { reasonCode: 'BLOCKED_DOMAIN' } });
    const page = await admin.json(`/api/console/sessions/${blocked.body.sessionId}`);
    expect(page.body.outcome).toBe('decline');
    expect(page.body.timeline[0].outcome).toMatchObject({ decision: 'decline', rulesVersion: 1 });
    // The calling system reads the same outcome back with its key.
    const publicView = await call(`/api/sessions/${blocked.body.sessionId}`, { method: 'GET', key: key.key });
    expect(publicView.status).toBe(200);
    expect(publicView.body.outcome).toEqual(blocked.body.outcome);
    const noRules = await call(`/api/sessions/${before.body.sessionId}`, { method: 'GET', key: key.key });
    expect(noRules.body).not.toHaveProperty('outcome');

    // Removing every rule turns them off: the next answer carries no outcome again.
    const emptied = await put(admin, { ruleSet: { ...RULES, rules: [] }, expectedVersion: 1 });
    expect(emptied.body).toMatchObject({ changed: true, current: { version: 2, rules: [] } });
    const after = await verify({ emails: [`someone@${domain}`] }, { key: key.key });
    expect(stateOf(after.body, 'WORKSPACE_LIST')).toBe('BLOCKED');
    expect(after.body).not.toHaveProperty('outcome');
  });

  it('backtests proposed rules over recent sessions against the analysts, saving nothing', async () => {
    const key = await newKey('verify');
    const admin = await signedIn(await newUser('admin', key.workspace));
    const phone = uniquePhone();
    const sessions: string[] = [];
    for (const given of ['Erin', 'Farid', 'Greta']) {
      const answer = await verify({ ...fresh(given), phones: [phone] }, { key: key.key });
      sessions.push(answer.body.sessionId);
    }
    // The analysts declined the third application and approved the first.
    const reasons = (await admin.json('/api/console/decision-reasons')).body as {
      reasons: { decision: string; label: string }[];
    };
    const reasonFor = (decision: string) => reasons.reasons.find((r) => r.decision === decision)?.label;
    for (const [sessionId, decision] of [
      [sessions[2], 'decline'],
      [sessions[0], 'approve'],
    ] as const) {
      const decided = await admin.json(`/api/console/sessions/${sessionId}/decisions`, {
        decision,
        reason: reasonFor(decision),
      });
      expect(decided.status, JSON.stringify(decided.body)).toBe(201);
    }

    const result = await admin.json('/api/console/rules/backtest', { ruleSet: RULES, days: 1 });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({
      days: 1,
      sessions: 3,
      currentVersion: 0,
      before: null,
      after: { approve: 1, review: 1, decline: 1 },
      declinedByAnalysts: 1,
      declinesCaught: 1,
      approvedByAnalysts: 1,
      approvalsDeclined: 0,
    });
    expect((await admin.json('/api/console/rules')).body.current).toBeNull();

    expectProblem(
      await admin.json('/api/console/rules/backtest', { ruleSet: RULES, days: 0 }),
      400,
      'INVALID_INPUT',
    );
  });

  it('is for admins: an analyst is refused', async () => {
    const analyst = await signedIn(await newUser('analyst'));
    expect((await analyst.json('/api/console/rules')).status).toBe(403);
    expect((await put(analyst, { ruleSet: RULES, expectedVersion: 0 })).status).toBe(403);
  });
});
