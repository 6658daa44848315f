import type { Database } from '@/lib/db/client';
import { db } from '@/lib/db/client';
import { splitBatch } from '@/lib/engine/ingest/split-body';
import type { IngestResult } from '@/lib/services/ingest';
import { apiRoute } from './api-route';
import { ProblemError } from './problem';

type Ingest = (
  db: Database,
  workspaceId: string,
  batch: Extract<ReturnType<typeof splitBatch>, { ok: true }>,
) => Promise<IngestResult>;

/** POST handler of a feed (events, records): JSON array or NDJSON in, 202 with the tally out. */
export function feedRoute(endpoint: string, ingest: Ingest) {
  return apiRoute({ scope: 'ingest', endpoint }, async ({ feed, auth }) => {
    const { text, format } = await feed();
    const batch = splitBatch(text, format);
    if (!batch.ok) {
      const status = batch.code === 'TOO_MANY_ITEMS' ? 413 : 400;
      throw new ProblemError(
        status,
        batch.code === 'TOO_MANY_ITEMS' ? 'PAYLOAD_TOO_LARGE' : batch.code,
        batch.message,
      );
    }
    return Response.json(await ingest(db(), auth.workspaceId, batch), { status: 202 });
  });
}
