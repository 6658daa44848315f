// Sends one explorer request from the browser, as a backend would: the key in Authorization,
// no console cookie, and reports everything the answer carried.

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
  method: string;
  path: string;
  apiKey: string;
  body: string | null;
  signal?: AbortSignal;
}

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
  { method, path, apiKey, body, signal }: SendInput,
  fetchImpl: typeof fetch = fetch,
): Promise<ExplorerResult> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (apiKey !== '') headers.Authorization = `Bearer ${apiKey}`;
  if (body !== null) headers['Content-Type'] = 'application/json';
  const started = performance.now();
  try {
    const response = await fetchImpl(path, {
      method,
      headers,
      body,
      // The key alone authenticates, exactly as from a backend.
      credentials: 'omit',
      cache: 'no-store',
      signal,
    });
    const text = await response.text();
    const durationMs = performance.now() - started;
    return {
      kind: 'response',
      status: response.status,
      statusText: reasonPhrase(response.status, response.statusText),
      durationMs,
      headers: [...response.headers.entries()],
      contentType: response.headers.get('content-type'),
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
