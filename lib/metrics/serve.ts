// GET /api/metrics: the Prometheus scrape. Not public: only a caller on this machine connecting
// directly, or one presenting METRICS_TOKEN as a bearer token, gets the metrics; anyone else gets
// the same 404 as an unknown path, so the endpoint's existence is not advertised.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/config/env';
import { isDirectLocalRequest } from '@/lib/net/loopback';
import { metrics } from './registry';

/** A cluster worker waits this long for the primary's sum of every process, then answers alone. */
const CLUSTER_WAIT_MS = 6_000;

function tokenMatches(header: string | null, token: string | undefined): boolean {
  if (token === undefined || header === null) return false;
  const sent = Buffer.from(header.replace(/^Bearer\s+/i, ''));
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

export function mayScrape(request: Request): boolean {
  return (
    isDirectLocalRequest(request.headers) ||
    tokenMatches(request.headers.get('authorization'), env().METRICS_TOKEN)
  );
}

interface MetricsReply {
  type: 'verity:metrics-text';
  id: string;
  text?: string;
}

const isReply = (message: unknown, id: string): message is MetricsReply =>
  typeof message === 'object' &&
  message !== null &&
  (message as MetricsReply).type === 'verity:metrics-text' &&
  (message as MetricsReply).id === id;

/** Every process's metrics summed by the cluster's primary (scripts/support/server-cluster.mjs). */
function clusterText(): Promise<string | undefined> {
  const send = process.send?.bind(process);
  if (!process.env.SERVER_PROCESS || send === undefined || !process.connected)
    return Promise.resolve(undefined);
  const id = randomUUID();
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(undefined), CLUSTER_WAIT_MS);
    function finish(text: string | undefined) {
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve(text);
    }
    function onMessage(message: unknown) {
      if (isReply(message, id)) finish(message.text);
    }
    process.on('message', onMessage);
    send({ type: 'verity:metrics', id });
  });
}

/** The scrape's body: the whole server's metrics, or this process's when it runs alone. */
export async function metricsText(): Promise<{ text: string; contentType: string }> {
  const { registry } = metrics();
  const text = (await clusterText()) ?? (await registry.metrics());
  return { text, contentType: registry.contentType };
}
