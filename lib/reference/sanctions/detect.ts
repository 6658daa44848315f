// Which sanctions format a file is, decided by its first bytes (the name only breaks ties).
import { firstLine, readCsv } from './csv';

export type SanctionsFileFormat =
  | 'ofac-primary'
  | 'ofac-address'
  | 'ofac-alias'
  | 'ofac-comments'
  | 'un-xml'
  | 'eu-fsf-csv'
  | 'eu-fsf-xml'
  | 'uk-ofsi-csv'
  | 'uk-fcdo-csv'
  | 'canada-sema-xml'
  | 'us-bis-dpl'
  | 'us-csl-csv';

/** Bytes of a file enough to tell its format (headers, the first OFAC record). */
export const DETECT_HEAD_BYTES = 16_384;

function detectXml(head: string): SanctionsFileFormat | null {
  if (/<CONSOLIDATED_LIST[\s>]/.test(head)) return 'un-xml';
  if (/<(?:\w+:)?export[\s>]/.test(head) && /sanctionEntity|fpi\/fsd\/export/.test(head)) return 'eu-fsf-xml';
  if (/<data-set[\s>]/.test(head) && /<record[\s>]/.test(head)) return 'canada-sema-xml';
  return null;
}

function detectOfac(head: string, fileName: string): SanctionsFileFormat | null {
  const row = readCsv(head)[0];
  if (!row || !/^\d+$/.test(row[0] ?? '')) return null;
  const numbered = /^\d+$/.test(row[1] ?? '');
  if (row.length === 12) return 'ofac-primary';
  if (row.length === 6 && numbered) return 'ofac-address';
  if (row.length === 5 && numbered && /^(aka|fka|nka)$/i.test((row[2] ?? '').trim())) return 'ofac-alias';
  // Two columns (ent_num, text) say little on their own: the file name decides.
  if (row.length === 2 && /comments/i.test(fileName)) return 'ofac-comments';
  return null;
}

/** The format of a sanctions file from its head (see DETECT_HEAD_BYTES), or null. */
export function detectSanctionsFormat(head: string, fileName = ''): SanctionsFileFormat | null {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('<')) return detectXml(text);
  const lines = text.split(/\r?\n/, 3);
  const header = lines.slice(0, 2).join('\n');
  if (/(^|;)Entity_LogicalId(;|$)/m.test(header)) return 'eu-fsf-csv';
  if (/(^|,)"?Name 6"?(,|$)/m.test(header)) {
    if (/(^|,)"?Unique ID"?(,|$)/m.test(header)) return 'uk-fcdo-csv';
    if (/(^|,)"?Group ID"?(,|$)/m.test(header)) return 'uk-ofsi-csv';
    return null;
  }
  const first = firstLine(text);
  if (/^"?Name"?\t"?Street_Address"?\t/.test(first)) return 'us-bis-dpl';
  if (/^_id,source,entity_number,/.test(first)) return 'us-csl-csv';
  return detectOfac(text, fileName);
}
