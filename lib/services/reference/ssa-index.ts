// The imported SSA tables, cached in the process. Stub until the SSA import lands.
import type { Executor } from '@/lib/db/client';
import type { SsaTables } from '@/lib/engine/ssa/types';

export async function ssaTables(_db: Executor, _nowMs: number = Date.now()): Promise<SsaTables | null> {
  return null;
}
