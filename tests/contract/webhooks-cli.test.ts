// Issue 34, webhook endpoints from the shell (`npm run webhooks`) against the real database and
// server: an endpoint added with the CLI receives the next keyed Verify's session.created, signed
// with the secret the CLI printed once; update, rotate, replay and remove; bad arguments exit 2
// naming the option, an unknown endpoint exits 1; every change audited as `cli`.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { cli, newKey, query, verify } from './support';

const run = async (args: string[]) => {
  const result = await cli('scripts/webhooks.ts', args);
  return { ...result, json: result.stdout ? (JSON.parse(result.stdout) as Record<string, unknown>) : null };
};

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

describe('the webhooks CLI', () => {
  it('adds an endpoint that receives signed events, and changes it, audited as cli', async () => {
    const key = await newKey('verify');
    const ws = ['--workspace', key.workspace];
    const added = await run([
      'add',
      ...ws,
      '--url',
      receiver.url,
      '--events',
      'session.created,decision.recorded',
    ]);
    expect(added.code, added.stderr).toBe(0);
    const { endpoint, secret } = added.json as {
      endpoint: { id: string; eventTypes: string[] };
      secret: string;
    };
    expect(endpoint.eventTypes).toEqual(['session.created', 'decision.recorded']);
    expect(secret).toMatch(/^whsec_/);

    const before = receiver.received.length;
    const answer = await verify({ emails: ['cli.webhook@example.com'] }, { key: key.key });
    const [delivery] = (await receiver.waitFor(before + 1)).slice(before);
    expect(
      new Webhook(secret).verify(delivery?.body ?? '', (delivery?.headers ?? {}) as Record<string, string>),
    ).toMatchObject({
      type: 'session.created',
      data: { sessionId: answer.body.sessionId },
    });

    const listed = await run(['list', ...ws]);
    expect(listed.json).toEqual({ endpoints: [expect.objectContaining({ id: endpoint.id, enabled: true })] });
    expect(listed.stdout).not.toContain(secret.slice(6));
    const off = await run(['update', ...ws, '--id', endpoint.id, '--enabled', 'false']);
    expect(off.json).toMatchObject({ endpoint: { enabled: false, disabledReason: expect.any(String) } });
    const rotated = await run(['rotate', ...ws, '--id', endpoint.id]);
    expect(rotated.json).toMatchObject({
      secret: expect.stringMatching(/^whsec_/),
      previousExpiresAt: expect.any(String),
    });
    expect((await run(['replay', ...ws, '--id', endpoint.id])).json).toEqual({ replayed: 0 });
    expect((await run(['remove', ...ws, '--id', endpoint.id])).json).toEqual({ removed: endpoint.id });

    const audit = await query<{ action: string; actor: string }>(
      `select action, actor from audit_log where target_id = $1 order by created_at`,
      [endpoint.id],
    );
    expect(audit.map((row) => row.action)).toEqual([
      'webhook.create',
      'webhook.update',
      'webhook.rotate_secret',
      'webhook.replay',
      'webhook.delete',
    ]);
    expect(new Set(audit.map((row) => row.actor))).toEqual(new Set(['cli']));
  });

  it('refuses bad arguments naming the option (exit 2) and unknown endpoints (exit 1)', async () => {
    const key = await newKey('verify');
    const ws = ['--workspace', key.workspace];
    const bad = await run(['add', ...ws, '--url', 'ftp://x', '--events', 'session.created']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--url');
    const badEvent = await run(['add', ...ws, '--url', receiver.url, '--events', 'nope']);
    expect(badEvent.code).toBe(2);
    expect(badEvent.stderr).toContain('--events');
    const missing = await run(['remove', ...ws, '--id', 'whe_1111111111111111111111']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('NOT_FOUND');
    expect((await run(['nope'])).code).toBe(2);
  });
});
