// Continuous monitoring's version and change of a sanctions source (lib/engine/sanctions/list-changes.ts):
// the same entries in another order are the same version; a new or edited entry is the change, a
// removed one is not.
import { describe, expect, it } from 'vitest';
import { addedEntries, listVersion } from '@/lib/engine/sanctions/list-changes';
import type { SanctionEntry } from '@/lib/engine/sanctions/types';

const entry = (id: string, name: string, countries: string[] = []): SanctionEntry => ({
  id,
  kind: 'individual',
  name,
  aliases: [],
  countries,
  cities: [],
  birthDates: [],
  programs: [],
});

const a = entry('1', 'Oleg Samplenko', ['RU']);
const b = entry('2', 'Northwind Marine');

describe('sanctions list versions', () => {
  it('are the same for the same entries in any order, and differ when an entry does', () => {
    expect(listVersion([a, b])).toBe(listVersion([b, a]));
    expect(listVersion([a, b])).not.toBe(listVersion([a]));
    expect(listVersion([a, b])).not.toBe(listVersion([{ ...a, countries: ['RU', 'CY'] }, b]));
    expect(listVersion([a])).toMatch(/^[0-9a-f]{32}$/);
  });

  it('add the new and the changed entries, not the removed or unchanged ones', () => {
    const c = entry('3', 'Ada Lovelace');
    const edited = { ...a, aliases: ['Oleg Samplenkov'] };
    expect(addedEntries([a, b], [a, b])).toEqual([]);
    expect(addedEntries([a, b], [b])).toEqual([]);
    expect(addedEntries([a, b], [edited, b, c])).toEqual([edited, c]);
    expect(addedEntries([], [a])).toEqual([a]);
  });
});
