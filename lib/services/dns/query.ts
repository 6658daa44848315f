// One uncached MX lookup with the RFC 5321 §5.1 and RFC 7505 semantics, under a deadline.
import type { Resolver } from 'node:dns/promises';
import type { MxAnswer } from '@/lib/engine/dns/types';

export interface Resolved {
  answer: MxAnswer;
  /** Smallest TTL (seconds) of the address records of an implicit MX; null when unknown. */
  ttlSeconds: number | null;
}

// c-ares codes: ENOTFOUND is NXDOMAIN, ENODATA is NOERROR without a record of the type asked.
const NXDOMAIN = 'ENOTFOUND';
const NO_DATA = 'ENODATA';

const FAILURES: Readonly<Record<string, string>> = {
  ETIMEOUT: 'timed out',
  ECANCELLED: 'timed out',
  ESERVFAIL: 'the DNS server failed (SERVFAIL)',
  EREFUSED: 'the DNS server refused the query (REFUSED)',
  ECONNREFUSED: 'the DNS server could not be reached',
  EBADRESP: 'the DNS server sent a malformed answer',
};

const TIMED_OUT: MxAnswer = { kind: 'error', reason: 'timed out' };

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'EUNKNOWN';
}

function failed(code: string): Resolved {
  return {
    answer: { kind: 'error', reason: FAILURES[code] ?? `the lookup failed (${code})` },
    ttlSeconds: null,
  };
}

/** Exchanges by preference, lower-cased and without the root dot; "." (null MX) is dropped. */
function exchanges(records: readonly { exchange: string; priority: number }[]): string[] {
  const sorted = [...records].sort((a, b) => a.priority - b.priority);
  const hosts = sorted.map((r) => r.exchange.toLowerCase().replace(/\.$/, '')).filter((h) => h !== '');
  return [...new Set(hosts)];
}

async function lookup(resolver: Resolver, domain: string): Promise<Resolved> {
  try {
    const hosts = exchanges(await resolver.resolveMx(domain));
    // RFC 7505: a domain whose only MX is "." declares it accepts no mail.
    if (hosts.length === 0) return { answer: { kind: 'none', reason: 'NULL_MX' }, ttlSeconds: null };
    return { answer: { kind: 'mx', hosts, implicit: false }, ttlSeconds: null };
  } catch (error) {
    const code = codeOf(error);
    if (code === NXDOMAIN) return { answer: { kind: 'none', reason: 'NXDOMAIN' }, ttlSeconds: null };
    if (code !== NO_DATA) return failed(code);
  }
  // RFC 5321 §5.1: without MX records the domain's own address records are the implicit MX.
  const [v4, v6] = await Promise.allSettled([
    resolver.resolve4(domain, { ttl: true }),
    resolver.resolve6(domain, { ttl: true }),
  ]);
  const records = [v4, v6].flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
  if (records.length > 0) {
    return {
      answer: { kind: 'mx', hosts: [domain], implicit: true },
      ttlSeconds: Math.min(...records.map((r) => r.ttl)),
    };
  }
  const codes = [v4, v6].flatMap((r) => (r.status === 'rejected' ? [codeOf(r.reason)] : []));
  if (codes.includes(NXDOMAIN)) return { answer: { kind: 'none', reason: 'NXDOMAIN' }, ttlSeconds: null };
  const failure = codes.find((code) => code !== NO_DATA);
  if (failure !== undefined) return failed(failure);
  return { answer: { kind: 'none', reason: 'NO_RECORDS' }, ttlSeconds: null };
}

/** What `work` settles to, or `fallback` once `ms` have passed, whichever comes first. */
export async function withDeadline<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The MX answer for an ASCII domain within `timeoutMs` in total (the MX query, then A and AAAA
 * together). A query still pending at the deadline ends on its own c-ares timeout.
 */
export function queryMx(resolver: Resolver, domain: string, timeoutMs: number): Promise<Resolved> {
  const work = lookup(resolver, domain).catch((error: unknown) => failed(codeOf(error)));
  return withDeadline(work, timeoutMs, { answer: TIMED_OUT, ttlSeconds: null });
}

/** Whether the resolver can find the root zone's name servers: a working recursive resolver can. */
export function queryRoot(resolver: Resolver, timeoutMs: number): Promise<boolean> {
  const work = resolver.resolveNs('.').then(
    (servers) => servers.length > 0,
    () => false,
  );
  return withDeadline(work, timeoutMs, false);
}
