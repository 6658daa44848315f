// MX answers for email domains: a cache with positive, negative and short error lifetimes, and
// one query per domain however many Verify calls ask for it at once.
import { Resolver } from 'node:dns/promises';
import { domainToASCII } from 'node:url';
import type { MxAnswer } from '@/lib/engine/dns/types';
import { queryMx, queryRoot, type Resolved } from './query';
import { TtlCache } from './ttl-cache';

export interface MxResolverOptions {
  /** `host[:port]` of the resolvers to ask; empty or absent: the system's. */
  servers?: readonly string[];
  /** Budget of one domain's lookup (MX, then A and AAAA), one try each. */
  timeoutMs?: number;
  /** Lifetime of a positive answer: its TTL when known, kept within [minTtlMs, maxTtlMs]. */
  minTtlMs?: number;
  maxTtlMs?: number;
  /** Lifetime of NXDOMAIN and "no records". */
  negativeTtlMs?: number;
  /** Lifetime of a failed lookup: short, so an outage heals quickly, yet not retried per call. */
  errorTtlMs?: number;
  /** How long a verdict on the resolver's health stands. */
  healthTtlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export interface MxResolver {
  lookup(domain: string): Promise<MxAnswer>;
  /** Answers keyed by the lower-case domain as given. */
  lookupAll(domains: readonly string[]): Promise<Map<string, MxAnswer>>;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

const UNTRUSTED: MxAnswer = {
  kind: 'error',
  reason: 'the resolver cannot find the root zone, so its negative answer is not trusted',
};

// RFC 6761 §6.4: names under "invalid" never exist, and resolvers should say so without asking.
const isReservedInvalid = (domain: string) => domain === 'invalid' || domain.endsWith('.invalid');

export function createMxResolver(options: MxResolverOptions = {}): MxResolver {
  const timeoutMs = options.timeoutMs ?? 1_500;
  const minTtlMs = options.minTtlMs ?? MINUTE;
  const maxTtlMs = options.maxTtlMs ?? 60 * MINUTE;
  const negativeTtlMs = options.negativeTtlMs ?? 5 * MINUTE;
  const errorTtlMs = options.errorTtlMs ?? 15 * SECOND;
  const healthTtlMs = options.healthTtlMs ?? 10 * MINUTE;
  const now = options.now ?? Date.now;

  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (options.servers && options.servers.length > 0) resolver.setServers([...options.servers]);

  const cache = new TtlCache<MxAnswer>(options.maxEntries ?? 10_000, now);
  const inFlight = new Map<string, Promise<MxAnswer>>();
  let health: { ok: boolean; until: number } | null = null;
  let probing: Promise<boolean> | null = null;

  // A resolver cut off from the internet may answer NXDOMAIN to every name; such a "no" says
  // nothing about the domain. One root-zone probe per healthTtlMs tells the two apart.
  // Never rejects.
  function healthy(): Promise<boolean> {
    if (health !== null && health.until > now()) return Promise.resolve(health.ok);
    if (probing === null) {
      probing = queryRoot(resolver, timeoutMs)
        .then((ok) => {
          health = { ok, until: now() + (ok ? healthTtlMs : errorTtlMs) };
          return ok;
        })
        .finally(() => {
          probing = null;
        });
    }
    return probing;
  }

  function lifetime({ answer, ttlSeconds }: Resolved): number {
    if (answer.kind === 'error') return errorTtlMs;
    if (answer.kind === 'none' && answer.reason !== 'NULL_MX') return negativeTtlMs;
    // c-ares does not report an MX record's TTL; the address records of an implicit MX do.
    if (ttlSeconds === null) return maxTtlMs;
    return Math.min(maxTtlMs, Math.max(minTtlMs, ttlSeconds * SECOND));
  }

  async function resolve(domain: string): Promise<Resolved> {
    if (isReservedInvalid(domain)) return { answer: { kind: 'none', reason: 'NXDOMAIN' }, ttlSeconds: null };
    const ascii = domainToASCII(domain);
    if (ascii === '') {
      return { answer: { kind: 'error', reason: 'the domain has no DNS (IDNA) form' }, ttlSeconds: null };
    }
    // Probed alongside the query, so a negative answer still comes within the one budget.
    const trusted = healthy();
    const resolved = await queryMx(resolver, ascii, timeoutMs);
    const { answer } = resolved;
    if (answer.kind === 'none' && answer.reason !== 'NULL_MX' && !(await trusted)) {
      return { answer: UNTRUSTED, ttlSeconds: null };
    }
    return resolved;
  }

  function lookup(domain: string): Promise<MxAnswer> {
    const key = domain.toLowerCase();
    const cached = cache.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    const pending = inFlight.get(key);
    if (pending !== undefined) return pending;
    const started = resolve(key)
      .catch((): Resolved => ({ answer: { kind: 'error', reason: 'the lookup failed' }, ttlSeconds: null }))
      .then((resolved) => {
        cache.set(key, resolved.answer, lifetime(resolved));
        return resolved.answer;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  }

  async function lookupAll(domains: readonly string[]): Promise<Map<string, MxAnswer>> {
    const keys = [...new Set(domains.map((d) => d.toLowerCase()))];
    return new Map(await Promise.all(keys.map(async (key) => [key, await lookup(key)] as const)));
  }

  return { lookup, lookupAll };
}
