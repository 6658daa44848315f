// Sends one explorer request from the browser through the typed client, as a backend would: the
// key in Authorization, no console cookie, and reports everything the answer carried.
import { createVerityClient } from '@verity/client';
import type { Method } from './operations';

export interface ExplorerResponse {
  kind: 'response';
  status: number;
  statusText: string;
  durationMs: number;
  /** Header names lower-cased, in the order the browser lists them. */
  headers: [string, string][];
  contentType: string | null;
  /** The raw body text. */
  text: string;
  /** The parsed body when it is JSON; undefined when it is not (or empty). */
  json: unknown;
}

export interface ExplorerNetworkError {
  kind: 'network-error';
  durationMs: number;
  message: string;
}

export type ExplorerResult = ExplorerResponse | ExplorerNetworkError;

interface SendInput {
  method: Method;
  /** The path with its parameters filled in. */
  path: string;
  apiKey: string;
  body: string | null;
  /** Where the API is served: the page's origin in the console. */
  baseUrl: string;
  signal?: AbortSignal;
}

/**
 * The API as the explorer sees it: any path of the document it loaded at run time (which may list
 * operations newer than the client's generated types), the body sent as the person wrote it, the
 * answer read raw. The client still sets the base URL, the key header and the cookie policy.
 */
interface RawOperation {
  parameters: { query?: never; header?: never; path?: never; cookie?: never };
  requestBody?: { content: { 'application/json': string } };
  responses: { default: { headers: { [name: string]: unknown }; content: { 'application/json': unknown } } };
}
type RawPaths = Record<
  string,
  { get: RawOperation; post: RawOperation; patch: RawOperation; delete: RawOperation }
>;

const CLIENT_METHOD = { GET: 'get', POST: 'post', PATCH: 'patch', DELETE: 'delete' } as const;

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The reason phrase: HTTP/2 answers carry none, so a known one is filled in. */
export function reasonPhrase(status: number, statusText = ''): string {
  return statusText || REASONS[status] || '';
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function sendRequest(
  { method, path, apiKey, body, baseUrl, signal }: SendInput,
  fetchImpl: typeof fetch = fetch,
): Promise<ExplorerResult> {
  // The raw answer: the client parses bodies, the explorer shows them byte for byte.
  let answer: Response | undefined;
  const client = createVerityClient<RawPaths>({
    baseUrl,
    // The key alone authenticates, exactly as from a backend (no cookie: credentials 'omit').
    apiKey: apiKey === '' ? undefined : apiKey,
    fetch: async (request) => {
      answer = await fetchImpl(request);
      return answer.clone();
    },
  });
  const started = performance.now();
  try {
    await client.request(CLIENT_METHOD[method], path, {
      body: body ?? undefined,
      bodySerializer: (text) => text,
      // Not parsed by the client: the raw text is read from the captured answer.
      parseAs: 'stream',
      signal,
    });
    if (answer === undefined) throw new Error('No answer was received.');
    const text = await answer.text();
    const durationMs = performance.now() - started;
    return {
      kind: 'response',
      status: answer.status,
      statusText: reasonPhrase(answer.status, answer.statusText),
      durationMs,
      headers: [...answer.headers.entries()],
      contentType: answer.headers.get('content-type'),
      text,
      json: parseJson(text),
    };
  } catch (error) {
    return {
      kind: 'network-error',
      durationMs: performance.now() - started,
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

/** Where a JSON text fails to parse, in words; null when it parses. */
export function jsonProblem(text: string): string | null {
  if (text.trim() === '') return 'The body is empty: enter a JSON object.';
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return `Not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
}
