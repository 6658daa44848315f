// The OpenAPI document as the console's pages load it (public, no session needed).

export const OPENAPI_QUERY = ['openapi-document'] as const;

export async function fetchOpenApiDocument(): Promise<Record<string, unknown>> {
  const response = await fetch('/api/openapi.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) {
    const requestId = response.headers.get('x-request-id');
    throw new Error(
      `GET /api/openapi.json answered ${response.status}${requestId ? ` (request ${requestId})` : ''}.`,
    );
  }
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Error('GET /api/openapi.json did not answer a JSON object.');
  }
  return body as Record<string, unknown>;
}
