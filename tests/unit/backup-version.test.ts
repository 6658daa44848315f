import { describe, expect, it } from 'vitest';
import { dependencyOrder } from '@/lib/backup/catalog';
import { matchVersion } from '@/lib/backup/schema-version';

const code = [
  { tag: '0000_init', createdAt: 100, hash: 'a' },
  { tag: '0001_graph', createdAt: 200, hash: 'b' },
  { tag: '0002_lists', createdAt: 300, hash: 'c' },
];

describe('matchVersion', () => {
  it('a backup at this code’s first migrations is rebuilt with exactly those', () => {
    expect(matchVersion(code.slice(0, 2), code)).toEqual({ ok: true, count: 2 });
    expect(matchVersion(code, code)).toEqual({ ok: true, count: 3 });
    expect(matchVersion([], code)).toEqual({ ok: true, count: 0 });
  });

  it('refuses a migration this code lacks, a different one in its place, or a changed file', () => {
    const newer = matchVersion([...code, { createdAt: 400, hash: 'd', tag: null }], code);
    expect(newer).toMatchObject({ ok: false, reason: expect.stringContaining('does not have') });
    const other = matchVersion(
      [
        { createdAt: 100, hash: 'a', tag: '0000_init' },
        { createdAt: 250, hash: 'x', tag: '0001_other' },
      ],
      code,
    );
    expect(other).toMatchObject({ ok: false, reason: expect.stringContaining('0001_other') });
    const edited = matchVersion([{ createdAt: 100, hash: 'z', tag: '0000_init' }], code);
    expect(edited).toMatchObject({ ok: false, reason: expect.stringContaining('another hash') });
  });
});

describe('dependencyOrder', () => {
  it('puts every table after the tables its foreign keys point at', () => {
    const tables = ['session_calls', 'sessions', 'workspaces', 'api_keys', 'audit_log'].map((name) => ({
      name,
    }));
    const references = [
      { child: 'session_calls', parent: 'sessions' },
      { child: 'sessions', parent: 'workspaces' },
      { child: 'api_keys', parent: 'workspaces' },
    ];
    const order = dependencyOrder(tables, references).map((t) => t.name);
    expect(order).toHaveLength(5);
    for (const { child, parent } of references)
      expect(order.indexOf(parent)).toBeLessThan(order.indexOf(child));
  });

  it('still lists every table when foreign keys form a cycle', () => {
    const order = dependencyOrder(
      [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
      [
        { child: 'a', parent: 'b' },
        { child: 'b', parent: 'a' },
        { child: 'c', parent: 'a' },
      ],
    ).map((t) => t.name);
    expect([...order].sort()).toEqual(['a', 'b', 'c']);
    expect(order.indexOf('a')).toBeLessThan(order.indexOf('c'));
  });
});
