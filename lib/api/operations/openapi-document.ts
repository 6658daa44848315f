import { headerRefs } from '@/lib/openapi/responses';
import type { OpenOperation } from '../operation';

export const openApiDocumentOperation: OpenOperation = {
  id: 'openapi',
  method: 'GET',
  path: '/api/openapi.json',
  scope: null,
  summary: 'This OpenAPI document',
  tag: 'Service',
  description:
    'The OpenAPI 3.1 description of the API, generated from the same zod schemas the API parses ' +
    'requests with. Needs no key; cacheable, with an ETag.',
  // Imported when served: the document is built from the registry this operation belongs to.
  // biome-ignore lint/suspicious/noImportCycles: the document is imported lazily, when served, once the registry exists
  serve: async (request) => (await import('@/lib/openapi/serve')).serveDocument(request),
  docs: () => ({
    responses: {
      '200': {
        description: 'The document.',
        headers: headerRefs('X-Request-Id'),
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['openapi', 'info', 'paths'],
              properties: {
                openapi: { type: 'string', description: 'The OpenAPI version, 3.1.x.' },
                info: { type: 'object', description: 'Title, version, description, contact and licence.' },
                paths: { type: 'object', description: 'Every public operation, by path and method.' },
              },
            },
          },
        },
      },
      '304': { description: 'Not modified: If-None-Match named the current ETag.' },
    },
  }),
};
