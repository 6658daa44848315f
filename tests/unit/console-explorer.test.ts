import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlCommand, shellQuote } from '@/components/explorer/curl';
import { explorerOperations } from '@/components/explorer/operations';
import { jsonProblem, reasonPhrase, sendRequest } from '@/components/explorer/send-request';
import { openApiDocument } from '@/lib/openapi/document';
import { verifyRequestExample } from '@/lib/openapi/examples/verify';

describe('explorerOperations', () => {
  const operations = explorerOperations(JSON.parse(JSON.stringify(openApiDocument())));

  it('lists every operation of the document with what it needs', () => {
    expect(operations.map((operation) => `${operation.method} ${operation.path} ${operation.scope}`)).toEqual(
      [
        'POST /api/verify verify',
        'GET /api/sessions/{sessionId} verify',
        'POST /api/signals signals',
        'POST /api/signals/patterns/summary signals',
        'POST /api/signals/patterns/timeseries signals',
        'POST /api/events ingest',
        'POST /api/records ingest',
        'GET /api/lists/entries lists',
        'POST /api/lists/entries lists',
        'PATCH /api/lists/entries/{id} lists',
        'DELETE /api/lists/entries/{id} lists',
        'POST /api/lists/entries/import lists',
        'GET /api/health null',
        'GET /api/openapi.json null',
      ],
    );
    const health = operations.find((operation) => operation.id === 'health');
    expect(health).toMatchObject({ hasBody: false, examples: [], tag: 'Service' });
    const session = operations.find((operation) => operation.id === 'getSession');
    expect(session).toMatchObject({ hasBody: false, examples: [], tag: 'Verify' });
    const remove = operations.find((operation) => operation.id === 'removeListEntry');
    expect(remove).toMatchObject({ method: 'DELETE', hasBody: false, tag: 'Lists' });
    const update = operations.find((operation) => operation.id === 'updateListEntry');
    expect(update).toMatchObject({ method: 'PATCH', hasBody: true, tag: 'Lists' });
  });

  it("prefills Verify with the document's own request examples", () => {
    const verify = operations.find((operation) => operation.id === 'verify');
    expect(verify?.summary).toBe('Verify an identity');
    expect(verify?.examples.map((example) => example.name)).toEqual(['applicant', 'joinSession', 'hashed']);
    expect(JSON.parse(verify?.examples[0]?.body ?? '')).toEqual(verifyRequestExample);
  });

  it('tolerates documents that are not what it expects', () => {
    expect(explorerOperations(null)).toEqual([]);
    expect(explorerOperations({ paths: { '/x': { get: 'nope', post: {} } } })).toEqual([
      {
        id: 'POST /x',
        method: 'POST',
        path: '/x',
        summary: 'POST /x',
        tag: 'Other',
        scope: null,
        hasBody: false,
        examples: [],
      },
    ]);
  });
});

/** What sh makes of a quoted word: the shell itself is the judge. */
const shEcho = (word: string, env: Record<string, string> = {}): string =>
  execFileSync('sh', ['-c', `printf %s ${word}`], { encoding: 'utf8', env: { ...process.env, ...env } });

describe('curlCommand', () => {
  it('quotes anything so the shell passes it through unchanged', () => {
    const nasty = `it's "$HOME" \`id\` \\ done`;
    expect(shEcho(shellQuote(nasty))).toBe(nasty);
  });

  it('uses the $VERITY_API_KEY placeholder unless asked to include the key', () => {
    const body = '{"name": {"family": "O\'Brien"}}';
    const input = {
      method: 'POST',
      url: 'http://localhost:3000/api/verify',
      needsKey: true,
      apiKey: 'vty_secret',
      body,
    };
    const withPlaceholder = curlCommand({ ...input, includeKey: false });
    expect(withPlaceholder).toBe(
      [
        "curl -i -X POST 'http://localhost:3000/api/verify'",
        '-H "Authorization: Bearer $VERITY_API_KEY"',
        "-H 'Content-Type: application/json'",
        `--data-raw '{"name": {"family": "O'\\''Brien"}}'`,
      ].join(' \\\n  '),
    );
    expect(withPlaceholder).not.toContain('vty_secret');
    expect(shEcho('"Authorization: Bearer $VERITY_API_KEY"', { VERITY_API_KEY: 'vty_env' })).toBe(
      'Authorization: Bearer vty_env',
    );
    expect(curlCommand({ ...input, includeKey: true })).toContain("-H 'Authorization: Bearer vty_secret'");
    // Asked to include a key that is not there: the placeholder, not an empty bearer.
    expect(curlCommand({ ...input, apiKey: '', includeKey: true })).toContain('$VERITY_API_KEY');
  });

  it('leaves out what an operation does not take', () => {
    expect(
      curlCommand({
        method: 'GET',
        url: 'http://h/api/health',
        needsKey: false,
        apiKey: 'k',
        includeKey: true,
        body: null,
      }),
    ).toBe("curl -i -X GET 'http://h/api/health'");
  });
});

describe('sendRequest', () => {
  it('sends the key as a bearer token, without cookies, and reports status, headers and JSON', async () => {
    let seen: Request | undefined;
    // The client hands fetch one Request, with everything on it.
    const fake: typeof fetch = async (input) => {
      if (input instanceof Request) seen = input;
      return new Response('{"risk":0.25}', {
        status: 201,
        headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'req_1', 'RateLimit-Remaining': '9' },
      });
    };
    const result = await sendRequest(
      { method: 'POST', path: '/api/verify', apiKey: 'vty_k', body: '{}', baseUrl: 'http://h' },
      fake,
    );
    expect(seen?.url).toBe('http://h/api/verify');
    expect({
      method: seen?.method,
      body: await seen?.text(),
      credentials: seen?.credentials,
      headers: Object.fromEntries(seen?.headers ?? []),
    }).toMatchObject({
      method: 'POST',
      body: '{}',
      credentials: 'omit',
      headers: { authorization: 'Bearer vty_k', 'content-type': 'application/json' },
    });
    expect(result).toMatchObject({
      kind: 'response',
      status: 201,
      statusText: 'Created',
      contentType: 'application/json',
      json: { risk: 0.25 },
    });
    if (result.kind !== 'response') throw new Error('expected a response');
    expect(result.headers).toEqual(
      expect.arrayContaining([
        ['x-request-id', 'req_1'],
        ['ratelimit-remaining', '9'],
      ]),
    );
  });

  it('keeps non-JSON bodies as text and reports network failures as such', async () => {
    const html: typeof fetch = async () =>
      new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } });
    const result = await sendRequest(
      { method: 'GET', path: '/api/health', apiKey: '', body: null, baseUrl: 'http://h' },
      html,
    );
    expect(result).toMatchObject({
      kind: 'response',
      status: 502,
      json: undefined,
      text: '<h1>Bad gateway</h1>',
    });
    const offline: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(
      await sendRequest({ method: 'GET', path: '/x', apiKey: '', body: null, baseUrl: 'http://h' }, offline),
    ).toMatchObject({
      kind: 'network-error',
      message: 'Failed to fetch',
    });
  });

  it('names statuses HTTP/2 leaves unnamed, and explains broken JSON', () => {
    expect(reasonPhrase(401)).toBe('Unauthorized');
    expect(reasonPhrase(418, "I'm a teapot")).toBe("I'm a teapot");
    expect(jsonProblem('{"a": 1}')).toBeNull();
    expect(jsonProblem('  ')).toBe('The body is empty: enter a JSON object.');
    expect(jsonProblem('{"a": 1,}')).toMatch(/^Not valid JSON: /);
  });
});
