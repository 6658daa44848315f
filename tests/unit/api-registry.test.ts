// The registry (lib/api/operations) is the one definition of each operation: its route files,
// its console twin, the OpenAPI document and the console's explorer must all be derived from it.
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { explorerOperations } from '@/components/explorer/operations';
import { API_OPERATIONS } from '@/lib/api/operations';
import { isMethodNotAllowed, ROUTE_METHODS } from '@/lib/http/route-methods';
import { openApiDocument } from '@/lib/openapi/document';

// The console guard reads the Auth.js session; these tests only look at which methods a route
// module exports and call its 405 answers, which never reach the guard.
vi.mock('@/lib/auth/auth', () => ({ auth: async () => null }));

interface Expected {
  scope: string | null;
  bucket?: string;
  console?: string;
}

// What docs/api promises (operations.md, keys-and-auth.md, limits.md, lists.md), written out
// independently of the registry: the scope each operation needs and a rate-limit bucket of its own
// per operation. Keyed by method and path: a path may serve several operations.
const EXPECTED: Record<string, Expected> = {
  'POST /api/verify': { scope: 'verify', bucket: 'verify', console: '/api/console/verify' },
  'GET /api/sessions/{sessionId}': { scope: 'verify', bucket: 'sessions.get' },
  'POST /api/signals': { scope: 'signals', bucket: 'signals', console: '/api/console/signals' },
  'POST /api/signals/patterns/summary': {
    scope: 'signals',
    bucket: 'signals.patterns.summary',
    console: '/api/console/patterns/summary',
  },
  'POST /api/signals/patterns/timeseries': {
    scope: 'signals',
    bucket: 'signals.patterns.timeseries',
    console: '/api/console/patterns/timeseries',
  },
  'POST /api/events': { scope: 'ingest', bucket: 'events' },
  'POST /api/records': { scope: 'ingest', bucket: 'records' },
  'GET /api/lists/entries': { scope: 'lists', bucket: 'lists.entries.list' },
  'POST /api/lists/entries': { scope: 'lists', bucket: 'lists.entries.add' },
  'PATCH /api/lists/entries/{id}': { scope: 'lists', bucket: 'lists.entries.update' },
  'DELETE /api/lists/entries/{id}': { scope: 'lists', bucket: 'lists.entries.remove' },
  'POST /api/lists/entries/import': { scope: 'lists', bucket: 'lists.entries.import' },
  'GET /api/health': { scope: null },
  'GET /api/openapi.json': { scope: null },
};

type RouteModule = Record<string, unknown>;

// A `{name}` parameter of the document's path is the `[name]` folder of the app router.
const routeModule = (route: string): Promise<RouteModule> =>
  import(path.resolve(process.cwd(), `app${route.replace(/\{(\w+)\}/g, '[$1]')}/route.ts`));

const handler = (module: RouteModule, method: string) => {
  const found = module[method];
  if (typeof found !== 'function') throw new Error(`no ${method} export`);
  return found as (request: Request, context: { params: Promise<object> }) => Promise<Response>;
};

/** The route answers its own methods and only those; every other method is the 405 problem. */
async function expectExactly(route: string, methods: readonly string[]) {
  const module = await routeModule(route);
  for (const other of ROUTE_METHODS) {
    expect(typeof module[other], `${route} exports ${other}`).toBe('function');
    expect(isMethodNotAllowed(module[other]), `${route} ${other}`).toBe(!methods.includes(other));
  }
  const wrong = ROUTE_METHODS.find((other) => !methods.includes(other)) ?? 'PUT';
  const response = await handler(module, wrong)(new Request(`http://localhost${route}`, { method: wrong }), {
    params: Promise.resolve({}),
  });
  expect(response.status).toBe(405);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const allowed = response.headers.get('allow')?.split(', ') ?? [];
  for (const method of methods) expect(allowed).toContain(method);
  expect(allowed.filter((method) => !['HEAD', 'OPTIONS'].includes(method)).sort()).toEqual(
    [...methods].sort(),
  );
  expect(response.headers.get('x-request-id')).toMatch(/^req_/);
  expect(await response.json()).toMatchObject({ status: 405, code: 'METHOD_NOT_ALLOWED' });
}

/** The methods of the registry at each path. */
function methodsByPath(): Map<string, string[]> {
  const paths = new Map<string, string[]>();
  for (const operation of API_OPERATIONS)
    paths.set(operation.path, [...(paths.get(operation.path) ?? []), operation.method]);
  return paths;
}

describe('the operation registry', () => {
  it('holds exactly the operations of the contract, each with its scope, bucket and console twin', () => {
    const registered = Object.fromEntries(
      API_OPERATIONS.map((operation) => [
        `${operation.method} ${operation.path}`,
        {
          scope: operation.scope,
          ...(operation.scope === null ? {} : { bucket: operation.bucket }),
          ...(operation.scope !== null && operation.console ? { console: operation.console.path } : {}),
        },
      ]),
    );
    expect(registered).toEqual(EXPECTED);
  });

  it('gives every keyed operation a rate-limit bucket and a console log name of its own', () => {
    const buckets = API_OPERATIONS.flatMap((operation) =>
      operation.scope === null ? [] : [operation.bucket],
    );
    expect(new Set(buckets).size).toBe(buckets.length);
    const endpoints = API_OPERATIONS.flatMap((operation) =>
      operation.scope !== null && operation.console ? [operation.console.endpoint] : [],
    );
    expect(new Set(endpoints).size).toBe(endpoints.length);
    expect(endpoints.every((endpoint) => endpoint.startsWith('console.'))).toBe(true);
  });

  it('has a public route file per path exporting exactly the methods of its operations', async () => {
    const paths = methodsByPath();
    expect(paths.get('/api/lists/entries')).toEqual(['GET', 'POST']);
    expect(paths.get('/api/lists/entries/{id}')).toEqual(['PATCH', 'DELETE']);
    for (const [route, methods] of paths) await expectExactly(route, methods);
  });

  it('has a console route file per twin exporting exactly its method', async () => {
    const twins = API_OPERATIONS.flatMap((operation) =>
      operation.scope !== null && operation.console
        ? [{ ...operation.console, method: operation.method }]
        : [],
    );
    expect(twins.length).toBeGreaterThan(0);
    for (const twin of twins) await expectExactly(twin.path, [twin.method]);
  });

  it('answers OPTIONS with the methods of the route', async () => {
    const module = await routeModule('/api/verify');
    const response = await handler(module, 'OPTIONS')(new Request('http://localhost/api/verify'), {
      params: Promise.resolve({}),
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    expect(response.headers.get('x-request-id')).toBeTruthy();
    const entries = await routeModule('/api/lists/entries/{id}');
    const both = await handler(entries, 'OPTIONS')(new Request('http://localhost/api/lists/entries/x'), {
      params: Promise.resolve({}),
    });
    expect(both.headers.get('allow')).toBe('PATCH, DELETE, OPTIONS');
  });
});

describe('derived from the registry', () => {
  const document = openApiDocument();

  it('the OpenAPI document has exactly the registry operations, with their ids and scopes', () => {
    const documented = Object.entries(document.paths).flatMap(([route, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        path: route,
        method: method.toUpperCase(),
        id: operation.operationId,
        scope: operation['x-scope'] ?? null,
      })),
    );
    expect(documented).toEqual(
      API_OPERATIONS.map((operation) => ({
        path: operation.path,
        method: operation.method,
        id: operation.id,
        scope: operation.scope,
      })),
    );
  });

  it('the console explorer lists exactly the public operations of the registry', () => {
    const listed = explorerOperations(JSON.parse(JSON.stringify(document)));
    expect(listed.map(({ id, method, path: route, scope }) => ({ id, method, path: route, scope }))).toEqual(
      API_OPERATIONS.map((operation) => ({
        id: operation.id,
        method: operation.method,
        path: operation.path,
        scope: operation.scope,
      })),
    );
  });
});
