import { db } from '@/lib/db/client';
import { isDirectLocalRequest } from '@/lib/net/loopback';
import { jsonResponse } from '@/lib/openapi/operation-parts';
import { readRuntimeSample } from '@/lib/runtime/event-loop';
import { health } from '@/lib/services/health';
import packageJson from '@/package.json';
import type { OpenOperation } from '../operation';

export const healthOperation: OpenOperation = {
  id: 'health',
  method: 'GET',
  path: '/api/health',
  scope: null,
  summary: 'Health check',
  tag: 'Service',
  description:
    'Needs no key and does no work beyond a cheap database ping. 503 (same body) when the database ' +
    'is unreachable or its disk is full (`storage: full`, seen by this server process). Never cached. With `?runtime=1`, a caller on the same machine connecting ' +
    'directly (not through a proxy) also gets `runtime`: event-loop delay and memory.',
  serve: async (request) => {
    const result = await health(db(), packageJson.version);
    const runtime =
      new URL(request.url).searchParams.get('runtime') === '1' && isDirectLocalRequest(request.headers)
        ? readRuntimeSample()
        : undefined;
    return Response.json(runtime ? { ...result, runtime } : result, {
      status: result.status === 'ok' ? 200 : 503,
      headers: { 'Cache-Control': 'no-store' },
    });
  },
  docs: () => ({
    responses: {
      '200': jsonResponse(
        'Health',
        'The service is up.',
        {
          ok: {
            value: {
              status: 'ok',
              database: 'ok',
              storage: 'ok',
              version: '0.1.0',
              uptimeSeconds: 86_400,
              lists: [
                {
                  name: 'consolidated.xml',
                  category: 'sanctions:UN',
                  format: 'un-xml',
                  entries: 1_003,
                  publishedAt: '2026-06-27T00:00:00.000Z',
                  importedAt: '2026-06-30T03:00:12.000Z',
                },
              ],
            },
          },
        },
        ['X-Request-Id'],
      ),
      '503': jsonResponse(
        'Health',
        'The database is unreachable, or writes are refused because its disk is full.',
        {
          down: {
            value: {
              status: 'unavailable',
              database: 'unreachable',
              storage: 'ok',
              version: '0.1.0',
              uptimeSeconds: 12,
              lists: [],
            },
          },
        },
        ['X-Request-Id'],
      ),
    },
  }),
};
