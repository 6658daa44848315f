/** A problem+json answer of a console data route, with its stable code and field errors. */
export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | null,
    readonly errors: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

interface ProblemBody {
  code?: unknown;
  detail?: unknown;
  requestId?: unknown;
  errors?: unknown;
}

async function toError(response: Response): Promise<ConsoleApiError> {
  let body: ProblemBody = {};
  try {
    body = (await response.json()) as ProblemBody;
  } catch {}
  const detail =
    typeof body.detail === 'string'
      ? body.detail
      : `The server answered ${response.status} ${response.statusText}.`;
  const errors = Array.isArray(body.errors)
    ? body.errors.filter(
        (e): e is { path: string; message: string } =>
          typeof e === 'object' && e !== null && typeof e.path === 'string' && typeof e.message === 'string',
      )
    : [];
  return new ConsoleApiError(
    response.status,
    typeof body.code === 'string' ? body.code : 'HTTP_ERROR',
    detail,
    typeof body.requestId === 'string' ? body.requestId : response.headers.get('x-request-id'),
    errors,
  );
}

/** A console data route's successful answer with its status (200 and 201 can mean different things). */
export interface ConsoleAnswer<T> {
  status: number;
  body: T;
}

/**
 * JSON from a console data route (same origin, session cookie), with the status. A 401 means the
 * session ended: back to sign-in, returning here afterwards. Other failures throw ConsoleApiError.
 */
export async function consoleRequest<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<ConsoleAnswer<T>> {
  const response = await fetch(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers:
      init.body === undefined
        ? { Accept: 'application/json' }
        : { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: 'same-origin',
    cache: 'no-store',
  });
  if (response.status === 401) {
    const here = `${window.location.pathname}${window.location.search}`;
    window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(here)}`);
  }
  if (!response.ok) throw await toError(response);
  if (response.status === 204) return { status: response.status, body: null as T };
  return { status: response.status, body: (await response.json()) as T };
}

/** The body of consoleRequest's answer, for routes whose success status says nothing more. */
export async function consoleFetch<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  return (await consoleRequest<T>(path, init)).body;
}
