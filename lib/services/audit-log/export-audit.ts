import Papa from 'papaparse';
import type { AuditFilter } from '@/lib/contract/console/audit';
import { MAX_AUDIT_PAGE_SIZE } from '@/lib/contract/console/audit';
import { CSV_FORMULA } from '@/lib/contract/csv';
import type { Executor } from '@/lib/db/client';
import type { WorkspaceContext } from '../context';
import { listAudit } from './list-audit';

export const AUDIT_CSV_COLUMNS = [
  'time',
  'actor',
  'actor_email',
  'action',
  'target',
  'request_id',
  'details',
] as const;

/** Past this many rows the export stops and says so in its last line: narrow the filters. */
export const MAX_AUDIT_EXPORT_ROWS = 100_000;

/**
 * The filtered audit rows as CSV, newest first, read page by page with the list's own cursor so
 * the file holds exactly what the page shows. Cells a spreadsheet would run as formulas are
 * quoted; details are the row's metadata as JSON.
 */
export async function exportAuditCsv(
  db: Executor,
  ctx: WorkspaceContext,
  filter: AuditFilter,
): Promise<string> {
  const data: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await listAudit(db, ctx, { ...filter, cursor, limit: MAX_AUDIT_PAGE_SIZE });
    for (const row of page.entries) {
      data.push([
        row.createdAt,
        row.actor,
        row.actorEmail ?? '',
        row.action,
        row.targetId ?? '',
        row.requestId ?? '',
        Object.keys(row.metadata).length > 0 ? JSON.stringify(row.metadata) : '',
      ]);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor && data.length < MAX_AUDIT_EXPORT_ROWS);
  if (cursor)
    data.push([`truncated at ${MAX_AUDIT_EXPORT_ROWS} rows: narrow the filters`, '', '', '', '', '', '']);
  return Papa.unparse(
    { fields: [...AUDIT_CSV_COLUMNS], data },
    { escapeFormulae: CSV_FORMULA, newline: '\r\n' },
  );
}
