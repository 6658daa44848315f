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
import { signalsRequestSchema, verifyRequestSchema } from '@/lib/contract/schemas/request';
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
import { WEBHOOK_EVENT_SCHEMAS } from '@/lib/contract/schemas/webhooks';
import type { JsonSchema } from './types';

// MultiFieldReq, the spec's one request schema of Verify and Signals, is published as each
// operation reads it (VerifyRequest, SignalsRequest); a shared copy would be a component no
// operation uses.
export const COMPONENT_SCHEMAS = {
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
  ListEntryRequest: listEntryInputSchema,
  ListEntryChangeRequest: updateListEntryRequestSchema,
  ListEntryPage: listEntryPageSchema,
  ListImportRequest: importListEntriesRequestSchema,
  ListImportRejection: importRejectionSchema,
  ListImportResult: importListEntriesResultSchema,
  Health: healthSchema,
  Problem: problemSchema,
  FieldError: fieldErrorSchema,
  WebhookSessionCreated: WEBHOOK_EVENT_SCHEMAS['session.created'],
  WebhookDecisionRecorded: WEBHOOK_EVENT_SCHEMAS['decision.recorded'],
  WebhookMonitoringHit: WEBHOOK_EVENT_SCHEMAS['monitoring.hit'],
  WebhookKeyCreated: WEBHOOK_EVENT_SCHEMAS['key.created'],
  WebhookKeyRotated: WEBHOOK_EVENT_SCHEMAS['key.rotated'],
  WebhookKeyRevoked: WEBHOOK_EVENT_SCHEMAS['key.revoked'],
  WebhookTest: WEBHOOK_EVENT_SCHEMAS['webhook.test'],
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

type SchemaType = string | string[];

/** The JSON types a schema admits, following a $ref into the components; undefined when open. */
function typesOf(schema: unknown, components: Record<string, JsonSchema>): string[] | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const { $ref, type } = schema as { $ref?: unknown; type?: SchemaType };
  if (typeof $ref === 'string') return typesOf(components[$ref.split('/').pop() ?? ''], components);
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type;
  return undefined;
}

/**
 * Each anyOf/oneOf without a `type` gains the union of its branches' types: the same set of values
 * (every branch already says its type), but viewers that check a schema's shape before its
 * branches (Scalar's API reference rejects an untyped union nested in a referenced component)
 * then accept it. Recursive; a union with an open branch is left as it is.
 */
export function withUnionTypes<T>(node: T, components: Record<string, JsonSchema>): T {
  if (Array.isArray(node)) return node.map((item) => withUnionTypes(item, components)) as T;
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = withUnionTypes(value, components);
  const branches = out.anyOf ?? out.oneOf;
  if (out.type !== undefined || !Array.isArray(branches)) return out as T;
  const types: string[] = [];
  for (const branch of branches) {
    const own = typesOf(branch, components);
    if (own === undefined) return out as T;
    for (const type of own) if (!types.includes(type)) types.push(type);
  }
  return { type: types.length === 1 ? types[0] : types, ...out } as T;
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
  const emitted = out as Record<ComponentId, JsonSchema>;
  return withUnionTypes(emitted, emitted);
}
