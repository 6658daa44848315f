// Issue 34 item 1, webhooks, on the built server with a real receiver on loopback: an endpoint made
// in the console gets `session.created` for a keyed Verify and `decision.recorded` for an analyst's
// decision, signed per Standard Webhooks (checked with the specification's own verifier), naming no
// person; a refused decision emits nothing; a receiver that fails three times gets the event once
// more, with the same webhook-id; one that never answers 2xx is given up on after the last retry,
// its endpoint disabled and the admin told in the audit log; a rotated secret keeps signing beside
// the new one; private and loopback destinations are refused unless the operator allows them.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_ATTEMPTS } from '@/lib/engine/webhooks/retry';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { type ConsoleClient, expectProblem, newUser, signedIn } from './console-session';
import { newKey, query, readResponse, serviceDb, unique, verify } from './support';

// This process unseals the server's endpoint secrets to drive retries on a clock of its own.
process.env.DATA_DIR = inject('dataDir');
const { dispatchDue } = await import('@/lib/services/webhooks/dispatcher');
const { sendWebhook } = await import('@/lib/services/webhooks/send');

/** The test server's own setting (tests/contract/global-setup.ts): its receivers are on loopback. */
const LOOPBACK = ['127.0.0.0/8'];

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const patch = async (client: ConsoleClient, path: string, body: unknown) =>
  readResponse(
    await client.fetch(path, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

async function workspaceWithEndpoint(eventTypes: string[], to: WebhookReceiver = receiver) {
  const key = await newKey('verify');
  const admin = await signedIn(await newUser('admin', key.workspace));
  const created = await admin.json('/api/console/webhooks', {
    url: to.url,
    eventTypes,
    description: 'backend',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return {
    key,
    admin,
    endpoint: created.body.endpoint as { id: string },
    secret: created.body.secret as string,
  };
}

const fresh = () => ({
  emails: [`${unique('applicant')}@example.com`],
  name: { given: 'Ada', family: unique('Q') },
});

describe('webhooks', () => {
  it('are made by admins, with a secret shown once, and refuse bad input by field', async () => {
    const { admin, endpoint, secret } = await workspaceWithEndpoint(['session.created']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const listed = await admin.json('/api/console/webhooks');
    expect(listed.body.endpoints).toEqual([
      expect.objectContaining({
        id: endpoint.id,
        url: receiver.url,
        eventTypes: ['session.created'],
        enabled: true,
      }),
    ]);
    expect(listed.text).not.toContain(secret.slice(6));
    const bad = await admin.json('/api/console/webhooks', { url: 'ftp://example.com', eventTypes: ['nope'] });
    expectProblem(bad, 400, 'INVALID_INPUT');
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['eventTypes.0', 'url']);
    const analyst = await signedIn(await newUser('analyst'));
    expect((await analyst.json('/api/console/webhooks')).status).toBe(403);
  });

  it('push session.created and decision.recorded, signed, naming no person', async () => {
    const { key, admin, secret } = await workspaceWithEndpoint(['session.created', 'decision.recorded']);
    const before = receiver.received.length;
    const applicant = fresh();
    const answer = await verify(applicant, { key: key.key });
    expect(answer.status).toBe(201);
    const [created] = (await receiver.waitFor(before + 1)).slice(before);
    if (!created) throw new Error('no delivery');
    const event = new Webhook(secret).verify(created.body, created.headers as Record<string, string>) as {
      type: string;
      data: { sessionId: string; band: string; risk: number };
    };
    expect(event).toMatchObject({
      type: 'session.created',
      data: { sessionId: answer.body.sessionId, risk: answer.body.risk },
    });
    expect(['low', 'medium', 'high']).toContain(event.data.band);
    expect(created.body).not.toContain(applicant.emails[0]);
    expect(created.headers['webhook-id']).toMatch(/^msg_/);
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`).verify(
        created.body,
        created.headers as Record<string, string>,
      ),
    ).toThrow();

    // A decision refused as stale emits nothing; the recorded one is pushed.
    const stale = await admin.json(`/api/console/sessions/${answer.body.sessionId}/decisions`, {
      decision: 'decline',
      reason: 'Stolen identity',
      replaces: 'dec_doesnotexist',
    });
    expect(stale.status).toBe(409);
    const decided = await admin.json(`/api/console/sessions/${answer.body.sessionId}/decisions`, {
      decision: 'decline',
      reason: 'Stolen identity',
    });
    expect(decided.status).toBe(201);
    const deliveries = await receiver.waitFor(before + 2);
    const pushed = deliveries
      .slice(before + 1)
      .map((d) => JSON.parse(d.body) as { type: string; data: { decisionId: string } });
    expect(pushed).toEqual([
      expect.objectContaining({
        type: 'decision.recorded',
        data: expect.objectContaining({ decisionId: decided.body.id, decision: 'decline' }),
      }),
    ]);

    // An analyst's lookup in the console is no applicant: no session.created.
    await admin.json('/api/console/verify', fresh());
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received.length).toBe(before + 2);
  });

  it('retry a failing receiver with the same webhook-id until it answers, and log each attempt', async () => {
    // A receiver of its own: the failures it is told to answer are this test's alone.
    const receiver = await startWebhookReceiver();
    const { key, admin, endpoint } = await workspaceWithEndpoint(['session.created'], receiver);
    receiver.failNext(500, 502, 503);
    const before = receiver.received.length;
    await verify(fresh(), { key: key.key });
    // The server's dispatcher tries at once; the retries are driven here on a clock hours ahead.
    await receiver.waitFor(before + 1);
    const [message] = await query<{ id: string }>('select id from webhook_messages where endpoint_id = $1', [
      endpoint.id,
    ]);
    let now = Date.now();
    for (const attempt of [2, 3, 4]) {
      now += 6 * 3_600_000;
      await dispatchDue(serviceDb(), { now: new Date(now), allowNetworks: LOOPBACK });
      await receiver.waitFor(before + attempt);
    }
    const attempts = receiver.received.slice(before);
    expect(attempts.map((a) => a.headers['webhook-id'])).toEqual(Array(4).fill(message?.id));
    const log = await admin.json(`/api/console/webhooks/${endpoint.id}/deliveries`);
    expect(log.body.deliveries).toEqual([
      expect.objectContaining({
        id: message?.id,
        status: 'delivered',
        attempts: 4,
        lastStatus: 200,
        lastResponse: 'ok',
      }),
    ]);
    // Delivered: no fifth attempt, whatever the clock.
    await dispatchDue(serviceDb(), { now: new Date(now + 86_400_000), allowNetworks: LOOPBACK });
    expect(receiver.received.length).toBe(before + 4);
    await receiver.close();
  });

  it('give up after the last retry: the message fails, the endpoint is disabled and the admin told', async () => {
    const receiver = await startWebhookReceiver();
    const { key, admin, endpoint } = await workspaceWithEndpoint(['session.created'], receiver);
    receiver.failNext(...Array(MAX_ATTEMPTS).fill(500));
    const before = receiver.received.length;
    await verify(fresh(), { key: key.key });
    await receiver.waitFor(before + 1);
    let now = Date.now();
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      now += 2 * 86_400_000;
      await dispatchDue(serviceDb(), { now: new Date(now), allowNetworks: LOOPBACK });
      await receiver.waitFor(before + attempt);
    }
    const listed = await admin.json('/api/console/webhooks');
    expect(listed.body.endpoints[0]).toMatchObject({
      id: endpoint.id,
      enabled: false,
      disabledReason: expect.stringContaining('failed attempts'),
    });
    const log = await admin.json(`/api/console/webhooks/${endpoint.id}/deliveries`);
    expect(log.body.deliveries[0]).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      lastStatus: 500,
    });
    const [audit] = await query<{ actor: string }>(
      `select actor from audit_log where action = 'webhook.disabled' and target_id = $1`,
      [endpoint.id],
    );
    expect(audit?.actor).toBe('system');

    // Replayed after the admin turns it back on: delivered once more with the same id.
    expect((await patch(admin, `/api/console/webhooks/${endpoint.id}`, { enabled: true })).status).toBe(200);
    const replay = await admin.json(`/api/console/webhooks/${endpoint.id}/replay`, {});
    expect(replay.body).toEqual({ replayed: 1 });
    const all = await receiver.waitFor(before + MAX_ATTEMPTS + 1);
    expect(all.at(-1)?.headers['webhook-id']).toBe(all[before]?.headers['webhook-id']);
    await receiver.close();
  });

  it('sign with both secrets while a rotation overlaps, and send a test event', async () => {
    const { admin, endpoint, secret } = await workspaceWithEndpoint(['key.created']);
    const rotated = await admin.json(`/api/console/webhooks/${endpoint.id}/rotate-secret`, {});
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(secret);
    const before = receiver.received.length;
    const test = await admin.json(`/api/console/webhooks/${endpoint.id}/test`, {});
    expect(test.body).toMatchObject({ ok: true, status: 200 });
    const [delivery] = (await receiver.waitFor(before + 1)).slice(before);
    if (!delivery) throw new Error('no delivery');
    for (const key of [secret, rotated.body.secret as string]) {
      expect(
        new Webhook(key).verify(delivery.body, delivery.headers as Record<string, string>),
      ).toMatchObject({
        type: 'webhook.test',
      });
    }
  });

  it('refuse loopback, private and link-local destinations unless the operator allows them', async () => {
    const body = '{}';
    for (const url of [
      'http://169.254.169.254/latest',
      'http://10.0.0.1/',
      'http://[::1]:9/',
      receiver.url,
    ]) {
      const result = await sendWebhook(url, {}, body, { allowNetworks: [] });
      expect(result, url).toMatchObject({
        ok: false,
        status: null,
        response: expect.stringContaining('refused'),
      });
    }
    // A name that resolves to loopback is refused after DNS, on the connection's own lookup.
    const named = await sendWebhook(receiver.url.replace('127.0.0.1', 'localhost'), {}, body, {
      allowNetworks: [],
    });
    expect(named.response).toContain('refused');
    const before = receiver.received.length;
    expect((await sendWebhook(receiver.url, {}, body, { allowNetworks: ['127.0.0.0/8'] })).ok).toBe(true);
    expect(receiver.received.length).toBe(before + 1);
  });
});
