// The configured MX lookups (DNS_SERVERS, DNS_TIMEOUT_MS) as Verify uses them, against a real
// DNS server on loopback, through to the Email checks.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailChecks } from '@/lib/engine/checks/email';
import { normalizeEmail } from '@/lib/engine/normalize/email';
import { startDnsServer, type TestDnsServer } from '../support/dns-server';
import { findCheck } from './support/find-check';
import { ctx, normalizedRequest } from './support/normalized-request';

let server: TestDnsServer;
const saved = { servers: process.env.DNS_SERVERS, timeout: process.env.DNS_TIMEOUT_MS };

// env() and the shared resolver are read once per module instance: import them afresh per setting.
async function mxModule(servers: string, timeoutMs = '1000') {
  vi.resetModules();
  process.env.DNS_SERVERS = servers;
  process.env.DNS_TIMEOUT_MS = timeoutMs;
  return import('@/lib/services/dns/mx');
}

beforeAll(async () => {
  server = await startDnsServer({
    'acme.test': { mx: [{ priority: 10, exchange: 'mx.acme.test' }] },
    'older.test': { mx: [{ priority: 10, exchange: 'mx.older.test' }] },
    'quiet.test': { silent: true },
  });
});
afterEach(() => {
  process.env.DNS_SERVERS = saved.servers;
  process.env.DNS_TIMEOUT_MS = saved.timeout;
  if (saved.servers === undefined) delete process.env.DNS_SERVERS;
  if (saved.timeout === undefined) delete process.env.DNS_TIMEOUT_MS;
});
afterAll(async () => {
  await server.close();
});

describe('lookupMx and completeMx with DNS_SERVERS', () => {
  it('looks up the domains of well-formed cleartext emails and feeds the Email checks', async () => {
    const { lookupMx, mxDomains } = await mxModule(server.address);
    const request = normalizedRequest({
      emails: ['Jane@ACME.test', 'x@gone.test', 'not an email', 'a'.repeat(64)].map(normalizeEmail),
    });
    expect(mxDomains(request)).toEqual(['acme.test', 'gone.test']);
    const mx = await lookupMx(mxDomains(request));
    expect(mx && [...mx]).toEqual([
      ['acme.test', { kind: 'mx', hosts: ['mx.acme.test'], implicit: false }],
      ['gone.test', { kind: 'none', reason: 'NXDOMAIN' }],
    ]);
    const checks = emailChecks(request, { ...ctx, mx });
    expect(findCheck(checks, 'EMAIL_NO_MX_RECORD')).toMatchObject({ state: 'TRUE', risk: 'HIGH' });
    // One DNS answer, counted once (issue 9, finding 6).
    expect(findCheck(checks, 'EMAIL_DELIVERABILITY')).toMatchObject({ state: 'FALSE', risk: 'NONE' });
  });

  it("adds a joined session's earlier domains to the answers, from the cache when it holds them", async () => {
    const { completeMx, lookupMx } = await mxModule(server.address);
    await lookupMx(['older.test']); // the session's first call
    const asked = server.count('older.test');
    const known = await lookupMx(['acme.test']); // this call's own email
    const merged = normalizedRequest({ emails: ['jane@acme.test', 'jane@older.test'].map(normalizeEmail) });
    const complete = await completeMx(known, merged);
    expect(complete && [...complete.keys()]).toEqual(['acme.test', 'older.test']);
    expect(complete?.get('older.test')).toEqual({ kind: 'mx', hosts: ['mx.older.test'], implicit: false });
    expect(server.count('older.test')).toBe(asked);
    // Nothing missing: the same map comes back; DNS not consulted: stays null.
    expect(await completeMx(complete, merged)).toBe(complete);
    expect(await completeMx(null, merged)).toBeNull();
  });

  it('gives no answers at all with DNS_SERVERS=off, so the checks await DNS', async () => {
    const { lookupMx, completeMx } = await mxModule('off');
    const before = server.questions.length;
    const mx = await lookupMx(['acme.test']);
    expect(mx).toBeNull();
    expect(await completeMx(mx, normalizedRequest({ emails: [normalizeEmail('a@acme.test')] }))).toBeNull();
    expect(server.questions.length).toBe(before);
    const checks = emailChecks(normalizedRequest({ emails: [normalizeEmail('a@acme.test')] }), {
      ...ctx,
      mx,
    });
    expect(findCheck(checks, 'EMAIL_NO_MX_RECORD')).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
  });

  it('bounds a lookup by DNS_TIMEOUT_MS, and the checks say UNKNOWN (LOW once, in EMAIL_NO_MX_RECORD)', async () => {
    const { lookupMx } = await mxModule(server.address, '200');
    const started = performance.now();
    const mx = await lookupMx(['quiet.test']);
    expect(performance.now() - started).toBeLessThan(800);
    expect(mx?.get('quiet.test')).toEqual({ kind: 'error', reason: 'timed out' });
    const checks = emailChecks(normalizedRequest({ emails: [normalizeEmail('a@quiet.test')] }), {
      ...ctx,
      mx,
    });
    expect(findCheck(checks, 'EMAIL_NO_MX_RECORD')).toMatchObject({ state: 'UNKNOWN', risk: 'LOW' });
    expect(findCheck(checks, 'EMAIL_DELIVERABILITY')).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
  });
});
