import { newId } from '@/lib/ids/ids';

// Echo a caller's id only when it is safe to reflect into headers and logs.
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdFrom(headers: Headers): string {
  const incoming = headers.get('x-request-id');
  return incoming && WELL_FORMED.test(incoming) ? incoming : newId('req');
}

/** The response with its X-Request-Id, copied first when its headers are immutable (redirects). */
export function withRequestId(response: Response, requestId: string): Response {
  try {
    response.headers.set('X-Request-Id', requestId);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set('X-Request-Id', requestId);
    return copy;
  }
}
