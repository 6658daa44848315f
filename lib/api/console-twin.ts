// The console's twin of a public operation: the same input and service call for the signed-in
// session's workspace, behind the console guard instead of an API key.
import { consoleRoute } from '@/lib/http/console-route';
import { MAX_INGEST_BODY_BYTES, readBodyText } from '@/lib/http/read-json';
import { type RouteHandlers, routeMethods } from '@/lib/http/route-methods';
import type { KeyedOperation } from './operation';

export function consoleTwin(operation: KeyedOperation): RouteHandlers {
  const twin = operation.console;
  if (twin === undefined) throw new Error(`${operation.id} has no console twin`);
  const handler = consoleRoute(
    { endpoint: twin.endpoint },
    ({ request, json, workspace, userId, requestId }) =>
      operation.handle(
        {
          json,
          feed: () => readBodyText(request, { maxBytes: MAX_INGEST_BODY_BYTES, formats: ['json', 'ndjson'] }),
          table: () => readBodyText(request, { maxBytes: MAX_INGEST_BODY_BYTES, formats: ['json', 'csv'] }),
        },
        {
          caller: {
            workspaceId: workspace.id,
            actor: userId,
            trialQuota: workspace.trialQuota,
            via: 'console',
          },
          requestId,
          params: {},
          query: Object.fromEntries(new URL(request.url).searchParams),
        },
      ),
  );
  return routeMethods({ [operation.method]: handler });
}
