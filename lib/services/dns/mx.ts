// MX lookups for the Email checks, through one process-wide resolver configured by DNS_SERVERS
// and DNS_TIMEOUT_MS. `DNS_SERVERS=off` leaves DNS unconsulted (the checks then await it).
import 'server-only';
import { env } from '@/lib/config/env';
import type { MxAnswer } from '@/lib/engine/dns/types';
import type { NormalizedRequest } from '@/lib/engine/types';
import { createMxResolver, type MxResolver } from './mx-resolver';

let shared: MxResolver | null | undefined;

function sharedResolver(): MxResolver | null {
  if (shared === undefined) {
    const { DNS_SERVERS, DNS_TIMEOUT_MS } = env();
    shared =
      DNS_SERVERS === 'off' ? null : createMxResolver({ servers: DNS_SERVERS, timeoutMs: DNS_TIMEOUT_MS });
  }
  return shared;
}

/** The domains the Email checks look up: those of well-formed cleartext addresses. */
export function mxDomains(request: NormalizedRequest): string[] {
  return [...new Set(request.emails.flatMap((e) => (e.valid && e.domain ? [e.domain] : [])))];
}

/** Answers by lower-case domain; null when DNS lookups are off. */
export async function lookupMx(domains: readonly string[]): Promise<ReadonlyMap<string, MxAnswer> | null> {
  const resolver = sharedResolver();
  return resolver === null ? null : resolver.lookupAll(domains);
}

/**
 * `known` plus the answers for the domains of `request` it lacks: a joined session's earlier
 * emails, looked up on an earlier call and so normally still cached.
 */
export async function completeMx(
  known: ReadonlyMap<string, MxAnswer> | null | undefined,
  request: NormalizedRequest,
): Promise<ReadonlyMap<string, MxAnswer> | null> {
  if (!known) return known ?? null;
  const missing = mxDomains(request).filter((domain) => !known.has(domain));
  if (missing.length === 0) return known;
  const found = await lookupMx(missing);
  return found === null ? known : new Map([...known, ...found]);
}
