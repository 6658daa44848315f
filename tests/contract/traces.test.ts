// Issue 36: OpenTelemetry traces of a Verify. A server started with an OTLP exporter configured
// (two web processes, as CI's second run) sends its spans to a receiver on loopback that accepts
// OTLP/HTTP with the JSON encoding, as an OpenTelemetry Collector does. A Verify is one trace:
// `verify` with its reads, checks and commit as children, continuing a caller's `traceparent`,
// and nothing of the applicant is in what is exported.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LaunchedServer, launchServer } from '../../scripts/support/launch-server';
import { waitFor } from '../support/poll';
import { type ApiResponse, readResponse, unique } from './support';

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: OtlpAttribute[];
}
interface OtlpExport {
  resourceSpans: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

/** A span as the test reads it: attributes flattened, with its process's resource. */
interface Received {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, string | number | boolean>;
  resource: Record<string, string | number | boolean>;
}

const flatten = (attributes: OtlpAttribute[] = []) =>
  Object.fromEntries(
    attributes.map(({ key, value }) => [
      key,
      value.stringValue ??
        (value.intValue === undefined ? undefined : Number(value.intValue)) ??
        value.doubleValue ??
        value.boolValue ??
        '',
    ]),
  ) as Record<string, string | number | boolean>;

/** The OTLP/HTTP receiver: every export's raw body and its spans. */
const bodies: string[] = [];
const spans: Received[] = [];
let receiver: Server;
let server: LaunchedServer | undefined;

function receive(body: string): void {
  bodies.push(body);
  const parsed = JSON.parse(body) as OtlpExport;
  for (const resourceSpans of parsed.resourceSpans) {
    const resource = flatten(resourceSpans.resource?.attributes);
    for (const scope of resourceSpans.scopeSpans)
      for (const span of scope.spans)
        spans.push({
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId ?? '',
          name: span.name,
          attributes: flatten(span.attributes),
          resource,
        });
  }
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces')
        receive(Buffer.concat(chunks).toString());
      response.writeHead(request.url === '/v1/traces' ? 200 : 404, { 'Content-Type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  server = await launchServer({
    env: {
      SERVER_PROCESSES: '2',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'verity-traces-test',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

function launched(): LaunchedServer {
  if (!server) throw new Error('the server did not start');
  return server;
}

/** A Verify on a connection of its own (the cluster hands out connections, not requests). */
async function verifyOnce(
  body: unknown,
  headers: Record<string, string> = {},
  query = '',
): Promise<ApiResponse> {
  const response = await fetch(`${launched().baseUrl}/api/verify${query}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${launched().demoKey}`,
      Connection: 'close',
      ...headers,
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return readResponse(response);
}

/** The spans of the trace whose `verify` span carries this request id, once its commit is exported. */
async function traceOf(requestId: string): Promise<Received[]> {
  const root = () =>
    spans.find((s) => s.name === 'verify' && s.attributes['verity.request_id'] === requestId);
  await waitFor(() => {
    const verify = root();
    return (
      verify !== undefined && spans.some((s) => s.name === 'verify.commit' && s.traceId === verify.traceId)
    );
  }, 10_000);
  const verify = root();
  if (!verify) throw new Error(`no verify span for ${requestId}`);
  return spans.filter((s) => s.traceId === verify.traceId);
}

const one = (trace: Received[], name: string): Received => {
  const found = trace.filter((s) => s.name === name);
  expect(found, name).toHaveLength(1);
  return found[0] as Received;
};

/** The applicant: every identifier is personal data that must not be exported. */
function applicant() {
  const tag = unique('otel').toLowerCase();
  const email = `${tag}@example.com`;
  const phone = `+1415555${String(Date.now() % 10_000).padStart(4, '0')}`;
  const given = `Ottilie${randomBytes(3).toString('hex')}`;
  const family = `Tracewell${randomBytes(3).toString('hex')}`;
  const street = `${1000 + (Date.now() % 8000)} Spanwood Lane`;
  const ip = `73.${(Date.now() >> 8) % 250}.${Date.now() % 250}.17`;
  return {
    values: [email, phone, phone.slice(2), given, family, street, ip],
    body: {
      emails: [email],
      phones: [phone],
      name: { given, family },
      location: {
        addressLine1: street,
        city: 'San Francisco',
        regionCode: 'CA',
        postalCode: '94102',
        countryCode: 'US',
      },
      ipAddress: ip,
    },
  };
}

describe('traces of a Verify with an OTLP exporter configured', () => {
  it('one trace: verify with its reads, checks and commit as children, the request id on it', async () => {
    const response = await verifyOnce(applicant().body);
    expect(response.status).toBe(201);
    const requestId = response.headers.get('x-request-id') ?? '';
    const trace = await traceOf(requestId);
    const verify = one(trace, 'verify');
    for (const name of ['verify.reads', 'verify.checks', 'verify.commit'])
      expect(one(trace, name).parentSpanId, name).toBe(verify.spanId);
    expect(verify.attributes).toMatchObject({
      'verity.operation': 'verify',
      'verity.request_id': requestId,
      'verity.check_count': response.body.checks.length,
      'verity.risk_band': expect.stringMatching(/^(low|medium|high)$/),
    });
    expect(verify.attributes['verity.workspace_id']).toMatch(/^\S+$/);
    expect(verify.resource['service.name']).toBe('verity-traces-test');
  });

  it('a join takes the locked path: its one transaction is verify.commit, the checks inside it', async () => {
    const first = await verifyOnce({ emails: [`${unique('join').toLowerCase()}@example.com`] });
    const response = await verifyOnce({ sessionId: first.body.sessionId, phones: ['+14155550123'] });
    expect(response.status).toBe(200);
    const trace = await traceOf(response.headers.get('x-request-id') ?? '');
    const verify = one(trace, 'verify');
    const commit = one(trace, 'verify.commit');
    expect(verify.attributes['verity.outcome']).toBe('joined');
    expect(one(trace, 'verify.reads').parentSpanId).toBe(verify.spanId);
    expect(commit.parentSpanId).toBe(verify.spanId);
    expect(commit.attributes['verity.locked']).toBe(true);
    expect(one(trace, 'verify.checks').parentSpanId).toBe(commit.spanId);
  });

  it("continues a caller's W3C traceparent: the same trace id, under the caller's span", async () => {
    const traceId = randomBytes(16).toString('hex');
    const parent = randomBytes(8).toString('hex');
    const response = await verifyOnce(applicant().body, { traceparent: `00-${traceId}-${parent}-01` });
    expect(response.status).toBe(201);
    const trace = await traceOf(response.headers.get('x-request-id') ?? '');
    const verify = one(trace, 'verify');
    expect(verify.traceId).toBe(traceId);
    // Up from `verify` through the server's own spans, the chain ends at the caller's span.
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    let top: Received = verify;
    for (let up = byId.get(top.parentSpanId); up; up = byId.get(top.parentSpanId)) top = up;
    expect(top.parentSpanId).toBe(parent);
  });

  it('exports nothing of the applicant: no email, phone, name, address or IP address', async () => {
    const { values, body } = applicant();
    // Also in the query string, which the server's own HTTP span would otherwise carry.
    const query = `?email=${encodeURIComponent(values[0] ?? '')}`;
    const response = await verifyOnce(body, {}, query);
    expect(response.status).toBe(201);
    await traceOf(response.headers.get('x-request-id') ?? '');
    const exported = bodies.join('\n');
    expect(exported).toContain('verify.checks');
    for (const value of values) {
      expect(exported, value).not.toContain(value);
      expect(exported, value).not.toContain(encodeURIComponent(value));
    }
  });

  it("exports no trace outside a request: Next.js's module loading at start is not recorded", async () => {
    const response = await verifyOnce({ emails: [`${unique('roots').toLowerCase()}@example.com`] });
    await traceOf(response.headers.get('x-request-id') ?? '');
    const roots = spans.filter((s) => s.parentSpanId === '');
    expect(roots.length).toBeGreaterThan(0);
    for (const root of roots)
      expect(root.attributes['next.span_type'], root.name).toBe('BaseServer.handleRequest');
  });

  it('every web server process exports its own spans', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await verifyOnce({ emails: [`${unique('proc').toLowerCase()}@example.com`] });
      expect(response.status).toBe(201);
      ids.push(response.headers.get('x-request-id') ?? '');
    }
    const processes = new Set<unknown>();
    for (const id of ids) processes.add(one(await traceOf(id), 'verify').resource['process.pid']);
    expect(processes.size).toBe(2);
  });
});
