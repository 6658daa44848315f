// A real webhook receiver on loopback for the tests: records every delivery (headers and raw
// body) and answers with the statuses it is told to, in order, then 200.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: Received[];
  /** The next deliveries are answered with these statuses, one each, in order. */
  failNext(...statuses: number[]): void;
  /** Every delivery from now on is answered with this status. */
  always(status: number): void;
  /** Resolves once `count` deliveries arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** On `port` when given (a receiver that comes back where it was), else on a free one. */
export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const queue: number[] = [];
  let fallback = 200;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = queue.shift() ?? fallback;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status < 300 ? 'ok' : `failing on purpose (${status})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/hooks`,
    received,
    failNext: (...statuses) => queue.push(...statuses),
    always: (status) => {
      fallback = status;
    },
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} deliveries, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
