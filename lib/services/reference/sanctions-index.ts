// The imported sanctions lists as one in-memory screening index, cached in the process.
// Stub until the sanctions import lands: no lists are loaded, so the Identity checks say UNKNOWN.
import type { Executor } from '@/lib/db/client';
import type { SanctionsScreen } from '@/lib/engine/sanctions/types';

export async function sanctionsIndex(
  _db: Executor,
  _nowMs: number = Date.now(),
): Promise<SanctionsScreen | null> {
  return null;
}
