// Issue 36, items 1 to 3: requests that Next.js itself acted on before any route of ours ran, and
// a connection left unusable by a refused body. Each answer must be the API's own: problem+json
// with an X-Request-Id, as documented in docs/api/errors.md, and a keep-alive connection must
// serve its next request.
import net from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { MAX_BODY_BYTES } from '@/lib/contract/limits';
import { call, readResponse } from './support';

/** A POST that does not follow redirects (fetch would follow Next.js's 307 and hide it). */
async function post(pathname: string, headers: Record<string, string>, key: string | null) {
  const response = await fetch(`${inject('baseUrl')}${pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/json',
      ...headers,
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
    },
    body: '{}',
  });
  return readResponse(response);
}

function expectProblem(
  response: { status: number; headers: Headers; body: { code?: string; requestId?: string } },
  status: number,
  code: string,
) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  expect(response.body.code).toBe(code);
  const requestId = response.headers.get('x-request-id');
  expect(requestId).toMatch(/^req_/);
  expect(response.body.requestId).toBe(requestId);
}

describe("Next.js's router headers on API paths (item 1)", () => {
  // RSC: 1 answered 307 to ?_rsc with no body, before the key was checked.
  const variants: { name: string; path: string; headers: Record<string, string> }[] = [
    { name: 'RSC: 1', path: '/api/verify', headers: { RSC: '1' } },
    { name: 'RSC: 1 and ?_rsc=x', path: '/api/verify?_rsc=x', headers: { RSC: '1' } },
    { name: '?_rsc=x', path: '/api/verify?_rsc=x', headers: {} },
    {
      name: 'prefetch and state-tree headers',
      path: '/api/verify',
      headers: { RSC: '1', 'Next-Router-Prefetch': '1', 'Next-Router-State-Tree': '%5B%22%22%5D' },
    },
  ];

  for (const variant of variants) {
    it(`${variant.name}: 401 problem without a key, as without the header`, async () => {
      const response = await post(variant.path, variant.headers, null);
      expectProblem(response, 401, 'UNAUTHORIZED');
    });
  }

  it('with a key the route answers as it would without the header', async () => {
    const response = await post('/api/verify', { RSC: '1' }, inject('demoKey'));
    expectProblem(response, 400, 'NO_MINIMUM_IDENTIFIER');
    const health = await readResponse(
      await fetch(`${inject('baseUrl')}/api/health?_rsc=x`, { redirect: 'manual', headers: { RSC: '1' } }),
    );
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok' });
  });
});

describe('a path whose percent-encoding does not decode (item 2)', () => {
  it('a malformed session id is 404 UNKNOWN_SESSION with a key, 401 without', async () => {
    for (const id of ['%E0%A4%A', '%ZZ', '%', 'abc%C3']) {
      const keyed = await call(`/api/sessions/${id}`, { method: 'GET' });
      expectProblem(keyed, 404, 'UNKNOWN_SESSION');
      const anonymous = await call(`/api/sessions/${id}`, { method: 'GET', key: null });
      expectProblem(anonymous, 401, 'UNAUTHORIZED');
    }
  });

  it('an API path that is no operation is 404 NOT_FOUND', async () => {
    for (const path of ['/api/%ZZ', '/api/%E0%A4%A/x', '/api/verify%']) {
      const response = await call(path, { method: 'GET', key: null });
      expectProblem(response, 404, 'NOT_FOUND');
    }
  });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One keep-alive connection: an oversized chunked body, then a second request on the same
 * socket. Resolves with every answer that came back, and how the socket ended.
 */
function twoRequestsOnOneSocket(
  chunkBytes: number,
  chunks: number,
): Promise<{ answers: RawAnswer[]; ended: 'closed' | 'reset' | 'timeout' }> {
  const url = new URL(inject('baseUrl'));
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let received = Buffer.alloc(0);
    let sentSecond = false;
    let settled = false;
    const answers = (): RawAnswer[] => parseAnswers(received.toString('latin1'));
    const finish = (ended: 'closed' | 'reset' | 'timeout') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ answers: answers(), ended });
    };
    const timer = setTimeout(() => finish('timeout'), 15_000);
    socket.on('error', () => finish('reset'));
    socket.on('close', () => finish('closed'));
    socket.on('data', (data: Buffer) => {
      received = Buffer.concat([received, data]);
      const got = answers();
      if (!sentSecond && got.length === 1 && got[0]?.headers.connection !== 'close') {
        sentSecond = true;
        socket.write(`GET /api/health HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
      }
      if (got.length === 2) finish('closed');
    });
    socket.write(
      `POST /api/verify HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n` +
        `Authorization: Bearer ${inject('demoKey')}\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    const chunk = `${chunkBytes.toString(16)}\r\n${'x'.repeat(chunkBytes)}\r\n`;
    let sent = 0;
    const pump = () => {
      while (sent < chunks) {
        sent++;
        if (!socket.write(chunk)) {
          socket.once('drain', pump);
          return;
        }
      }
      socket.write('0\r\n\r\n');
    };
    pump();
  });
}

/** The complete HTTP/1.1 answers in `text` (framed by Content-Length or chunked). */
function parseAnswers(text: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = text;
  for (;;) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd < 0) return answers;
    const [statusLine = '', ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const framed = headers['transfer-encoding'] === 'chunked' ? dechunk(rest, headEnd + 4) : null;
    const length = Number(headers['content-length'] ?? 0);
    if (framed === null && (headers['transfer-encoding'] === 'chunked' || rest.length < headEnd + 4 + length))
      return answers;
    const body = framed ? framed.body : rest.slice(headEnd + 4, headEnd + 4 + length);
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body });
    rest = rest.slice(framed ? framed.end : headEnd + 4 + length);
  }
}

/** A chunked body from `start`: its bytes and where it ends, or null while incomplete. */
function dechunk(text: string, start: number): { body: string; end: number } | null {
  let body = '';
  let at = start;
  for (;;) {
    const lineEnd = text.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(text.slice(at, lineEnd), 16);
    if (size === 0) return text.length >= lineEnd + 4 ? { body, end: lineEnd + 4 } : null;
    if (text.length < lineEnd + 2 + size + 2) return null;
    body += text.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

describe('a chunked body over the limit leaves its connection usable (item 3)', () => {
  it('a body somewhat over the limit is read to its end: 413, then the next request is answered', async () => {
    const { answers } = await twoRequestsOnOneSocket(64 * 1024, (2 * MAX_BODY_BYTES) / (64 * 1024));
    expect(answers[0]?.status).toBe(413);
    expect(JSON.parse(answers[0]?.body ?? '{}')).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(answers[0]?.headers['x-request-id']).toMatch(/^req_/);
    expect(answers[1]?.status).toBe(200);
    expect(JSON.parse(answers[1]?.body ?? '{}')).toMatchObject({ status: 'ok' });
  });

  it('a body far over the limit: 413 with Connection: close, and the connection is closed', async () => {
    // 16 MiB: past what the server drains after the limit.
    const { answers, ended } = await twoRequestsOnOneSocket(64 * 1024, 256);
    expect(answers[0]?.status).toBe(413);
    expect(answers[0]?.headers.connection).toBe('close');
    expect(JSON.parse(answers[0]?.body ?? '{}')).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(answers).toHaveLength(1);
    expect(ended).not.toBe('timeout');
  });
});
