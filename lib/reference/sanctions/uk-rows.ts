// The two UK CSV lists (OFSI ConList and the FCDO UK Sanctions List) share a shape: a dated
// line, a header row, then one row per name of a designation, grouped by an id column. Each
// layout names the columns; this reads rows by header name and groups them into entries.
import type { SanctionEntryKind } from '@/lib/engine/sanctions/types';
import { csvRows } from './csv';
import { EntryDraft, finishDrafts, type ParsedSanctions } from './entry-draft';

export interface UkLayout {
  /** Column holding the designation's id (rows sharing it are one entry). */
  id: string;
  nameType: string;
  kind: string;
  regime: string;
  dob: string;
  nationality: string;
  townOfBirth: string;
  countryOfBirth: string;
  addressCountry: string;
  /** The banner's date from the first line ("Last Updated,03/06/2026"). */
  publishedAt: (firstRow: readonly string[]) => Date | null;
}

const NAME_COLUMNS = ['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5', 'Name 6'];

/** "(1) Russia (2) Ukraine" or "Russia|Ukraine" -> each value. */
export function splitNumbered(text: string | undefined): string[] {
  return (text ?? '')
    .split(/\(\d+\)|\|/)
    .map((v) => v.trim())
    .filter(Boolean);
}

function kindOf(type: string): SanctionEntryKind {
  const t = type.trim().toLowerCase();
  if (t === 'individual') return 'individual';
  if (t === 'entity') return 'entity';
  if (t === 'ship') return 'vessel';
  return 'unknown';
}

export function parseUkRows(csv: string, layout: UkLayout): ParsedSanctions {
  let column: Map<string, number> | null = null;
  let banner: readonly string[] = [];
  const drafts = new Map<string, EntryDraft>();
  let records = 0;
  let invalid = 0;
  for (const row of csvRows(csv)) {
    if (!column) {
      if (row.some((f) => f.trim() === 'Name 6'))
        column = new Map(row.map((name, i) => [name.trim().toLowerCase(), i]));
      else if (banner.length === 0) banner = row;
      continue;
    }
    const columns = column;
    const get = (name: string): string => {
      const i = columns.get(name.toLowerCase());
      return i === undefined ? '' : (row[i] ?? '').trim();
    };
    records += 1;
    const id = get(layout.id);
    if (!id) {
      invalid += 1;
      continue;
    }
    let draft = drafts.get(id);
    if (!draft) {
      draft = new EntryDraft(id, kindOf(get(layout.kind)));
      drafts.set(id, draft);
    }
    const name = NAME_COLUMNS.map(get).filter(Boolean).join(' ');
    draft.addName(name, /^primary name$/i.test(get(layout.nameType)));
    // Both layouts spell it "Name Non-Latin Script" (header names are matched case-insensitively).
    draft.addAlias(get('Name Non-Latin Script'));
    draft.addProgram(get(layout.regime));
    for (const dob of splitNumbered(get(layout.dob))) draft.addBirthDate(dob);
    for (const country of splitNumbered(get(layout.nationality))) draft.addCountry(country);
    draft.addCity(get(layout.townOfBirth));
    draft.addCountry(get(layout.countryOfBirth));
    for (const country of splitNumbered(get(layout.addressCountry))) draft.addCountry(country);
  }
  const parsed = finishDrafts(drafts.values(), records, layout.publishedAt(banner));
  return { ...parsed, invalid: parsed.invalid + invalid };
}
