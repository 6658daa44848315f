// npm run lists -- import of the SSA tables, and Verify dating an SSN from them.
import { afterAll, describe, expect, it } from 'vitest';
import { call, cli, query, verify } from './support';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type CheckRow = { id: string; state: string; risk: string; description: string };

async function ssnChecks(ssn: string, birthday: string): Promise<Record<string, CheckRow>> {
  const response = await verify({ ssns: [ssn], birthday, name: { given: 'Ada', family: 'Quill' } });
  expect(response.status).toBe(201);
  const checks = response.body.checks as CheckRow[];
  return Object.fromEntries(checks.filter((c) => c.id.startsWith('SYNTHETIC_SSN_')).map((c) => [c.id, c]));
}

describe('SSA tables', () => {
  afterAll(async () => {
    await query("DELETE FROM reference_lists WHERE category LIKE 'ssa-%'");
    await sleep(2_500);
  });

  it('awaits the tables before they are imported', async () => {
    const checks = await ssnChecks('001-03-4567', '2014-05-01');
    expect(checks.SYNTHETIC_SSN_ISSUE_DATE).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(checks.SYNTHETIC_SSN_ISSUE_DATE?.description).toMatch(/^Awaiting the SSA/);
  });

  it('imports reference-data/ssn and dates SSNs from the high-group list', async () => {
    const result = await cli('scripts/lists.ts', ['import', 'reference-data/ssn']);
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as {
      imported: {
        name: string;
        category: string;
        format: string;
        entries: number;
        publishedAt: string | null;
      }[];
      skipped: unknown[];
    };
    expect(summary.skipped).toEqual([]);
    const rows = summary.imported.map((l) => [l.name, l.category, l.format, l.entries, l.publishedAt]);
    expect(rows.sort((a, b) => String(a[0]).localeCompare(String(b[0]), 'en'))).toEqual([
      ['ssn/area_data_raw.txt', 'ssa', 'ssa-areas', 66, null],
      ['ssn/area_data.txt', 'ssa', 'ssa-areas', 58, null],
      ['ssn/high_groups_june_24_2011_raw.txt', 'ssa', 'ssa-high-groups', 755, '2011-06-24T00:00:00.000Z'],
    ]);
    await sleep(2_500);

    const beforeBirth = await ssnChecks('001-03-4567', '2014-05-01');
    expect(beforeBirth.SYNTHETIC_SSN_ISSUE_DATE).toMatchObject({ state: 'PRE_2011', risk: 'NONE' });
    expect(beforeBirth.SYNTHETIC_SSN_ISSUE_DATE?.description).toMatch(/New Hampshire/);
    expect(beforeBirth.SYNTHETIC_SSN_BEFORE_BIRTH).toMatchObject({ state: 'TRUE', risk: 'HIGH' });

    // GET /api/health shows each list's date and size (its list summary is cached for 5 s).
    let lists: { name: string; category: string; entries: number; publishedAt: string | null }[] = [];
    for (let i = 0; i < 8 && !lists.some((l) => l.category === 'ssa-high-group'); i += 1) {
      const health = await call('/api/health', { method: 'GET', key: null });
      lists = health.body.lists;
      if (!lists.some((l) => l.category === 'ssa-high-group')) await sleep(1_000);
    }
    expect(lists).toContainEqual(
      expect.objectContaining({
        name: 'ssn/high_groups_june_24_2011_raw.txt',
        category: 'ssa-high-group',
        entries: 755,
        publishedAt: '2011-06-24T00:00:00.000Z',
      }),
    );

    const adult = await ssnChecks('734-10-4567', '1970-07-01');
    expect(adult.SYNTHETIC_SSN_ISSUE_DATE).toMatchObject({ state: 'POST_2011_ADULT', risk: 'MED' });
    expect(adult.SYNTHETIC_SSN_BEFORE_BIRTH).toMatchObject({ state: 'FALSE', risk: 'NONE' });
  });
});
