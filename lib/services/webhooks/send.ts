// One webhook delivery attempt over HTTP(S): POST the signed body, at most WEBHOOK_TIMEOUT_MS in
// all, reading at most RESPONSE_CAP bytes of the answer. The address is checked after DNS, on the
// connection's own lookup (a name cannot resolve to a public address for the check and to a
// private one for the connection), and redirects are not followed (a 3xx is a failure).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isAllowedDestination } from '@/lib/net/outbound-address';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The most of an answer read; the log keeps its first EXCERPT_CHARS characters. */
export const RESPONSE_CAP = 64 * 1024;
export const EXCERPT_CHARS = 500;

export interface SendResult {
  ok: boolean;
  /** The receiver's status; null when it did not answer. */
  status: number | null;
  latencyMs: number;
  /** The start of the answer, or why there was none. */
  response: string;
}

class RefusedDestination extends Error {}

function guardedLookup(allow: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((a) => !isAllowedDestination(a.address, allow));
      if (refused || addresses.length === 0) {
        return callback(
          new RefusedDestination(
            `${hostname} resolves to ${refused?.address ?? 'nothing'}, which is not a public address`,
          ),
          '',
          0,
        );
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      return callback(null, first?.address ?? '', first?.family ?? 4);
    });
  };
}

export async function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { allowNetworks: readonly string[]; timeoutMs?: number },
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isAllowedDestination(host, options.allowNetworks)) {
    return { ok: false, status: null, latencyMs: 0, response: `refused: ${host} is not a public address` };
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Verity-Webhooks/1',
        },
        lookup: guardedLookup(options.allowNetworks),
        signal: AbortSignal.timeout(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          const status = response.statusCode ?? null;
          const text = Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS);
          resolve({
            ok: status !== null && status >= 200 && status < 300,
            status,
            latencyMs: elapsed(),
            response: text,
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (size >= RESPONSE_CAP) return;
          chunks.push(chunk.subarray(0, RESPONSE_CAP - size));
          size += chunk.length;
          // Enough read: the rest of a large answer is not waited for.
          if (size >= RESPONSE_CAP) {
            response.destroy();
            finish();
          }
        });
        response.on('end', finish);
        response.on('error', finish);
      },
    );
    request.on('error', (error) => {
      const why =
        error instanceof RefusedDestination
          ? `refused: ${error.message}`
          : error.name === 'AbortError' || error.name === 'TimeoutError'
            ? `timed out after ${options.timeoutMs ?? WEBHOOK_TIMEOUT_MS} ms`
            : `no answer: ${error.message}`;
      resolve({ ok: false, status: null, latencyMs: elapsed(), response: why.slice(0, EXCERPT_CHARS) });
    });
    request.end(body);
  });
}
