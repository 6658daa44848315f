// Everything the checks read besides the request and the graph: the reference indexes (cached
// in the process, refreshed when an import lands) and the DNS answers for the input's domains.
// Gathered outside the Verify transaction so no lookup holds a database connection or lock.
import 'server-only';
import type { Executor } from '@/lib/db/client';
import type { CheckContext, NormalizedRequest } from '@/lib/engine/types';
import { lookupMx, mxDomains } from './dns/mx';
import { geoLookup, postalLookup } from './reference/geo';
import { ipListIndex } from './reference/ip-index';
import { sanctionsIndex } from './reference/sanctions-index';
import { ssaTables } from './reference/ssa-index';

export type ReferenceContext = Omit<CheckContext, 'now' | 'graph'>;

export async function referenceContext(db: Executor, input: NormalizedRequest): Promise<ReferenceContext> {
  const [ipLists, sanctions, ssa, mx] = await Promise.all([
    ipListIndex(db),
    sanctionsIndex(db),
    ssaTables(db),
    lookupMx(mxDomains(input)),
  ]);
  return { ipLists, sanctions, ssa, mx, geo: geoLookup(), postal: postalLookup() };
}
