// The SSA tables from the real files in reference-data/ssn: parsers, format detection, the group
// issuance order and the tables the issuance checks read.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupRank } from '@/lib/engine/ssa/group-order';
import { buildSsaTables } from '@/lib/engine/ssa/tables';
import { detectSsaFormat, parseSsaAreas, parseSsaHighGroups } from '@/lib/reference/ssa/parse';

const data = (file: string) => readFileSync(path.resolve(process.cwd(), 'reference-data/ssn', file), 'utf8');

describe('SSA table parsers', () => {
  const high = parseSsaHighGroups(data('high_groups_june_24_2011_raw.txt'));
  const areas = parseSsaAreas(data('area_data_raw.txt'));
  const condensed = parseSsaAreas(data('area_data.txt'));

  it('reads the 755 area/group pairs and the date of the last high-group list', () => {
    expect(high.entries).toHaveLength(755);
    expect(high.invalid).toBe(0);
    expect(high.publishedAt?.toISOString()).toBe('2011-06-24T00:00:00.000Z');
    // "005 13*": the asterisk of a changed group is not part of it; "009 94* 010 94" on one line.
    expect(high.entries).toContain('005:13');
    expect(high.entries).toContain('009:94');
    expect(high.entries).toContain('010:94');
    expect(high.entries).toContain('772:02');
    expect(high.entries[0]).toBe('001:11');
  });

  it('reads area ranges, single areas, comma lists and footnoted labels', () => {
    expect(areas.entries).toContain('001-003:New Hampshire');
    expect(areas.entries).toContain('232-232:North Carolina');
    expect(areas.entries).toContain('525-525:New Mexico');
    expect(areas.entries).toContain('585-585:New Mexico');
    expect(areas.entries).toContain('700-728:Railroad Board');
    expect(areas.entries).toContain('237-246:Not Issued');
    expect(areas.entries.some((e) => e.includes('Taken from'))).toBe(false);
    expect(condensed.entries).toContain('001-003:NH');
  });

  it('detects each format by content and leaves other files alone', () => {
    expect(detectSsaFormat(data('high_groups_june_24_2011_raw.txt'))).toBe('ssa-high-groups');
    expect(detectSsaFormat(data('area_data_raw.txt'))).toBe('ssa-areas');
    expect(detectSsaFormat(data('area_data.txt'))).toBe('ssa-areas');
    expect(detectSsaFormat('10.0.0.0/8\n192.168.0.0/16\n172.16.0.0/12\n')).toBeNull();
    expect(detectSsaFormat('ExitNode ABC\nPublished 2024-01-01\n')).toBeNull();
  });

  it('builds tables where the high-group list decides issuance and the area table labels', () => {
    const tables = buildSsaTables([
      { name: 'ssn/high', kind: 'high-group', publishedAt: high.publishedAt, entries: high.entries },
      { name: 'ssn/areas-raw', kind: 'area', publishedAt: null, entries: areas.entries },
      { name: 'ssn/areas', kind: 'area', publishedAt: null, entries: condensed.entries },
    ]);
    expect(tables).not.toBeNull();
    expect(tables?.highGroup(1)).toBe(11);
    expect(tables?.highGroup(734)).toBeNull();
    expect(tables?.area(1)).toEqual({ label: 'New Hampshire', issued: true });
    expect(tables?.area(586)?.label).toBe('Guam, American Samoa, Philippine Islands');
    expect(tables?.area(240)).toEqual({ label: 'Not Issued', issued: false });
    expect(
      buildSsaTables([{ name: 'a', kind: 'area', publishedAt: null, entries: areas.entries }]),
    ).toBeNull();
  });
});

describe('SSA group issuance order', () => {
  it('runs odd 01-09, even 10-98, even 02-08, odd 11-99', () => {
    const order = [1, 3, 5, 7, 9, 10, 12, 98, 2, 4, 6, 8, 11, 13, 99];
    const ranks = order.map(groupRank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(Array.from({ length: 99 }, (_, i) => groupRank(i + 1))).size).toBe(99);
    expect(groupRank(0)).toBe(0);
    expect(groupRank(1)).toBe(1);
    expect(groupRank(99)).toBe(99);
  });
});
