import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { call, query, verify } from './support';

describe('npm start on an empty database', () => {
  it('creates the demo workspace once and prints its key and the URL', async () => {
    const output = inject('startupOutput');
    expect(output).toContain('empty database: created the demo workspace');
    expect(output).toMatch(/API key\s+vty_[1-9A-HJ-NP-Za-km-z]{40,}/);
    expect(output).toMatch(/console and API at http:\/\/127\.0\.0\.1:\d+/);
    const workspaces = await query<{ name: string }>("select name from workspaces where name = 'demo'");
    expect(workspaces).toHaveLength(1);
    // The printed key works, and only its hash and display prefix are stored.
    const key = inject('demoKey');
    expect((await verify({ emails: ['demo@example.com'] }, { key })).status).toBe(201);
    const stored = await query<{ hash: string; start: string }>(
      "select k.hash, k.start from api_keys k join workspaces w on w.id = k.workspace_id where w.name = 'demo'",
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.hash).not.toContain(key);
    expect(key.startsWith(stored[0]?.start ?? '-')).toBe(true);
    expect(stored[0]?.start.length).toBeLessThan(12);
  });

  it('audits the key creation and the first console admin', async () => {
    const rows = await query<{ action: string; actor: string }>(
      "select a.action, a.actor from audit_log a join workspaces w on w.id = a.workspace_id where w.name = 'demo' order by a.created_at",
    );
    expect(rows.map((r) => r.action)).toEqual(['workspace.create', 'key.create', 'user.create']);
    expect(rows.every((r) => r.actor === 'system')).toBe(true);
  });
});

describe('structured logs', () => {
  it('log one JSON line per request with its id, and no emails, phones, SSNs or keys', async () => {
    const marker = `pii.marker.${Date.now()}@example.com`;
    const response = await verify(
      { emails: [marker], phones: ['+14155550142'], ssns: ['219-09-9999'] },
      { headers: { 'X-Request-Id': `log-test-${Date.now()}` } },
    );
    expect(response.status).toBe(201);
    await call('/api/verify', { body: { emails: [marker], birthday: 'not-a-date' } });
    await new Promise((r) => setTimeout(r, 300));
    // The structured lines only: the launcher's banner prints the demo key once, on purpose.
    const log = readFileSync(path.join(inject('dataDir'), 'server.log'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .join('\n');
    const requestId = response.headers.get('x-request-id') ?? '';
    const line = log.split('\n').find((l) => l.includes(requestId));
    expect(line).toBeDefined();
    expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 30, requestId, status: 201, endpoint: 'verify' });
    for (const secret of [
      marker,
      'pii.marker',
      '4155550142',
      '219-09-9999',
      '219099999',
      inject('demoKey'),
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
