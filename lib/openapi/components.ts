// Every named schema of the document, converted from zod in one pass: a schema registered here
// is emitted once under #/components/schemas and referenced wherever another one uses it.
import { z } from 'zod';
import {
  listEntryInputSchema,
  listEntrySchema,
  updateListEntryRequestSchema,
} from '@/lib/contract/console/workspace-lists';
import { healthSchema } from '@/lib/contract/schemas/health';
import {
  breachRecordSchema,
  eventBatchSchema,
  ingestEventSchema,
  ingestRecordSchema,
  ingestResultSchema,
  phoneRecordSchema,
  profileRecordSchema,
  recordBatchSchema,
} from '@/lib/contract/schemas/ingest';
import {
  importListEntriesRequestSchema,
  importListEntriesResultSchema,
  importRejectionSchema,
  listEntryPageSchema,
} from '@/lib/contract/schemas/lists';
import {
  patternSummaryRequestSchema,
  patternTimeseriesRequestSchema,
} from '@/lib/contract/schemas/pattern-request';
import { fieldErrorSchema, problemSchema } from '@/lib/contract/schemas/problem';
import {
  multiFieldReqSchema,
  signalsRequestSchema,
  verifyRequestSchema,
} from '@/lib/contract/schemas/request';
import { sessionDecisionSchema, sessionSchema } from '@/lib/contract/schemas/session';
import {
  emailPatternSchema,
  emailSignalSchema,
  eventSummarySchema,
  intervalSummarySchema,
  patternSummarySchema,
  patternTimeseriesSchema,
  seriesBucketSchema,
  signalsPatternsSchema,
  signalsPersonSchema,
} from '@/lib/contract/schemas/signals';
import { checkSchema, verifyResponseSchema } from '@/lib/contract/schemas/verify';
import type { JsonSchema } from './types';

export const COMPONENT_SCHEMAS = {
  MultiFieldReq: multiFieldReqSchema,
  VerifyRequest: verifyRequestSchema,
  SignalsRequest: signalsRequestSchema,
  PatternSummaryRequest: patternSummaryRequestSchema,
  PatternTimeseriesRequest: patternTimeseriesRequestSchema,
  VerifyResponse: verifyResponseSchema,
  Check: checkSchema,
  Session: sessionSchema,
  SessionDecision: sessionDecisionSchema,
  SignalsPerson: signalsPersonSchema,
  SignalsPatterns: signalsPatternsSchema,
  EmailSignal: emailSignalSchema,
  EmailPattern: emailPatternSchema,
  IntervalSummary: intervalSummarySchema,
  EventSummary: eventSummarySchema,
  PatternSummary: patternSummarySchema,
  PatternTimeseries: patternTimeseriesSchema,
  SeriesBucket: seriesBucketSchema,
  IngestEvent: ingestEventSchema,
  EventBatch: eventBatchSchema,
  IngestRecord: ingestRecordSchema,
  BreachRecord: breachRecordSchema,
  PhoneRecord: phoneRecordSchema,
  ProfileRecord: profileRecordSchema,
  RecordBatch: recordBatchSchema,
  IngestResult: ingestResultSchema,
  ListEntry: listEntrySchema,
  ListEntryInput: listEntryInputSchema,
  ListEntryChange: updateListEntryRequestSchema,
  ListEntryPage: listEntryPageSchema,
  ListEntriesImport: importListEntriesRequestSchema,
  ListImportRejection: importRejectionSchema,
  ListImportResult: importListEntriesResultSchema,
  Health: healthSchema,
  Problem: problemSchema,
  FieldError: fieldErrorSchema,
} as const;

export type ComponentId = keyof typeof COMPONENT_SCHEMAS;

/**
 * The JSON Schema options of the whole document: draft 2020-12 (OpenAPI 3.1's dialect), and the
 * input side of each schema, what a caller sends or may rely on receiving.
 */
export const JSON_SCHEMA_OPTIONS = { target: 'draft-2020-12', io: 'input' } as const;

/** A JSON Schema $ref to a component (usable wherever a schema is). */
export const schemaRef = (id: ComponentId): JsonSchema => ({ $ref: `#/components/schemas/${id}` });

/** Each schema without the per-document keywords zod adds, which have no place inside OpenAPI. */
function embeddable(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

export function componentSchemas(): Record<ComponentId, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENT_SCHEMAS)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    ...JSON_SCHEMA_OPTIONS,
    uri: (id) => `#/components/schemas/${id}`,
  });
  const out: Partial<Record<ComponentId, JsonSchema>> = {};
  for (const id of Object.keys(COMPONENT_SCHEMAS) as ComponentId[]) {
    const schema = schemas[id];
    if (schema === undefined) throw new Error(`zod emitted no schema for ${id}`);
    out[id] = embeddable(schema as JsonSchema);
  }
  return out as Record<ComponentId, JsonSchema>;
}
