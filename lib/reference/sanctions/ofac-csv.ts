// OFAC legacy delimited files: SDN.CSV (or CONS_PRIM.CSV) with its ADD, ALT and COMMENTS
// siblings. No header row, "-0-" for empty. Individuals are written "LAST, First"; dates of
// birth, places of birth, nationality and weak a.k.a.s live in the free-text remarks, whose
// overflow continues in the comments file.
import type { SanctionEntryKind } from '@/lib/engine/sanctions/types';
import { countryCode } from './countries';
import { csvRows } from './csv';
import { EntryDraft, finishDrafts, type ParsedSanctions } from './entry-draft';

export interface OfacFileSet {
  /** sdn.csv or cons_prim.csv. */
  primary: string;
  /** add.csv / cons_add.csv. */
  addresses?: string | null;
  /** alt.csv / cons_alt.csv. */
  aliases?: string | null;
  /** sdn_comments.csv / cons_comments.csv. */
  comments?: string | null;
}

const value = (field: string | undefined): string => {
  const text = (field ?? '').trim();
  return text === '-0-' ? '' : text;
};

function kindOf(type: string): SanctionEntryKind {
  const t = type.toLowerCase();
  if (t === 'individual' || t === 'vessel' || t === 'aircraft') return t;
  return 'entity';
}

/** "LAST, First" -> "First LAST" for individuals; other names are kept as published. */
export function ofacDisplayName(name: string, kind: SanctionEntryKind): string {
  if (kind !== 'individual') return name.trim();
  const comma = name.indexOf(',');
  if (comma === -1) return name.trim();
  const last = name.slice(0, comma).trim();
  const first = name.slice(comma + 1).trim();
  return first ? `${first} ${last}` : last;
}

/** City of an ADD.CSV "City/State/Province/Postal Code" field: its first part, postal codes dropped. */
function cityOf(field: string): string {
  const first = field.split(',')[0] ?? '';
  return first
    .split(/\s+/)
    .filter((token) => token && !/\d/.test(token))
    .join(' ');
}

/** Applies the remarks' "DOB ...; POB ...; nationality ...; a.k.a. '...'" facts to a draft. */
function applyRemarks(draft: EntryDraft, remarks: string): void {
  for (const raw of remarks.split(';')) {
    const part = raw
      .trim()
      .replace(/\.$/, '')
      .replace(/^alt\.\s+/i, '');
    let m = /^DOB\s+(.+)$/i.exec(part);
    if (m?.[1]) {
      draft.addBirthDate(m[1]);
      continue;
    }
    m = /^POB\s+(.+)$/i.exec(part);
    if (m?.[1]) {
      const pieces = m[1].split(',').map((p) => p.trim());
      const country = countryCode(pieces[pieces.length - 1]);
      draft.addCountryCode(country);
      // "Baghdad, Iraq" and "Shati" name a city; a lone "Iraq" does not.
      if (pieces.length > 1 || !country) draft.addCity(pieces[0]);
      continue;
    }
    m = /^(?:nationality of registration|nationality|citizen)\s+(.+)$/i.exec(part);
    if (m?.[1]) {
      draft.addCountry(m[1]);
      continue;
    }
    m = /^[afn]\.k\.a\.,?\s+'(.+)'$/i.exec(part);
    if (m?.[1]) draft.addAlias(ofacDisplayName(m[1], draft.kind));
  }
}

export function parseOfacCsv(files: OfacFileSet): ParsedSanctions {
  const drafts = new Map<string, EntryDraft>();
  const remarks = new Map<string, string>();
  let records = 0;
  let invalid = 0;
  for (const row of csvRows(files.primary)) {
    records += 1;
    const id = value(row[0]);
    if (!/^\d+$/.test(id)) {
      invalid += 1;
      continue;
    }
    const draft = new EntryDraft(id, kindOf(value(row[2])));
    draft.addName(ofacDisplayName(value(row[1]), draft.kind));
    for (const program of value(row[3]).split(/\]\s*\[/)) draft.addProgram(program.replace(/[[\]]/g, ''));
    draft.addCountry(value(row[9]));
    remarks.set(id, value(row[11]));
    drafts.set(id, draft);
  }
  // COMMENTS rows continue a truncated remark mid-word, so they are appended without a separator.
  for (const row of files.comments ? csvRows(files.comments) : []) {
    const id = value(row[0]);
    if (remarks.has(id)) remarks.set(id, `${remarks.get(id) ?? ''}${row[1] ?? ''}`);
  }
  for (const [id, text] of remarks) {
    const draft = drafts.get(id);
    if (draft && text) applyRemarks(draft, text);
  }
  for (const row of files.aliases ? csvRows(files.aliases) : []) {
    const draft = drafts.get(value(row[0]));
    if (draft) draft.addAlias(ofacDisplayName(value(row[3]), draft.kind));
  }
  for (const row of files.addresses ? csvRows(files.addresses) : []) {
    const draft = drafts.get(value(row[0]));
    if (!draft) continue;
    draft.addCountry(value(row[4]));
    draft.addCity(cityOf(value(row[3])));
  }
  const parsed = finishDrafts(drafts.values(), records, null);
  return { ...parsed, invalid: parsed.invalid + invalid };
}
