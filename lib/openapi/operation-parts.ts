// The pieces operations describe their bodies and answers with in lib/api/operations.
import { type ComponentId, schemaRef } from './components';
import { headerRefs, RATE_LIMIT_HEADERS } from './responses';
import type { Example, RequestBody, ResponseObject } from './types';

export function jsonBody(
  id: ComponentId,
  description: string,
  examples: Record<string, Example>,
  type = 'application/json',
): RequestBody {
  return { description, required: true, content: { [type]: { schema: schemaRef(id), examples } } };
}

export function jsonResponse(
  id: ComponentId,
  description: string,
  examples: Record<string, Example>,
  headers: readonly Parameters<typeof headerRefs>[0][] = RATE_LIMIT_HEADERS,
): ResponseObject {
  return {
    description,
    headers: headerRefs(...headers),
    content: { 'application/json': { schema: schemaRef(id), examples } },
  };
}

export const noContent = (description: string): ResponseObject => ({
  description,
  headers: headerRefs(...RATE_LIMIT_HEADERS),
});
