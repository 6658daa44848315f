// The public operations: what each takes, answers and needs. Scopes and rate-limit buckets are
// those the route files pass to apiRoute (the unit test reads the routes to hold them together).

import { verifyOperation } from '@/lib/api/operations/verify';
import { PATTERN_INTERVALS } from '@/lib/engine/intervals';
import { MAX_EMAILS } from '@/lib/engine/request';
import { seriesLayout } from '@/lib/engine/timeseries';
import type { ProblemCode } from '@/lib/http/problem';
import type { Scope } from '@/lib/services/keys/key-material';
import { type ComponentId, schemaRef } from './components';
import {
  eventBatchExample,
  eventNdjsonExample,
  ingestRejectionExample,
  ingestResultExample,
  recordBatchExample,
} from './examples/ingest';
import {
  patternSummaryExample,
  patternSummaryRequestExample,
  patternTimeseriesExample,
  patternTimeseriesRequestExample,
  signalsFilteredRequestExample,
  signalsPatternRequestExample,
  signalsPatternsExample,
  signalsPersonExample,
  signalsRequestExample,
} from './examples/signals';
import { openApiOperation as fromRegistry } from './operation';
import { headerRefs, problemResponses, RATE_LIMIT_HEADERS, requestIdParameter } from './responses';
import type { Example, Operation, PathItem, RequestBody, ResponseObject } from './types';

export const SECURITY_SCHEME = 'apiKey';

const KEY_ERRORS: ProblemCode[] = ['UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED'];
const BODY_ERRORS: ProblemCode[] = [
  'MALFORMED_JSON',
  'INVALID_INPUT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
];
const SERVER_ERRORS: ProblemCode[] = ['INTERNAL', 'UNAVAILABLE'];
const INPUT_RULES: ProblemCode[] = [
  'NO_MINIMUM_IDENTIFIER',
  'TOO_MANY_EMAILS',
  'MULTIPLE_SSNS',
  'MIXED_EMAIL_FORMS',
];

function jsonBody(
  id: ComponentId,
  description: string,
  examples: Record<string, Example>,
  type = 'application/json',
): RequestBody {
  return { description, required: true, content: { [type]: { schema: schemaRef(id), examples } } };
}

function jsonResponse(
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

const noContent = (description: string): ResponseObject => ({
  description,
  headers: headerRefs(...RATE_LIMIT_HEADERS),
});

interface Keyed {
  scope: Scope;
  /** The rate-limit bucket: limits are per key and per bucket. */
  bucket: string;
}

/** A keyed operation: the scope as a security role, the request id, and the shared failures. */
function keyed(
  { scope, bucket }: Keyed,
  operation: Omit<Operation, 'security' | 'parameters' | 'x-scope'>,
  errors: readonly ProblemCode[],
): Operation {
  return {
    ...operation,
    description:
      `${operation.description}\n\nNeeds a key with scope \`${scope}\`. Rate limit bucket: \`${bucket}\` ` +
      '(per key).',
    security: [{ [SECURITY_SCHEME]: [scope] }],
    'x-scope': scope,
    parameters: [requestIdParameter],
    responses: {
      ...operation.responses,
      ...problemResponses([...KEY_ERRORS, ...errors, ...SERVER_ERRORS]),
    },
  };
}

function signalsOperation(): Operation {
  return keyed(
    { scope: 'signals', bucket: 'signals' },
    {
      operationId: 'signals',
      summary: 'Signals about an identity',
      tags: ['Signals'],
      description:
        'Returns what the identity graph holds for the person behind the identifiers: name, emails, ' +
        'phones, social profiles, locations, IP addresses and employment, each with first and last ' +
        'seen times, observations and match confidence. All identifiers may be combined in one request.\n\n' +
        `With patternInterval (${PATTERN_INTERVALS.join(', ')}; beta) the answer holds, for each email ` +
        'of the person, its recency summary over that window instead; one response may hold summaries ' +
        'for several emails.\n\n' +
        'countries restricts the answer to identities with at least one of the listed countries; ' +
        'excludedCountries answers 204 when a matched identity belongs to a listed country. The two ' +
        'are mutually exclusive. No match in the graph also answers 204.',
      requestBody: jsonBody(
        'SignalsRequest',
        'MultiFieldReq plus optional countries or excludedCountries, and patternInterval.',
        {
          person: { summary: 'What the graph holds for an email and a phone', value: signalsRequestExample },
          patterns: {
            summary: 'Recency of each email over the last 30 days',
            value: signalsPatternRequestExample,
          },
          excluded: {
            summary: 'Nothing when the identity is in a listed country',
            value: signalsFilteredRequestExample,
          },
        },
      ),
      responses: {
        '200': {
          description: 'The person (without patternInterval) or the email patterns (with it).',
          headers: headerRefs(...RATE_LIMIT_HEADERS),
          content: {
            'application/json': {
              schema: { anyOf: [schemaRef('SignalsPerson'), schemaRef('SignalsPatterns')] },
              examples: {
                person: { summary: 'Without patternInterval', value: signalsPersonExample() },
                patterns: { summary: 'With patternInterval "month"', value: signalsPatternsExample() },
              },
            },
          },
        },
        '204': noContent(
          'No content: nothing in the graph matches, or excludedCountries matched a matched identity, ' +
            'or no identity has one of the countries.',
        ),
      },
    },
    [...BODY_ERRORS, ...INPUT_RULES, 'COUNTRY_FILTER_CONFLICT'],
  );
}

const bucketWidths = PATTERN_INTERVALS.map((interval) => {
  const layout = seriesLayout(interval, 0);
  const minutes = layout.bucketMs / 60_000;
  const width =
    minutes < 60 ? `${minutes} min` : minutes < 1440 ? `${minutes / 60} h` : `${minutes / 1440} d`;
  return `${interval} ${width}`;
}).join('; ');

function patternSummaryOperation(): Operation {
  return keyed(
    { scope: 'signals', bucket: 'signals.patterns' },
    {
      operationId: 'signalsPatternSummary',
      summary: 'Historical summary of one email',
      tags: ['Signals'],
      description:
        `Every interval summary (${PATTERN_INTERVALS.join(', ')}) of one email at once: observations, ` +
        'unique sources and per event type details, with the hashes and first and last seen times of ' +
        'the email. 204 when the graph does not know the email.',
      requestBody: jsonBody('PatternSummaryRequest', 'One email, cleartext or hashed.', {
        email: { summary: 'A cleartext email', value: patternSummaryRequestExample },
      }),
      responses: {
        '200': jsonResponse('PatternSummary', 'The summaries of every interval.', {
          summary: { summary: 'A long-known address', value: patternSummaryExample() },
        }),
        '204': noContent('The graph does not know the email.'),
      },
    },
    BODY_ERRORS,
  );
}

function patternTimeseriesOperation(): Operation {
  return keyed(
    { scope: 'signals', bucket: 'signals.patterns' },
    {
      operationId: 'signalsPatternTimeseries',
      summary: 'Time series of one email',
      tags: ['Signals'],
      description:
        'Observations of one email over one trailing window in evenly sized buckets, by event type ' +
        `(the data behind a sparkline). Bucket widths: ${bucketWidths}. 204 when the graph does not ` +
        'know the email.',
      requestBody: jsonBody('PatternTimeseriesRequest', 'One email and the window.', {
        day: { summary: 'The last 24 hours in hourly buckets', value: patternTimeseriesRequestExample },
      }),
      responses: {
        '200': jsonResponse('PatternTimeseries', 'The buckets of the window.', {
          day: { summary: 'Two sightings in the last 24 hours', value: patternTimeseriesExample() },
        }),
        '204': noContent('The graph does not know the email.'),
      },
    },
    BODY_ERRORS,
  );
}

const FEED_TYPES = 'Send a JSON array (application/json) or one item per line (application/x-ndjson).';

function feedOperation(
  kind: 'events' | 'records',
  operation: Pick<Operation, 'operationId' | 'summary' | 'description'>,
  examples: Record<string, Example>,
): Operation {
  const batch: ComponentId = kind === 'events' ? 'EventBatch' : 'RecordBatch';
  const item: ComponentId = kind === 'events' ? 'IngestEvent' : 'IngestRecord';
  return keyed(
    { scope: 'ingest', bucket: kind },
    {
      ...operation,
      description:
        `${operation.description}\n\n${FEED_TYPES} At most 10,000 items and 32 MiB per request. Each ` +
        'item is validated on its own: one bad item never sinks the batch, it is listed in rejected ' +
        'by its 0-based index. Idempotent: re-sending a batch stores nothing twice.',
      tags: ['Ingestion'],
      requestBody: {
        description: `The ${kind}.`,
        required: true,
        content: {
          'application/json': { schema: schemaRef(batch), examples },
          'application/x-ndjson': {
            schema: {
              type: 'string',
              description: `One ${item} JSON object per line (application/ndjson also works).`,
            },
            'x-itemSchema': schemaRef(item),
            ...(kind === 'events'
              ? {
                  examples: {
                    lines: { summary: 'The same events, one per line', value: eventNdjsonExample },
                  },
                }
              : {}),
          },
        },
      },
      responses: {
        '202': jsonResponse('IngestResult', 'Accepted: the tally of the batch.', {
          accepted: { summary: 'Every item stored', value: ingestResultExample },
          mixed: { summary: 'A duplicate and a rejected item', value: ingestRejectionExample },
        }),
      },
    },
    BODY_ERRORS,
  );
}

function healthOperation(): Operation {
  return {
    operationId: 'health',
    summary: 'Health check',
    tags: ['Service'],
    description:
      'Needs no key and does no work beyond a cheap database ping. 503 (same body) when the database ' +
      'is unreachable. Never cached.',
    security: [],
    responses: {
      '200': jsonResponse(
        'Health',
        'The service is up.',
        {
          ok: {
            value: {
              status: 'ok',
              database: 'ok',
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
        'The database is unreachable.',
        {
          down: {
            value: {
              status: 'unavailable',
              database: 'unreachable',
              version: '0.1.0',
              uptimeSeconds: 12,
              lists: [],
            },
          },
        },
        ['X-Request-Id'],
      ),
    },
  };
}

function openApiOperation(): Operation {
  return {
    operationId: 'openapi',
    summary: 'This OpenAPI document',
    tags: ['Service'],
    description:
      'The OpenAPI 3.1 description of the API, generated from the same zod schemas the API parses ' +
      'requests with. Needs no key; cacheable, with an ETag.',
    security: [],
    responses: {
      '200': {
        description: 'The document.',
        headers: headerRefs('X-Request-Id'),
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['openapi', 'info', 'paths'],
              properties: { openapi: { type: 'string' } },
            },
          },
        },
      },
      '304': { description: 'Not modified: If-None-Match named the current ETag.' },
    },
  };
}

/** Every public path with its operations. */
export function paths(): Record<string, PathItem> {
  const post = (operation: Operation): PathItem => ({ post: operation });
  const get = (operation: Operation): PathItem => ({ get: operation });
  return {
    '/api/verify': post(fromRegistry(verifyOperation)),
    '/api/signals': post(signalsOperation()),
    '/api/signals/patterns/summary': post(patternSummaryOperation()),
    '/api/signals/patterns/timeseries': post(patternTimeseriesOperation()),
    '/api/events': post(
      feedOperation(
        'events',
        {
          operationId: 'ingestEvents',
          summary: 'Ingest activity events',
          description:
            'Feeds the identity graph with activity: who was seen (identifiers in the MultiFieldReq ' +
            `form, at most ${MAX_EMAILS} emails each), doing what (visitor, signup, click, verification, ` +
            'signals, id_resolution), when and according to which source. An event that carries several ' +
            'identifiers links them. duplicates counts events whose id was already stored.',
        },
        { batch: { summary: 'A sign-up and a newsletter click', value: eventBatchExample } },
      ),
    ),
    '/api/records': post(
      feedOperation(
        'records',
        {
          operationId: 'ingestRecords',
          summary: 'Ingest reference records',
          description:
            'Feeds the identity graph with reference facts: breaches a person was in (kind breach), ' +
            'line facts of phone numbers (kind phone: line type, carrier, do-not-originate flags; a ' +
            'change of carrier between two records is a port) and social profiles (kind profile).',
        },
        { batch: { summary: 'One record of each kind', value: recordBatchExample } },
      ),
    ),
    '/api/health': get(healthOperation()),
    '/api/openapi.json': get(openApiOperation()),
  };
}
