// Issue 33, a workspace's lists (lib/services/workspace-lists.ts) against the embedded
// PostgreSQL: entries of every kind match a request typed otherwise; an expired entry stops
// matching; a CIDR range matches the addresses inside it; a bulk import keeps the valid rows
// and reports the others by position; values are stored keyed and sealed (an SSN only by its
// last four); another workspace's entries never match; every change is audited.
import { describe, expect, it } from 'vitest';
import { requestProbes } from '@/lib/engine/lists/workspace-entry';
import { parseVerifyRequest } from '@/lib/engine/request';
import type { NormalizedRequest } from '@/lib/engine/types';
import { createConsoleUser } from '@/lib/services/console-users';
import type { WorkspaceContext } from '@/lib/services/context';
import {
  addListEntries,
  listEntries,
  matchListsQuery,
  matchWorkspaceLists,
  removeListEntry,
} from '@/lib/services/workspace-lists';
import { query, serviceDb, unique } from './support';

const db = serviceDb();
const SECRET = 'contract-test-server-secret-0123456789';
const NOW = new Date('2026-11-28T12:00:00Z');

async function workspace(): Promise<WorkspaceContext> {
  const created = await createConsoleUser(db, {
    email: `${unique('lists')}@example.com`,
    workspace: unique('lists-ws'),
    role: 'admin',
    actor: 'cli',
  });
  if (!created.ok) throw new Error('not created');
  return { workspaceId: created.value.workspaceId, actor: created.value.id };
}

function request(body: Record<string, unknown>): NormalizedRequest {
  const parsed = parseVerifyRequest(body);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value;
}

const applicant = request({
  emails: ['Mallory@Maildrop.cc'],
  phones: ['+1 (415) 555-2671'],
  ipAddress: '198.51.100.23',
  ssns: ['123456789'],
  name: { given: 'Mallory', family: 'Ames' },
});

describe('a workspace list', () => {
  it('matches each kind of entry, typed otherwise than the request', async () => {
    const ctx = await workspace();
    const added = await addListEntries(db, SECRET, ctx, {
      author: ctx.actor,
      now: NOW,
      entries: [
        {
          list: 'block',
          kind: 'email_domain',
          value: '@MAILDROP.cc',
          reason: 'disposable, abused last week',
        },
        { list: 'block', kind: 'phone', value: '415-555-2671', reason: 'chargeback ring' },
        { list: 'block', kind: 'cidr', value: '198.51.100.99/24', reason: 'hosting range' },
        { list: 'block', kind: 'ssn', value: '123-45-6789', reason: 'confirmed synthetic' },
        { list: 'allow', kind: 'name', value: 'MALLORY  ames', reason: 'VIP customer' },
        { list: 'allow', kind: 'email', value: 'someone.else@example.com', reason: 'unrelated' },
      ],
    });
    expect(added.rejected).toEqual([]);
    expect(added.saved).toHaveLength(6);
    const matches = await matchWorkspaceLists(db, SECRET, ctx.workspaceId, applicant, NOW);
    expect(matches.map((m) => `${m.list}:${m.kind}:${m.value}`).sort()).toEqual([
      'allow:name:mallory ames',
      'block:cidr:198.51.100.0/24',
      'block:email_domain:maildrop.cc',
      'block:phone:+14155552671',
      'block:ssn:***-**-6789',
    ]);
    expect(matches.find((m) => m.kind === 'phone')?.reason).toBe('chargeback ring');
    // Another workspace's lists never match.
    const other = await workspace();
    expect(await matchWorkspaceLists(db, SECRET, other.workspaceId, applicant, NOW)).toEqual([]);
  });

  it('stops matching an entry once it expires', async () => {
    const ctx = await workspace();
    const expiresAt = new Date(NOW.getTime() + 60 * 60 * 1000).toISOString();
    await addListEntries(db, SECRET, ctx, {
      author: ctx.actor,
      now: NOW,
      entries: [{ list: 'block', kind: 'phone', value: '+14155552671', reason: 'for an hour', expiresAt }],
    });
    expect(await matchWorkspaceLists(db, SECRET, ctx.workspaceId, applicant, NOW)).toHaveLength(1);
    const later = new Date(NOW.getTime() + 60 * 60 * 1000 + 1);
    expect(await matchWorkspaceLists(db, SECRET, ctx.workspaceId, applicant, later)).toEqual([]);
    const { entries } = await listEntries(db, SECRET, ctx.workspaceId, {}, later);
    expect(entries[0]).toMatchObject({ expired: true, expiresAt });
  });

  it('keeps the valid rows of a bulk import and reports the others by position; a value given twice is one entry', async () => {
    const ctx = await workspace();
    const result = await addListEntries(db, SECRET, ctx, {
      author: 'cli',
      now: NOW,
      entries: [
        { list: 'block', kind: 'email', value: 'a@example.com', reason: 'fraud' },
        { list: 'block', kind: 'email', value: 'not an email', reason: 'fraud' },
        { list: 'block', kind: 'ip', value: '203.0.113.9', reason: '' },
        {
          list: 'block',
          kind: 'ip',
          value: '203.0.113.9',
          reason: 'past',
          expiresAt: '2020-01-01T00:00:00Z',
        },
        { list: 'block', kind: 'email', value: 'A@Example.com', reason: 'fraud, again' },
      ],
    });
    expect(result.rejected).toEqual([
      { index: 1, field: 'value', message: 'email is not an e-mail address' },
      { index: 2, field: 'reason', message: 'a reason of 1 to 500 characters is needed' },
      { index: 3, field: 'expiresAt', message: 'must be a date and time in the future' },
    ]);
    expect(result.saved.map((entry) => [entry.value, entry.reason])).toEqual([
      ['a@example.com', 'fraud, again'],
    ]);
    // Adding it again updates it, never duplicates it.
    await addListEntries(db, SECRET, ctx, {
      author: 'cli',
      now: NOW,
      entries: [{ list: 'block', kind: 'email', value: 'a@example.com', reason: 'third time' }],
    });
    const { entries } = await listEntries(db, SECRET, ctx.workspaceId, { value: 'A@EXAMPLE.COM' }, NOW);
    expect(entries.map((entry) => entry.reason)).toEqual(['third time']);
    expect(
      await query(
        'select action, metadata from audit_log where workspace_id = $1 and action = $2 order by created_at',
        [ctx.workspaceId, 'list.add'],
      ),
    ).toEqual([
      { action: 'list.add', metadata: { saved: 1, rejected: 3, counts: { 'block:email': 1 } } },
      { action: 'list.add', metadata: { saved: 1, rejected: 0, counts: { 'block:email': 1 } } },
    ]);
  });

  it('stores no value in the clear (an SSN not even sealed), and removes an entry, audited', async () => {
    const ctx = await workspace();
    const { saved } = await addListEntries(db, SECRET, ctx, {
      author: ctx.actor,
      now: NOW,
      entries: [
        { list: 'block', kind: 'email', value: 'secret.person@example.com', reason: 'x' },
        { list: 'block', kind: 'ssn', value: '987-65-4321', reason: 'x' },
      ],
    });
    const rows = await query<Record<string, unknown>>(
      'select * from workspace_list_entries where workspace_id = $1',
      [ctx.workspaceId],
    );
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain('secret.person');
    expect(dump).not.toContain('987654321');
    expect(dump).not.toContain('98765');
    expect(dump).toContain('***-**-4321');
    const [email] = saved;
    if (!email) throw new Error('nothing saved');
    expect(await removeListEntry(db, ctx, email.id)).toBe(true);
    expect(await removeListEntry(db, ctx, email.id)).toBe(false);
    const other = await workspace();
    const [ssn] = saved.slice(1);
    expect(await removeListEntry(db, other, ssn?.id ?? '')).toBe(false);
    expect(
      await query('select metadata from audit_log where workspace_id = $1 and action = $2', [
        ctx.workspaceId,
        'list.remove',
      ]),
    ).toEqual([{ metadata: { list: 'block', kind: 'email' } }]);
  });

  it('pages newest first and filters by list and kind', async () => {
    const ctx = await workspace();
    for (const [index, value] of ['10.0.0.1', '10.0.0.2', '10.0.0.3'].entries())
      await addListEntries(db, SECRET, ctx, {
        author: 'cli',
        now: new Date(NOW.getTime() + index),
        entries: [{ list: index === 2 ? 'allow' : 'block', kind: 'ip', value, reason: 'r' }],
      });
    const first = await listEntries(db, SECRET, ctx.workspaceId, { limit: 2 }, NOW);
    expect(first.entries.map((entry) => entry.value)).toEqual(['10.0.0.3', '10.0.0.2']);
    const second = await listEntries(
      db,
      SECRET,
      ctx.workspaceId,
      { limit: 2, before: first.next ?? '' },
      NOW,
    );
    expect(second).toEqual({ entries: [expect.objectContaining({ value: '10.0.0.1' })], next: null });
    const allowed = await listEntries(db, SECRET, ctx.workspaceId, { list: 'allow' }, NOW);
    expect(allowed.entries.map((entry) => entry.value)).toEqual(['10.0.0.3']);
  });

  it('pages through entries added in one call (one timestamp, to the microsecond) without losing any', async () => {
    const ctx = await workspace();
    const values = Array.from({ length: 120 }, (_, i) => `10.1.0.${i}`);
    await addListEntries(db, SECRET, ctx, {
      author: 'cli',
      entries: values.map((value) => ({ list: 'block' as const, kind: 'ip' as const, value, reason: 'r' })),
    });
    const seen: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 10; page++) {
      const read = await listEntries(db, SECRET, ctx.workspaceId, { limit: 50, before });
      seen.push(...read.entries.map((entry) => entry.value));
      before = read.next ?? undefined;
      if (!before) break;
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen)).toEqual(new Set(values));
  });

  /**
   * A match against a 20,000-entry list, under EXPLAIN: its sequential scans and the pages it read.
   * `analyze`: as autovacuum does within a minute of a bulk import; without it, the planner still
   * holds the statistics of the list before the import (autovacuum held off meanwhile).
   */
  async function matchOverLargeList(analyze: boolean) {
    const ctx = await workspace();
    const entries = Array.from({ length: 20_000 }, (_, i) => ({
      list: 'block' as const,
      kind: i % 4 === 3 ? ('cidr' as const) : ('email' as const),
      value: i % 4 === 3 ? `100.${64 + (i >> 10)}.${(i >> 2) & 255}.0/24` : `listed${i}@list.example`,
      reason: 'bench',
    }));
    if (!analyze) {
      // The statistics of a small list, then the import, as a workspace that grows its list does.
      await addListEntries(db, SECRET, ctx, { author: 'cli', entries: entries.slice(0, 10) });
      await query('analyze workspace_list_entries');
      await query('alter table workspace_list_entries set (autovacuum_enabled = false)');
    }
    try {
      for (let start = analyze ? 0 : 10; start < entries.length; start += 1000)
        await addListEntries(db, SECRET, ctx, {
          author: 'cli',
          entries: entries.slice(start, Math.min(entries.length, start + 1000)),
        });
      if (analyze) await query('analyze workspace_list_entries');
      // The applicant of the other tests, with an e-mail and an address on the list.
      const probes = requestProbes(
        request({
          emails: ['listed8@list.example', 'new@example.com'],
          ipAddress: '100.64.0.9',
          name: { given: 'A', family: 'B' },
        }),
      );
      const statement = matchListsQuery(db, SECRET, ctx.workspaceId, probes, NOW).toSQL();
      const [plan] = await query<{ 'QUERY PLAN': [{ Plan: Record<string, unknown> }] }>(
        `explain (analyze, buffers, format json) ${statement.sql}`,
        statement.params,
      );
      const nodes: Record<string, unknown>[] = [];
      const walk = (node: Record<string, unknown>) => {
        nodes.push(node);
        for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
      };
      walk(plan?.['QUERY PLAN'][0].Plan ?? {});
      const top = nodes[0] ?? {};
      const matched = await matchWorkspaceLists(
        db,
        SECRET,
        ctx.workspaceId,
        request({ emails: ['listed8@list.example'], ipAddress: '100.64.0.9' }),
        NOW,
      );
      return {
        seqScans: nodes.filter((node) => node['Node Type'] === 'Seq Scan'),
        pages: Number(top['Shared Hit Blocks']) + Number(top['Shared Read Blocks']),
        matched: matched.map((match) => match.value).sort(),
      };
    } finally {
      if (!analyze) await query('alter table workspace_list_entries reset (autovacuum_enabled)');
    }
  }

  it('matches through its indexes: the pages a match reads do not grow with a 20,000-entry list', async () => {
    const match = await matchOverLargeList(true);
    expect(match.seqScans).toEqual([]);
    // A scan of the workspace's entries would read hundreds of pages; the index paths, a handful.
    expect(match.pages).toBeLessThan(60);
    expect(match.matched).toEqual(['100.64.0.0/24', 'listed8@list.example']);
  });

  it('matches through its indexes right after a bulk import, before the statistics know it', async () => {
    // Until autovacuum analyzes the grown table, the planner held the list as small and read
    // every entry of the workspace through its created-at index (688 pages for 20,000 entries,
    // a Verify's database CPU 4 -> 23 ms for that minute: docs/performance.md).
    const match = await matchOverLargeList(false);
    expect(match.seqScans).toEqual([]);
    expect(match.pages).toBeLessThan(150);
    expect(match.matched).toEqual(['100.64.0.0/24', 'listed8@list.example']);
  });
});
