// The OpenAPI document as the console's pages load it (public, no session needed).
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const OPENAPI_QUERY = ['openapi-document'] as const;

async function fetchOpenApiDocument(): Promise<Record<string, unknown>> {
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

/** The document, shared by the explorer and the reference (one fetch, cached for five minutes). */
export function useOpenApiDocument() {
  return useQuery({ queryKey: OPENAPI_QUERY, queryFn: fetchOpenApiDocument, staleTime: 5 * 60_000 });
}

const noSubscribe = () => () => {};

/** The page's origin, for the URLs shown ('' while rendering on the server). */
export function useOrigin(): string {
  return useSyncExternalStore(
    noSubscribe,
    () => window.location.origin,
    () => '',
  );
}
