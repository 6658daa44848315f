// The served OpenAPI document: public, cacheable, and a true description of the running API.
import { describe, expect, it } from 'vitest';
import { call } from './support';

const getDocument = (headers: Record<string, string> = {}) =>
  call('/api/openapi.json', { method: 'GET', key: null, headers });

interface ObjectSchema {
  required?: string[];
  properties?: Record<string, unknown>;
}

describe('GET /api/openapi.json', () => {
  it('answers 200 JSON with an OpenAPI 3.1 document, without a key', async () => {
    const response = await getDocument();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body.openapi).toMatch(/^3\.1\.\d+$/);
    expect(response.body.info.title).toBe('Verity API');
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/verify',
        '/api/signals',
        '/api/signals/patterns/summary',
        '/api/signals/patterns/timeseries',
        '/api/events',
        '/api/records',
        '/api/lists/entries',
        '/api/lists/entries/{id}',
        '/api/lists/entries/import',
        '/api/health',
        '/api/openapi.json',
      ]),
    );
    // Several operations share a path, each under its own method (docs/api/lists.md).
    expect(Object.keys(response.body.paths['/api/lists/entries'])).toEqual(['get', 'post']);
    expect(Object.keys(response.body.paths['/api/lists/entries/{id}'])).toEqual(['patch', 'delete']);
    expect(response.body.paths['/api/lists/entries/{id}'].delete['x-scope']).toBe('lists');
    expect(Object.keys(response.body.paths['/api/lists/entries/import'].post.requestBody.content)).toEqual([
      'application/json',
      'text/csv',
    ]);
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('is served by its own route, not the 404 catch-all, which still answers its neighbours', async () => {
    const served = await getDocument();
    expect(served.headers.get('content-type')).not.toContain('problem');
    const neighbour = await call('/api/openapi.yaml', { method: 'GET', key: null });
    expect(neighbour.status).toBe(404);
    expect(neighbour.body).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('is cacheable, and revalidates to 304 with its ETag', async () => {
    const first = await getDocument();
    expect(first.headers.get('cache-control')).toMatch(/public/);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await getDocument();
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.text).toBe(first.text);
    const revalidated = await getDocument({ 'If-None-Match': etag ?? '' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
  });

  it("the document's own Verify example is accepted and answered in the documented shape", async () => {
    const { body: document } = await getDocument();
    const operation = document.paths['/api/verify'].post;
    const example = Object.values(
      operation.requestBody.content['application/json'].examples as Record<string, { value: unknown }>,
    )[0]?.value;
    expect(example).toBeDefined();
    const response = await call('/api/verify', { body: example });
    expect(response.status).toBe(201);
    const schemas = document.components.schemas as Record<string, ObjectSchema>;
    const answer = schemas.VerifyResponse;
    const check = schemas.Check;
    for (const field of answer?.required ?? []) expect(response.body).toHaveProperty(field);
    expect(response.body.checks.length).toBeGreaterThan(0);
    for (const item of response.body.checks as Record<string, unknown>[]) {
      for (const field of check?.required ?? []) expect(item).toHaveProperty(field);
      // Nothing beyond what the document describes.
      for (const field of Object.keys(item)) expect(Object.keys(check?.properties ?? {})).toContain(field);
    }
  });

  it('a request that breaks the documented rules answers a documented problem code', async () => {
    const { body: document } = await getDocument();
    const badRequest = document.paths['/api/verify'].post.responses['400'];
    const codes = badRequest.content['application/problem+json'].schema.properties.code.enum as string[];
    const response = await call('/api/verify', { body: { name: { given: 'Jane', family: 'Doe' } } });
    expect(response.status).toBe(400);
    expect(codes).toContain(response.body.code);
  });
});
