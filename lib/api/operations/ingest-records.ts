import { recordBatchExample } from '@/lib/openapi/examples/ingest';
import { ingestRecords } from '@/lib/services/ingest';
import { feedOperation } from './feed';

export const ingestRecordsOperation = feedOperation({
  kind: 'records',
  id: 'ingestRecords',
  summary: 'Ingest reference records',
  description:
    'Feeds the identity graph with reference facts: breaches a person was in (kind breach), ' +
    'line facts of phone numbers (kind phone: line type, carrier, do-not-originate flags; a ' +
    'change of carrier between two records is a port) and social profiles (kind profile).',
  ingest: ingestRecords,
  examples: () => ({ batch: { summary: 'One record of each kind', value: recordBatchExample } }),
});
