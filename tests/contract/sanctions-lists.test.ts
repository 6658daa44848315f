import { afterAll, describe, expect, it } from 'vitest';
import { cli, query } from './support';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Summary {
  imported: { name: string; category: string; format: string; entries: number; publishedAt: string | null }[];
  skipped: { sourcePath: string; reason: string }[];
}

describe('npm run lists (sanctions)', () => {
  afterAll(async () => {
    // Leave the shared server as the other files expect it: no lists loaded (the server
    // notices within its 2 s check interval).
    await query('DELETE FROM sanction_lists');
    await sleep(2_500);
  });

  it('update names the official sanctions URLs', async () => {
    const result = await cli('scripts/lists.ts', ['update']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN.CSV',
    );
    expect(result.stderr).toContain('https://scsanctions.un.org/resources/xml/en/consolidated.xml');
    expect(result.stderr).toContain('csvFullSanctionsList_1_1');
    expect(result.stderr).toContain('ConList.csv');
    expect(result.stderr).toContain('sema-lmes.xml');
  });

  it('imports reference-data/sanctions: OFAC (3 sources), UN and Canada; DPL and CSL are skipped', async () => {
    const result = await cli('scripts/lists.ts', ['import', 'reference-data/sanctions']);
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as Summary;
    expect(summary.imported.map((l) => [l.name, l.category, l.format, l.entries, l.publishedAt])).toEqual([
      ['canada/sema-lmes.xml', 'sanctions', 'canada-sema-xml', 1369, null],
      ['ofac-consolidated-non-sdn/cons_prim.csv', 'sanctions', 'ofac-csv', 442, null],
      ['ofac-sdn-2021-07/sdn.csv', 'sanctions', 'ofac-csv', 8976, null],
      ['ofac-sdn-2024-05-03/sdn.csv', 'sanctions', 'ofac-csv', 14965, null],
      ['un/consolidated.xml', 'sanctions', 'un-xml', 1003, '2026-02-27T00:00:09.554Z'],
    ]);
    expect(summary.skipped.map((s) => s.sourcePath.split('/').slice(-2).join('/'))).toEqual([
      'us-bis-dpl/dpl.txt',
      'us-csl-excerpt/consolidated.csv',
    ]);
    expect(summary.skipped.every((s) => /not one of the five screened lists/.test(s.reason))).toBe(true);
    // One progress line per imported source on stderr.
    expect(result.stderr.split('\n').filter((l) => l.startsWith('imported '))).toHaveLength(5);
    const rows = await query<{ id: string; list: string; entry_count: number }>(
      'SELECT id, list, entry_count FROM sanction_lists ORDER BY id',
    );
    expect(rows.map((r) => [r.id, r.list, r.entry_count])).toEqual([
      ['canada/sema-lmes.xml', 'CA', 1369],
      ['ofac-consolidated-non-sdn/cons_prim.csv', 'OFAC', 442],
      ['ofac-sdn-2021-07/sdn.csv', 'OFAC', 8976],
      ['ofac-sdn-2024-05-03/sdn.csv', 'OFAC', 14965],
      ['un/consolidated.xml', 'UN', 1003],
    ]);
  });

  it('imports the EU and UK sample files and re-importing a folder replaces its sources', async () => {
    const result = await cli('scripts/lists.ts', ['import', 'tests/fixtures/sanctions']);
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as Summary;
    expect(summary.imported.map((l) => [l.name, l.format, l.entries])).toEqual([
      ['eu/fsf-full-1_1.csv', 'eu-fsf-csv', 3],
      ['eu/fsf-full-1_1.xml', 'eu-fsf-xml', 3],
      ['uk/ConList.csv', 'uk-ofsi-csv', 3],
      ['uk/UK-Sanctions-List.csv', 'uk-fcdo-csv', 3],
    ]);
    const before = await query<{ imported_at: Date }>(
      "SELECT imported_at FROM sanction_lists WHERE id = 'un/consolidated.xml'",
    );
    const again = await cli('scripts/lists.ts', ['import', 'reference-data/sanctions/un']);
    expect(again.code, again.stderr).toBe(0);
    const rows = await query<{ id: string; list: string; imported_at: Date }>(
      'SELECT id, list, imported_at FROM sanction_lists ORDER BY id',
    );
    expect(rows).toHaveLength(9);
    expect(rows.filter((r) => r.list === 'UN').map((r) => r.id)).toEqual(['un/consolidated.xml']);
    const un = rows.find((r) => r.id === 'un/consolidated.xml');
    expect(un?.imported_at.getTime()).toBeGreaterThan(before[0]?.imported_at.getTime() ?? Infinity);
  });
});
