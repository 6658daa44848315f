// Builds the reference indexes once when a server process starts, so the first Verify does not pay
// for it (the sanctions index takes about a second to build from ~27k entries).
import 'server-only';
import type { Executor } from '@/lib/db/client';
import { ipListIndex } from './ip-index';
import { sanctionsIndex } from './sanctions-index';
import { ssaTables } from './ssa-index';

export async function warmReferenceIndexes(db: Executor): Promise<void> {
  await Promise.all([ipListIndex(db), sanctionsIndex(db), ssaTables(db)]);
}
