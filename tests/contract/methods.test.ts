// docs/api/operations.md: a wrong method is 405 problem+json with Allow (errors.md), and
// every response carries X-Request-Id, on every API route (public, console, Auth.js, service).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, newUser, signedIn } from './console-session';
import { call, readResponse } from './support';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

// Every route file under app/api with the methods it serves and a URL to reach it by; written
// out from the spec, the console's pages and Auth.js's endpoints, not read from the code.
const ROUTES: Record<string, { url: string; methods: Method[] }> = {
  '/api/verify': { url: '/api/verify', methods: ['POST'] },
  '/api/sessions/[sessionId]': { url: '/api/sessions/ses_unknown', methods: ['GET'] },
  '/api/signals': { url: '/api/signals', methods: ['POST'] },
  '/api/signals/patterns/summary': { url: '/api/signals/patterns/summary', methods: ['POST'] },
  '/api/signals/patterns/timeseries': { url: '/api/signals/patterns/timeseries', methods: ['POST'] },
  '/api/events': { url: '/api/events', methods: ['POST'] },
  '/api/records': { url: '/api/records', methods: ['POST'] },
  '/api/lists/entries': { url: '/api/lists/entries', methods: ['GET', 'POST'] },
  '/api/lists/entries/[id]': { url: '/api/lists/entries/wle_unknown', methods: ['PATCH', 'DELETE'] },
  '/api/lists/entries/import': { url: '/api/lists/entries/import', methods: ['POST'] },
  '/api/health': { url: '/api/health', methods: ['GET'] },
  '/api/openapi.json': { url: '/api/openapi.json', methods: ['GET'] },
  // Served to the tests, which call from this machine directly (lib/metrics/serve.ts).
  '/api/metrics': { url: '/api/metrics', methods: ['GET'] },
  '/api/auth/[...nextauth]': { url: '/api/auth/session', methods: ['GET', 'POST'] },
  '/api/console/verify': { url: '/api/console/verify', methods: ['POST'] },
  '/api/console/signals': { url: '/api/console/signals', methods: ['POST'] },
  '/api/console/patterns/summary': { url: '/api/console/patterns/summary', methods: ['POST'] },
  '/api/console/patterns/timeseries': { url: '/api/console/patterns/timeseries', methods: ['POST'] },
  '/api/console/me': { url: '/api/console/me', methods: ['GET'] },
  '/api/console/lists': { url: '/api/console/lists', methods: ['GET'] },
  '/api/console/lists/entries': { url: '/api/console/lists/entries', methods: ['GET', 'POST'] },
  '/api/console/lists/entries/[id]': {
    url: '/api/console/lists/entries/wle_1111111111111111111111',
    methods: ['PATCH', 'DELETE'],
  },
  '/api/console/lists/entries/export': { url: '/api/console/lists/entries/export', methods: ['GET'] },
  '/api/console/sessions': { url: '/api/console/sessions', methods: ['GET'] },
  '/api/console/sessions/[id]': { url: '/api/console/sessions/ses_unknown', methods: ['GET'] },
  '/api/console/sessions/[id]/decisions': {
    url: '/api/console/sessions/ses_unknown/decisions',
    methods: ['GET', 'POST'],
  },
  '/api/console/sessions/[id]/list-entries': {
    url: '/api/console/sessions/ses_unknown/list-entries',
    methods: ['GET', 'POST'],
  },
  '/api/console/sessions/[id]/claim': {
    url: '/api/console/sessions/ses_unknown/claim',
    methods: ['POST', 'DELETE'],
  },
  '/api/console/review-queue': { url: '/api/console/review-queue', methods: ['GET'] },
  '/api/console/review-queue/claims': { url: '/api/console/review-queue/claims', methods: ['POST'] },
  '/api/console/batch/validate': { url: '/api/console/batch/validate', methods: ['POST'] },
  '/api/console/graph': { url: '/api/console/graph', methods: ['GET'] },
  '/api/console/decision-reasons': {
    url: '/api/console/decision-reasons',
    methods: ['GET', 'POST', 'DELETE'],
  },
  '/api/console/audit': { url: '/api/console/audit', methods: ['GET'] },
  '/api/console/audit/export': { url: '/api/console/audit/export', methods: ['GET'] },
  '/api/console/audit/facets': { url: '/api/console/audit/facets', methods: ['GET'] },
  '/api/console/members': { url: '/api/console/members', methods: ['GET', 'POST'] },
  '/api/console/members/[userId]': { url: '/api/console/members/usr_unknown', methods: ['PATCH', 'DELETE'] },
  '/api/console/members/[userId]/password-reset': {
    url: '/api/console/members/usr_unknown/password-reset',
    methods: ['POST'],
  },
  '/api/console/trial-quota': { url: '/api/console/trial-quota', methods: ['GET', 'PUT'] },
  '/api/console/request-log': { url: '/api/console/request-log', methods: ['GET'] },
  '/api/console/request-log/settings': { url: '/api/console/request-log/settings', methods: ['GET', 'PUT'] },
  '/api/console/keys': { url: '/api/console/keys', methods: ['GET', 'POST'] },
  '/api/console/keys/[id]': { url: '/api/console/keys/key_unknown', methods: ['PATCH'] },
  '/api/console/keys/[id]/revoke': { url: '/api/console/keys/key_unknown/revoke', methods: ['POST'] },
  '/api/console/keys/[id]/rotate': { url: '/api/console/keys/key_unknown/rotate', methods: ['POST'] },
  '/api/console/deletions': { url: '/api/console/deletions', methods: ['POST'] },
  '/api/console/risk-policy': { url: '/api/console/risk-policy', methods: ['GET', 'PUT'] },
  '/api/console/risk-policy/backtest': { url: '/api/console/risk-policy/backtest', methods: ['POST'] },
  '/api/console/risk-policy/suggestion': { url: '/api/console/risk-policy/suggestion', methods: ['GET'] },
  '/api/console/rules': { url: '/api/console/rules', methods: ['GET', 'PUT'] },
  '/api/console/rules/backtest': { url: '/api/console/rules/backtest', methods: ['POST'] },
  '/api/console/webhooks': { url: '/api/console/webhooks', methods: ['GET', 'POST'] },
  '/api/console/webhooks/[id]': {
    url: '/api/console/webhooks/whe_1111111111111111111111',
    methods: ['PATCH', 'DELETE'],
  },
  '/api/console/webhooks/[id]/rotate-secret': {
    url: '/api/console/webhooks/whe_1111111111111111111111/rotate-secret',
    methods: ['POST'],
  },
  '/api/console/webhooks/[id]/test': {
    url: '/api/console/webhooks/whe_1111111111111111111111/test',
    methods: ['POST'],
  },
  '/api/console/webhooks/[id]/deliveries': {
    url: '/api/console/webhooks/whe_1111111111111111111111/deliveries',
    methods: ['GET'],
  },
  '/api/console/webhooks/[id]/replay': {
    url: '/api/console/webhooks/whe_1111111111111111111111/replay',
    methods: ['POST'],
  },
  '/api/console/rate-limit': { url: '/api/console/rate-limit', methods: ['GET', 'PUT'] },
  '/api/console/usage': { url: '/api/console/usage', methods: ['GET'] },
  '/api/console/graph-sharing': { url: '/api/console/graph-sharing', methods: ['GET', 'PUT'] },
  '/api/console/second-factor-policy': { url: '/api/console/second-factor-policy', methods: ['GET', 'PUT'] },
  '/api/console/monitoring': { url: '/api/console/monitoring', methods: ['GET', 'PUT'] },
  '/api/console/members/[userId]/second-factor': {
    url: '/api/console/members/usr_unknown/second-factor',
    methods: ['DELETE'],
  },
};

/** Every route file under app/api, as the path pattern it serves. */
function routeFiles(dir = path.resolve(process.cwd(), 'app/api'), prefix = '/api'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return routeFiles(path.join(dir, entry.name), `${prefix}/${entry.name}`);
    return entry.name === 'route.ts' ? [prefix] : [];
  });
}

const allowed = (methods: Method[]) =>
  [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].sort();

let admin: ConsoleClient;

beforeAll(async () => {
  // Console routes sit behind the console's sign-in; an admin reaches every one of them.
  admin = await signedIn(await newUser('admin'));
});

describe('a wrong method', () => {
  it('the table covers every route file but the 404 catch-all, which answers every method', () => {
    const files = routeFiles().filter((route) => route !== '/api/[...path]');
    expect(files.sort()).toEqual(Object.keys(ROUTES).sort());
  });

  for (const [route, { url, methods }] of Object.entries(ROUTES)) {
    it(`${route} answers 405 problem+json with Allow: ${methods.join(', ')}`, async () => {
      for (const method of METHODS.filter((m) => !methods.includes(m))) {
        const response = url.startsWith('/api/console/')
          ? await readResponse(await admin.fetch(url, { method }))
          : await call(url, { method, key: null, headers: { 'Content-Type': 'text/plain' } });
        const label = `${method} ${url}`;
        expect(response.status, label).toBe(405);
        expect(response.headers.get('content-type'), label).toBe('application/problem+json');
        expect(response.body, label).toMatchObject({ status: 405, code: 'METHOD_NOT_ALLOWED' });
        expect(response.body.requestId, label).toBe(response.headers.get('x-request-id'));
        expect(response.headers.get('x-request-id'), label).toBeTruthy();
        const allow = (response.headers.get('allow') ?? '').split(',').map((name) => name.trim());
        expect(allow.sort(), label).toEqual(allowed(methods));
      }
    });
  }

  it('echoes a well-formed X-Request-Id on the 405', async () => {
    const response = await call('/api/verify', {
      method: 'GET',
      key: null,
      headers: { 'X-Request-Id': 'client-trace-405' },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('x-request-id')).toBe('client-trace-405');
  });
});

describe('X-Request-Id on every answer', () => {
  it('Auth.js answers carry it: session, csrf, providers', async () => {
    for (const url of ['/api/auth/session', '/api/auth/csrf', '/api/auth/providers']) {
      const response = await call(url, { method: 'GET', key: null });
      expect(response.status, url).toBe(200);
      expect(response.headers.get('x-request-id'), url).toMatch(/^req_/);
    }
    const echoed = await call('/api/auth/session', {
      method: 'GET',
      key: null,
      headers: { 'X-Request-Id': 'client-trace-auth' },
    });
    expect(echoed.headers.get('x-request-id')).toBe('client-trace-auth');
  });

  it("Auth.js's sign-in redirect carries it", async () => {
    const user = await newUser('analyst');
    const client = new ConsoleClient();
    const response = await client.signIn(user.email, user.password);
    expect(response.status).toBe(302);
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('the 404 of an unknown API path carries it', async () => {
    for (const method of METHODS) {
      const response = await call('/api/nope', { method, key: null });
      expect(response.status, method).toBe(404);
      expect(response.body, method).toMatchObject({ code: 'NOT_FOUND' });
      expect(response.headers.get('x-request-id'), method).toBeTruthy();
    }
  });
});
