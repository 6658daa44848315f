// Issue 33, the console's routes of a workspace's lists (built server, real sessions): any member
// adds and removes entries; an invalid entry is a 400 naming `entries.N.field` and, among valid
// ones, is reported while the others are stored; another workspace sees none of them and cannot
// remove them; the query filters are parsed like every console query.
import { describe, expect, it } from 'vitest';
import { expectProblem, newUser, signedIn } from './console-session';

const ENTRIES = '/api/console/lists/entries';

describe('the console routes of the workspace lists', () => {
  it('let an analyst add entries, keep the valid ones of a mixed batch, and remove one', async () => {
    const analyst = await signedIn(await newUser('analyst'));
    const mixed = await analyst.json(ENTRIES, {
      entries: [
        { list: 'block', kind: 'email_domain', value: 'maildrop.cc', reason: 'disposable' },
        { list: 'block', kind: 'phone', value: 'call me', reason: 'ring' },
        {
          list: 'allow',
          kind: 'email',
          value: 'vip@example.com',
          reason: 'VIP',
          expiresAt: '2099-01-01T00:00:00Z',
        },
      ],
    });
    expect(mixed.status).toBe(201);
    expect(mixed.body).toMatchObject({
      saved: [
        { list: 'block', kind: 'email_domain', value: 'maildrop.cc', reason: 'disposable', expired: false },
        { list: 'allow', kind: 'email', value: 'vip@example.com', expiresAt: '2099-01-01T00:00:00.000Z' },
      ],
      rejected: [{ path: 'entries.1.value', message: 'entries.1.value: phone is not a phone number' }],
    });
    const listed = await analyst.json(`${ENTRIES}?list=allow`);
    expect(listed.status).toBe(200);
    const { entries } = listed.body as { entries: { id: string; value: string }[] };
    expect(entries.map((entry) => entry.value)).toEqual(['vip@example.com']);
    const id = entries[0]?.id ?? '';
    expect((await analyst.fetch(`${ENTRIES}/${id}`, { method: 'DELETE' })).status).toBe(204);
    const again = await analyst.fetch(`${ENTRIES}/${id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
  });

  it('answer 400 naming each field when no entry is valid, and store nothing', async () => {
    const admin = await signedIn(await newUser('admin'));
    const refused = await admin.json(ENTRIES, {
      entries: [
        { list: 'block', kind: 'cidr', value: '10.0.0.0/40', reason: 'x' },
        { list: 'block', kind: 'ip', value: '10.0.0.1', reason: 'x', expiresAt: '2001-01-01T00:00:00Z' },
      ],
    });
    expectProblem(refused, 400, 'INVALID_INPUT');
    expect((refused.body as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual([
      'entries.0.value',
      'entries.1.expiresAt',
    ]);
    const shape = await admin.json(ENTRIES, {
      entries: [{ list: 'grey', kind: 'ip', value: '10.0.0.1', reason: '' }],
    });
    expectProblem(shape, 400, 'INVALID_INPUT');
    expect((shape.body as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual([
      'entries.0.list',
      'entries.0.reason',
    ]);
    expectProblem(await admin.json(`${ENTRIES}?kind=planet`), 400, 'INVALID_INPUT');
    const empty = await admin.json(ENTRIES);
    expect(empty.body).toEqual({ entries: [], next: null });
  });

  it("keep each workspace's entries to itself", async () => {
    const mine = await signedIn(await newUser('analyst'));
    const theirs = await signedIn(await newUser('admin'));
    const added = await mine.json(ENTRIES, {
      entries: [{ list: 'block', kind: 'ip', value: '192.0.2.44', reason: 'mine' }],
    });
    const [entry] = (added.body as { saved: { id: string }[] }).saved;
    expect((await theirs.json(`${ENTRIES}?value=192.0.2.44`)).body).toEqual({ entries: [], next: null });
    expectProblem(
      await theirs.fetch(`${ENTRIES}/${entry?.id}`, { method: 'DELETE' }).then(async (response) => ({
        status: response.status,
        headers: response.headers,
        body: (await response.json()) as { code?: string },
      })),
      404,
      'NOT_FOUND',
    );
    expect(
      ((await mine.json(`${ENTRIES}?value=192.0.2.44`)).body as { entries: unknown[] }).entries,
    ).toHaveLength(1);
  });
});
