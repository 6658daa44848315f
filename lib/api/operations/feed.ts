// The two ingestion feeds share their transport: a JSON array or NDJSON in, 202 with the tally out.
import { MAX_INGEST_BODY_BYTES } from '@/lib/contract/limits';
import type { Database } from '@/lib/db/client';
import { db } from '@/lib/db/client';
import { splitBatch } from '@/lib/engine/ingest/split-body';
import { ProblemError } from '@/lib/http/problem';
import type { ComponentId } from '@/lib/openapi/components';
import { schemaRef } from '@/lib/openapi/components';
import { ingestRejectionExample, ingestResultExample } from '@/lib/openapi/examples/ingest';
import { jsonResponse } from '@/lib/openapi/operation-parts';
import type { Example, MediaType } from '@/lib/openapi/types';
import type { WorkspaceContext } from '@/lib/services/context';
import type { IngestResult } from '@/lib/services/ingest';
import { type BodyReader, type KeyedOperation, keyedOperation } from '../operation';
import { BODY_ERRORS } from './problem-sets';

type Batch = Extract<ReturnType<typeof splitBatch>, { ok: true }>;

type Ingest = (db: Database, ctx: WorkspaceContext, batch: Batch) => Promise<IngestResult>;

const FEED_TYPES = 'Send a JSON array (application/json) or one item per line (application/x-ndjson).';

/** Reads the feed body and splits it into items; more than 10,000 is 413, a broken body 400. */
async function readBatch(body: BodyReader): Promise<Batch> {
  const { text, format } = await body.feed();
  const batch = splitBatch(text, format);
  if (!batch.ok) {
    const status = batch.code === 'TOO_MANY_ITEMS' ? 413 : 400;
    throw new ProblemError(
      status,
      batch.code === 'TOO_MANY_ITEMS' ? 'PAYLOAD_TOO_LARGE' : batch.code,
      batch.message,
    );
  }
  return batch;
}

interface FeedDefinition {
  kind: 'events' | 'records';
  id: string;
  summary: string;
  description: string;
  ingest: Ingest;
  examples: () => Record<string, Example>;
  ndjsonExamples?: () => MediaType['examples'];
}

export function feedOperation({
  kind,
  ingest,
  examples,
  ndjsonExamples,
  description,
  ...named
}: FeedDefinition): KeyedOperation {
  const batch: ComponentId = kind === 'events' ? 'EventBatch' : 'RecordBatch';
  const item: ComponentId = kind === 'events' ? 'IngestEvent' : 'IngestRecord';
  return keyedOperation({
    ...named,
    method: 'POST',
    path: `/api/${kind}`,
    scope: 'ingest',
    bucket: kind,
    tag: 'Ingestion',
    description:
      `${description}\n\n${FEED_TYPES} At most 10,000 items and 32 MiB per request. Each ` +
      'item is validated on its own: one bad item never sinks the batch, it is listed in rejected ' +
      'by its 0-based index. Idempotent: re-sending a batch stores nothing twice.',
    problems: BODY_ERRORS,
    read: readBatch,
    run: async (input, { caller }) => Response.json(await ingest(db(), caller, input), { status: 202 }),
    docs: () => {
      const lines = ndjsonExamples?.();
      return {
        requestBody: {
          description: `The ${kind}.`,
          required: true,
          content: {
            'application/json': { schema: schemaRef(batch), examples: examples() },
            'application/x-ndjson': {
              schema: {
                type: 'string',
                maxLength: MAX_INGEST_BODY_BYTES,
                description: `One ${item} JSON object per line (application/ndjson also works).`,
              },
              'x-itemSchema': schemaRef(item),
              ...(lines ? { examples: lines } : {}),
            },
          },
        },
        responses: {
          '202': jsonResponse('IngestResult', 'Accepted: the tally of the batch.', {
            accepted: { summary: 'Every item stored', value: ingestResultExample },
            mixed: { summary: 'A duplicate and a rejected item', value: ingestRejectionExample },
          }),
        },
      };
    },
  });
}
