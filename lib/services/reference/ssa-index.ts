// The imported SSA tables, cached in the process and rebuilt when an import lands (stamped-cache.ts).
import { buildSsaTables, type SsaListRows } from '@/lib/engine/ssa/tables';
import { SSA_CATEGORIES } from './import-ssa';
import { referenceListCache } from './reference-list-cache';

/** The SSA tables, or null when no high-group list is imported (the issuance checks then await it). */
export const ssaTables = referenceListCache('SSA tables', Object.values(SSA_CATEGORIES), (rows) =>
  buildSsaTables(
    rows.map(
      (r): SsaListRows => ({
        name: r.name,
        kind: r.category === SSA_CATEGORIES['high-group'] ? 'high-group' : 'area',
        publishedAt: r.publishedAt,
        entries: r.entries,
      }),
    ),
  ),
);
