// Issue 33, WORKSPACE_LIST in Verify (built server): an entry added in the console is in the next
// Verify's answer: a block-listed domain makes WORKSPACE_LIST BLOCKED with the entry's reason and
// the risk high; an allow-listed e-mail is ALLOWED; an expired entry stops matching; another
// workspace's lists never apply.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { newUser, signedIn } from './console-session';
import { newKey, unique, verify } from './support';

type Answer = { risk: number; checks: { id: string; state: string; risk: string; description: string }[] };
const listCheck = (body: unknown) => (body as Answer).checks.find((check) => check.id === 'WORKSPACE_LIST');

describe('WORKSPACE_LIST in Verify', () => {
  it("answers from the workspace's lists as they are at the call", async () => {
    const key = await newKey('verify');
    const analyst = await signedIn(await newUser('analyst', key.workspace));
    const domain = `${unique('abused')}.example`;
    const soon = new Date(Date.now() + 2500).toISOString();
    const added = await analyst.json('/api/console/lists/entries', {
      entries: [
        { list: 'block', kind: 'email_domain', value: domain, reason: 'card testing last week' },
        { list: 'allow', kind: 'email', value: 'vip.customer@example.com', reason: 'VIP since 2019' },
        { list: 'block', kind: 'phone', value: '+1 415 555 0142', reason: 'for a moment', expiresAt: soon },
      ],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);

    const blocked = await verify({ emails: [`someone@${domain}`] }, { key: key.key });
    expect(blocked.status).toBe(201);
    expect(listCheck(blocked.body)).toMatchObject({ state: 'BLOCKED', risk: 'HIGH' });
    expect(listCheck(blocked.body)?.description).toContain('"card testing last week"');
    expect((blocked.body as Answer).risk).toBeGreaterThan(0.75);

    const allowed = await verify({ emails: ['Vip.Customer@example.com'] }, { key: key.key });
    expect(listCheck(allowed.body)).toMatchObject({ state: 'ALLOWED', risk: 'NONE' });

    const phone = { phones: ['+14155550142'] };
    expect(listCheck((await verify(phone, { key: key.key })).body)?.state).toBe('BLOCKED');
    await sleep(Math.max(0, new Date(soon).getTime() - Date.now()) + 200);
    expect(listCheck((await verify(phone, { key: key.key })).body)?.state).toBe('NO_MATCH');

    // Another workspace: the same values match nothing there.
    const other = await newKey('verify');
    expect(listCheck((await verify({ emails: [`someone@${domain}`] }, { key: other.key })).body)?.state).toBe(
      'NO_MATCH',
    );
  });
});
