import { MAX_EMAILS } from '@/lib/contract/limits';
import { eventBatchExample, eventNdjsonExample } from '@/lib/openapi/examples/ingest';
import { ingestEvents } from '@/lib/services/ingest';
import { feedOperation } from './feed';

export const ingestEventsOperation = feedOperation({
  kind: 'events',
  id: 'ingestEvents',
  summary: 'Ingest activity events',
  description:
    'Feeds the identity graph with activity: who was seen (identifiers in the MultiFieldReq ' +
    `form, at most ${MAX_EMAILS} emails each), doing what (visitor, signup, click, verification, ` +
    'signals, id_resolution), when and according to which source. An event that carries several ' +
    'identifiers links them. duplicates counts events whose id was already stored.',
  ingest: ingestEvents,
  examples: () => ({ batch: { summary: 'A sign-up and a newsletter click', value: eventBatchExample } }),
  ndjsonExamples: () => ({
    lines: { summary: 'The same events, one per line', value: eventNdjsonExample },
  }),
});
