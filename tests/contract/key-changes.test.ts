// Issue 12: the server caches keys in its process, yet a revocation or a rotation without grace
// reaches it within a second (docs/api/keys.md): the key is used first so that it is cached,
// then changed with the keys CLI, a process of its own, as an operator would.
import { describe, expect, it } from 'vitest';
import { call, keysCli, newKey } from './support';

const BODY = { emails: ['key.changes@example.com'] };
const WITHIN_MS = 1000;
// Signals answers 204 when it knows nothing of the identifiers: either is the key accepted.
const ACCEPTED = [200, 204];

/** Calls with the key until it is refused; milliseconds from `since` to the first 401. */
async function msUntilRefused(key: string, since: number): Promise<number> {
  for (;;) {
    const response = await call('/api/signals', { key, body: BODY });
    if (response.status === 401) return Date.now() - since;
    expect(ACCEPTED, response.text).toContain(response.status);
    if (Date.now() - since > 5 * WITHIN_MS) return Date.now() - since;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function warm(key: string) {
  for (let i = 0; i < 3; i++)
    expect(ACCEPTED).toContain((await call('/api/signals', { key, body: BODY })).status);
}

describe('key changes reach the running server within a second', () => {
  it('a revoked key that was just in use is refused within a second', async () => {
    const created = await newKey('signals');
    await warm(created.key);
    const revoked = await keysCli(['revoke', created.id]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(await msUntilRefused(created.key, Date.now())).toBeLessThanOrEqual(WITHIN_MS);
  });

  it('a key rotated without grace is refused within a second; its successor works at once', async () => {
    const created = await newKey('signals');
    await warm(created.key);
    const rotated = await keysCli(['rotate', created.id, '--grace', '0s']);
    expect(rotated.code, rotated.stderr).toBe(0);
    const successor = JSON.parse(rotated.stdout) as { key: string };
    const since = Date.now();
    expect(ACCEPTED).toContain((await call('/api/signals', { key: successor.key, body: BODY })).status);
    expect(await msUntilRefused(created.key, since)).toBeLessThanOrEqual(WITHIN_MS);
  });

  it('a key rotated with grace keeps working until the grace ends, then is refused within a second', async () => {
    const created = await newKey('signals');
    await warm(created.key);
    const rotated = await keysCli(['rotate', created.id, '--grace', '4s']);
    expect(rotated.code, rotated.stderr).toBe(0);
    const ends = Date.parse((JSON.parse(rotated.stdout) as { previousExpiresAt: string }).previousExpiresAt);
    // The CLI's own start-up eats into the grace on a loaded machine: asserted only well inside it.
    if (ends - Date.now() > 500) {
      expect(ACCEPTED).toContain((await call('/api/signals', { key: created.key, body: BODY })).status);
    }
    await new Promise((r) => setTimeout(r, Math.max(0, ends - Date.now())));
    expect(await msUntilRefused(created.key, ends)).toBeLessThanOrEqual(WITHIN_MS);
  });
});
