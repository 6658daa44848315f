// The console's audit log: the filters of GET /api/console/audit (and of its CSV export), parsed
// by the route and validated by the page's filter form with the same schema, and the rows.
import { z } from 'zod';

/** Rows per page of the audit list; the export pages through every match. */
export const AUDIT_PAGE_SIZE = 50;
export const MAX_AUDIT_PAGE_SIZE = 200;

const day = z.iso.date('must be a date such as 2026-11-25');
/** Query parameters arrive as strings; an empty one means "no filter". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

const datesInOrder = {
  check: (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to,
  params: { path: ['to'], message: 'must not be before from' },
};

const filterShape = {
  actor: optional(z.string().trim().max(200, 'at most 200 characters')),
  action: optional(
    z
      .string()
      .trim()
      .max(100, 'at most 100 characters')
      .regex(/^[a-z_]+(\.[a-z_]+)*$/, 'must be an action such as member.add'),
  ),
  from: optional(day),
  to: optional(day),
};

/** The filters of the audit list and its export (all optional; dates are whole UTC days, inclusive). */
export const auditFilterSchema = z.strictObject(filterShape).refine(datesInOrder.check, datesInOrder.params);
export type AuditFilter = z.output<typeof auditFilterSchema>;

/** GET /api/console/audit: the filters, the page size and the cursor of the next page. */
export const auditQuerySchema = z
  .strictObject({
    ...filterShape,
    cursor: optional(z.string().max(100)),
    limit: optional(z.coerce.number().int().min(1).max(MAX_AUDIT_PAGE_SIZE)),
  })
  .refine(datesInOrder.check, datesInOrder.params);
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** One audit row as the console shows it. */
export interface AuditRow {
  id: string;
  /** ISO 8601. */
  createdAt: string;
  /** `cli`, `system`, or a console user id. */
  actor: string;
  /** The console user's e-mail when the actor is one. */
  actorEmail: string | null;
  /** `entity.verb`, e.g. `member.add`. */
  action: string;
  targetId: string | null;
  /** How the console names the target, when it names it otherwise than by id (a key: label and prefix). */
  targetLabel: string | null;
  /** The X-Request-Id of the console call that made the change. */
  requestId: string | null;
  metadata: Record<string, unknown>;
}

/** Who acted and what was done in the workspace, for the filter menus. */
export interface AuditFacets {
  actions: string[];
  actors: { id: string; email: string | null }[];
}

/** Answer of GET /api/console/audit: newest first; nextCursor is null on the last page. */
export interface AuditPage {
  entries: AuditRow[];
  nextCursor: string | null;
}
