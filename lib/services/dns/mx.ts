// MX lookups for the Email checks. Stub until the resolver lands: DNS is not consulted.
import type { MxAnswer } from '@/lib/engine/dns/types';

export async function lookupMx(_domains: readonly string[]): Promise<ReadonlyMap<string, MxAnswer> | null> {
  return null;
}
