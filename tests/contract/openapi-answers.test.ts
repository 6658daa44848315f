// Issue 36: a sample of real answers of the running server, successes and problems, is valid
// against the served document (Ajv, JSON Schema 2020-12): the body against the schema of its
// status and media type, and every header the document marks required is present.
import { beforeAll, describe, expect, it } from 'vitest';
import { documentValidator, pointerToken } from '../support/openapi-validator';
import { type ApiResponse, type CallOptions, call, newKey, unique } from './support';

interface Served {
  paths: Record<string, Record<string, { responses: Record<string, ServedResponse> }>>;
  components: { headers: Record<string, { required?: boolean }> };
}
interface ServedResponse {
  headers?: Record<string, { $ref?: string; required?: boolean }>;
  content?: Record<string, unknown>;
}

let document: Served;
let validator: ReturnType<typeof documentValidator>;
let key: string;

beforeAll(async () => {
  const served = await call('/api/openapi.json', { method: 'GET', key: null });
  document = served.body;
  validator = documentValidator(served.body);
  key = (await newKey()).key;
});

/** What the document says is wrong with this answer to `method path`; [] when it holds. */
function disagreements(path: string, method: string, answer: ApiResponse): string[] {
  const operation = document.paths[path]?.[method];
  if (operation === undefined) return [`${method} ${path} is not in the document`];
  const documented = operation.responses[String(answer.status)];
  if (documented === undefined) return [`${answer.status} is not a documented answer of ${method} ${path}`];
  const problems: string[] = [];
  for (const [name, header] of Object.entries(documented.headers ?? {})) {
    const resolved = header.$ref ? document.components.headers[header.$ref.split('/').pop() ?? ''] : header;
    if (resolved?.required && answer.headers.get(name) === null) problems.push(`header ${name} missing`);
  }
  const type = (answer.headers.get('content-type') ?? '').split(';')[0] ?? '';
  if (answer.text === '') return problems;
  if (documented.content?.[type] === undefined) return [...problems, `${type} is not a documented body`];
  const pointer = `#/paths/${pointerToken(path)}/${method}/responses/${answer.status}/content/${pointerToken(type)}/schema`;
  return [...problems, ...validator.errors(pointer, answer.body)];
}

const withKey = (options: CallOptions = {}): CallOptions => ({ key, ...options });

describe('real answers agree with the served document', () => {
  const email = () => `${unique('doc').toLowerCase()}@example.com`;

  it('Verify: 201, and the session read back: 200', async () => {
    const verified = await call(
      '/api/verify',
      withKey({
        body: {
          email: email(),
          phone: '+14155552671',
          ipAddress: '203.0.113.7',
          name: { given: 'Jane', family: 'Doe' },
          location: {
            addressLine1: '1 Market St',
            city: 'San Francisco',
            regionCode: 'CA',
            postalCode: '94105',
          },
          birthday: '1990-04-01',
        },
      }),
    );
    expect(verified.status).toBe(201);
    expect(disagreements('/api/verify', 'post', verified)).toEqual([]);
    const session = await call(`/api/sessions/${verified.body.sessionId}`, withKey({ method: 'GET' }));
    expect(session.status).toBe(200);
    expect(disagreements('/api/sessions/{sessionId}', 'get', session)).toEqual([]);
  });

  it('Signals: 200 with pattern summaries; the pattern operations 200', async () => {
    const address = email();
    await call('/api/verify', withKey({ body: { email: address } }));
    const found = await call('/api/signals', withKey({ body: { email: address, patternInterval: 'year' } }));
    expect(found.status).toBe(200);
    expect(disagreements('/api/signals', 'post', found)).toEqual([]);
    const summary = await call('/api/signals/patterns/summary', withKey({ body: { email: address } }));
    expect(summary.status).toBe(200);
    expect(disagreements('/api/signals/patterns/summary', 'post', summary)).toEqual([]);
    const series = await call(
      '/api/signals/patterns/timeseries',
      withKey({ body: { email: address, interval: 'day' } }),
    );
    expect(series.status).toBe(200);
    expect(disagreements('/api/signals/patterns/timeseries', 'post', series)).toEqual([]);
  });

  it('the feeds: 202 with a tally that names a rejected item', async () => {
    const events = await call(
      '/api/events',
      withKey({
        body: [
          { type: 'signup', observedAt: Date.now() - 60_000, source: 'shop', email: email() },
          { type: 'nope', observedAt: Date.now(), source: 'shop', email: email() },
        ],
      }),
    );
    expect(events.status).toBe(202);
    expect(events.body.rejected).toHaveLength(1);
    expect(disagreements('/api/events', 'post', events)).toEqual([]);
    const records = await call(
      '/api/records',
      withKey({ body: [{ kind: 'breach', breach: 'Example', breachedAt: '2024-05-01', email: email() }] }),
    );
    expect(records.status).toBe(202);
    expect(disagreements('/api/records', 'post', records)).toEqual([]);
  });

  it('problems: 400, 401, 404, 413 and 415, with their documented headers', async () => {
    const answers: [string, string, ApiResponse][] = [
      ['/api/verify', 'post', await call('/api/verify', withKey({ body: { emails: 'x' } }))],
      ['/api/verify', 'post', await call('/api/verify', { key: null, body: { email: email() } })],
      [
        '/api/sessions/{sessionId}',
        'get',
        await call('/api/sessions/ses_unknown', withKey({ method: 'GET' })),
      ],
      [
        '/api/verify',
        'post',
        await call('/api/verify', withKey({ rawBody: JSON.stringify({ email: 'a'.repeat(300_000) }) })),
      ],
      [
        '/api/signals',
        'post',
        await call(
          '/api/signals',
          withKey({ rawBody: 'email=x', headers: { 'Content-Type': 'text/plain' } }),
        ),
      ],
      [
        '/api/signals/patterns/summary',
        'post',
        await call('/api/signals/patterns/summary', withKey({ body: {} })),
      ],
    ];
    expect(answers.map(([, , answer]) => answer.status)).toEqual([400, 401, 404, 413, 415, 400]);
    for (const [path, method, answer] of answers) {
      expect(disagreements(path, method, answer), `${answer.status} of ${method} ${path}`).toEqual([]);
    }
  });

  it('health and the document itself', async () => {
    const health = await call('/api/health', { method: 'GET', key: null });
    expect(health.status).toBe(200);
    expect(disagreements('/api/health', 'get', health)).toEqual([]);
    const served = await call('/api/openapi.json', { method: 'GET', key: null });
    expect(disagreements('/api/openapi.json', 'get', served)).toEqual([]);
  });
});
