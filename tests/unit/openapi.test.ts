import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { API_OPERATIONS } from '@/lib/api/operations';
import { PROBLEM_CODES } from '@/lib/contract/problem-codes';
import { healthSchema } from '@/lib/contract/schemas/health';
import {
  patternSummaryRequestSchema,
  patternTimeseriesRequestSchema,
} from '@/lib/contract/schemas/pattern-request';
import { IDENTIFIER_FIELDS, signalsRequestSchema, verifyRequestSchema } from '@/lib/contract/schemas/request';
import {
  patternSummarySchema,
  patternTimeseriesSchema,
  signalsPatternsSchema,
  signalsPersonSchema,
} from '@/lib/contract/schemas/signals';
import { checkSchema, verifyResponseSchema } from '@/lib/contract/schemas/verify';
import { CHECK_CATALOG, CHECK_IDS, compareChecks, runChecks } from '@/lib/engine/checks';
import { parseEvent } from '@/lib/engine/ingest/parse-event';
import { parseRecord } from '@/lib/engine/ingest/parse-record';
import { parsePatternSummaryRequest, parsePatternTimeseriesRequest } from '@/lib/engine/pattern-request';
import { parseSignalsRequest, parseVerifyRequest } from '@/lib/engine/request';
import { scoreRisk } from '@/lib/engine/risk';
import type { Check, RiskLevel } from '@/lib/engine/types';
import { type ProblemCode, problem } from '@/lib/http/problem';
import { withUnionTypes } from '@/lib/openapi/components';
import { openApiDocument } from '@/lib/openapi/document';
import { EXAMPLE_NOW } from '@/lib/openapi/examples/verify';
import type { HttpMethod, Operation, PathItem, RequestBody, ResponseObject } from '@/lib/openapi/types';
import type { Health } from '@/lib/services/health';
import { normalizedRequest } from './support/normalized-request';

const doc = openApiDocument();
// Walked and looked up as plain JSON, as a client of the document sees it.
const json: unknown = JSON.parse(JSON.stringify(doc));

const ROUTES: Record<string, string[]> = {
  '/api/verify': ['post'],
  '/api/sessions/{sessionId}': ['get'],
  '/api/signals': ['post'],
  '/api/signals/patterns/summary': ['post'],
  '/api/signals/patterns/timeseries': ['post'],
  '/api/events': ['post'],
  '/api/records': ['post'],
  '/api/lists/entries': ['get', 'post'],
  '/api/lists/entries/{id}': ['patch', 'delete'],
  '/api/lists/entries/import': ['post'],
  '/api/health': ['get'],
  '/api/openapi.json': ['get'],
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

function operations(): { path: string; method: string; operation: Operation }[] {
  return Object.entries(doc.paths).flatMap(([route, item]: [string, PathItem]) =>
    Object.entries(item).map(([method, operation]) => ({ path: route, method, operation })),
  );
}

const METHOD = { GET: 'get', POST: 'post', PATCH: 'patch', DELETE: 'delete' } as const satisfies Record<
  string,
  HttpMethod
>;

function operation(route: string, method: HttpMethod = 'post'): Operation {
  const found = doc.paths[route]?.[method];
  if (found === undefined) throw new Error(`no ${method} ${route}`);
  return found;
}

/** Resolves a local JSON pointer (RFC 6901) against the document. */
function resolve(ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`not a local reference: ${ref}`);
  let node: unknown = json;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null || !(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function refsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsIn(value, found);
    }
  }
  return found;
}

/** The examples of a request body or response, by media type. */
function examplesOf(part: RequestBody | ResponseObject | undefined, type = 'application/json'): unknown[] {
  const media = part?.content?.[type];
  if (media === undefined) throw new Error(`no ${type} content`);
  return Object.values(media.examples ?? {}).map((example) => example.value);
}

function response(op: Operation, status: string): ResponseObject {
  const found = op.responses[status];
  if (found === undefined || '$ref' in found) throw new Error(`no inline ${status} response`);
  return found;
}

const withoutDialect = (schema: Record<string, unknown>) => {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
};

// The document adds to each untyped union the types of its branches (withUnionTypes), the same set
// of values; nothing else differs from zod's own conversion.
const toJsonSchema = (schema: z.ZodType) =>
  withUnionTypes(withoutDialect(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' })), {});

/** Every route file under app/api, as the API path it serves. */
function routeFiles(dir = path.resolve(process.cwd(), 'app/api'), prefix = '/api'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return routeFiles(path.join(dir, entry.name), `${prefix}/${entry.name}`);
    return entry.name === 'route.ts' ? [prefix] : [];
  });
}

describe('OpenAPI document structure', () => {
  it('is OpenAPI 3.1 with the JSON Schema 2020-12 dialect, an info block and a version', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(doc.info.title).toBe('Verity API');
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(doc.info.description).toContain('Authorization: Bearer vty_');
  });

  it('documents exactly the public routes, each with its methods', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(Object.keys(ROUTES).sort());
    for (const [route, methods] of Object.entries(ROUTES)) {
      const item = doc.paths[route] ?? {};
      expect(
        Object.keys(item).filter((key) => (METHODS as readonly string[]).includes(key)),
        route,
      ).toEqual(methods);
    }
  });

  it('documents every route file under app/api but the 404 catch-all, the console-only routes and the metrics', () => {
    // The console's routes and its sign-in take the console login, not an API key: not the public API.
    // The operator's metrics are not public either (docs/metrics.md).
    // A dynamic segment `[name]` is the document's `{name}` path parameter.
    const served = routeFiles()
      .filter((route) => !route.includes('[...') && !/^\/api\/(console|auth)\//.test(route))
      .filter((route) => route !== '/api/metrics')
      .map((route) => route.replace(/\[(\w+)\]/g, '{$1}'));
    expect(served.sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it('resolves every $ref inside the document', () => {
    const refs = refsIn(json);
    expect(refs.length).toBeGreaterThan(50);
    const dangling = refs.filter((ref) => resolve(ref) === undefined);
    expect(dangling).toEqual([]);
  });

  it('has no zod document keywords left inside the components', () => {
    for (const [id, schema] of Object.entries(doc.components.schemas)) {
      expect(schema, id).not.toHaveProperty('$schema');
      expect(schema, id).not.toHaveProperty('$id');
    }
  });

  it('gives every operation a unique operationId, a summary, tags and a success response', () => {
    const ids = operations().map(({ operation: op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set(doc.tags.map((tag) => tag.name));
    for (const { path: route, operation: op } of operations()) {
      expect(op.summary, route).not.toBe('');
      expect(op.description.length, route).toBeGreaterThan(40);
      for (const tag of op.tags) expect(tags.has(tag), `${route} tag ${tag}`).toBe(true);
      expect(
        Object.keys(op.responses).some((status) => /^2\d\d$/.test(status)),
        route,
      ).toBe(true);
      for (const [status, answer] of Object.entries(op.responses)) {
        expect(status, route).toMatch(/^[1-5]\d\d$/);
        expect('$ref' in answer || answer.description.length > 0, `${route} ${status}`).toBe(true);
      }
    }
  });
});

describe('security and scopes', () => {
  const scheme = doc.components.securitySchemes.apiKey;

  it('declares the bearer API key scheme with the vty_ key format', () => {
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(scheme?.bearerFormat).toMatch(/^vty_/);
  });

  it('asks for the scope of each registered operation and names its bucket; no key on health and the document', () => {
    for (const registered of API_OPERATIONS) {
      const op = operation(registered.path, METHOD[registered.method]);
      if (registered.scope === null) {
        expect(op.security, registered.path).toEqual([]);
        continue;
      }
      expect(op.security, registered.path).toEqual([{ apiKey: [registered.scope] }]);
      expect(op['x-scope'], registered.path).toBe(registered.scope);
      expect(op.description, registered.path).toContain(`Rate limit bucket: \`${registered.bucket}\``);
    }
    expect(operation('/api/health', 'get').security).toEqual([]);
    expect(operation('/api/openapi.json', 'get').security).toEqual([]);
  });

  it('lists 401, 403 and 429 with rate-limit headers on every keyed operation', () => {
    for (const { path: route, operation: op } of operations()) {
      if (op.security.length === 0) continue;
      for (const status of ['401', '403', '429', '500', '503']) {
        expect(op.responses, `${route} ${status}`).toHaveProperty(status);
      }
      expect(Object.keys(response(op, '429').headers ?? {})).toEqual(
        expect.arrayContaining(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
      );
      expect(Object.keys(response(op, '401').headers ?? {})).toContain('WWW-Authenticate');
    }
  });
});

describe('request schemas come from the parser', () => {
  const schemas = doc.components.schemas;

  it('verify: the body schema is z.toJSONSchema of verifyRequestSchema', () => {
    expect(operation('/api/verify').requestBody?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/VerifyRequest',
    });
    expect(schemas.VerifyRequest).toEqual(toJsonSchema(verifyRequestSchema));
  });

  it('signals and the pattern operations are the parser schemas too; no unused MultiFieldReq', () => {
    expect(schemas.SignalsRequest).toEqual(toJsonSchema(signalsRequestSchema));
    expect(schemas.MultiFieldReq).toBeUndefined();
    expect(schemas.PatternSummaryRequest).toEqual(toJsonSchema(patternSummaryRequestSchema));
    expect(schemas.PatternTimeseriesRequest).toEqual(toJsonSchema(patternTimeseriesRequestSchema));
  });

  it('carries the descriptions and limits written on the zod schemas', () => {
    const properties = schemas.VerifyRequest?.properties as Record<string, { description?: string }>;
    expect(properties.emails?.description).toContain('At most 20');
    expect(properties.ipAddress?.description).toMatch(/IPv4 or IPv6/);
    expect(Object.keys(properties)).toEqual(expect.arrayContaining(['sessionId', 'ssns', 'birthday']));
    // One schema for both operations: Verify's view names the Signals fields as ignored.
    expect(properties.patternInterval?.description).toMatch(/^Signals only: .*Verify ignores it\.$/);
  });

  it("feeds reuse the MultiFieldReq identifier fields for an event, without the operations' own", () => {
    const event = schemas.IngestEvent?.properties as Record<string, unknown>;
    const verify = schemas.VerifyRequest?.properties as Record<string, unknown>;
    for (const field of IDENTIFIER_FIELDS) expect(event[field], field).toEqual(verify[field]);
    // Verify's and Signals' own fields are ignored by the feeds, so the feeds do not list them.
    for (const field of ['sessionId', 'countries', 'excludedCountries', 'patternInterval']) {
      for (const id of ['IngestEvent', 'BreachRecord', 'ProfileRecord', 'PhoneRecord'] as const) {
        const properties = schemas[id]?.properties as Record<string, unknown>;
        expect(properties[field], `${id}.${field}`).toBeUndefined();
      }
    }
  });
});

describe('examples', () => {
  it('every Verify request example parses with parseVerifyRequest', () => {
    const examples = examplesOf(operation('/api/verify').requestBody);
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const example of examples) {
      const parsed = parseVerifyRequest(example);
      expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
    }
    const [applicant] = examples;
    const parsed = parseVerifyRequest(applicant);
    if (!parsed.ok) throw new Error('the applicant example does not parse');
    expect(parsed.value.emails).toHaveLength(1);
    expect(parsed.value.phones[0]?.e164).toBe('+14155552671');
    expect(parsed.value.location?.postalCode).toBe('94102');
  });

  it('Signals and pattern request examples parse with their parsers', () => {
    for (const example of examplesOf(operation('/api/signals').requestBody)) {
      expect(parseSignalsRequest(example).ok, JSON.stringify(example)).toBe(true);
    }
    for (const example of examplesOf(operation('/api/signals/patterns/summary').requestBody)) {
      expect(parsePatternSummaryRequest(example).ok).toBe(true);
    }
    for (const example of examplesOf(operation('/api/signals/patterns/timeseries').requestBody)) {
      expect(parsePatternTimeseriesRequest(example).ok).toBe(true);
    }
  });

  it('the Verify response example is a consistent answer: every check once, ordered, scored', () => {
    const [example] = examplesOf(response(operation('/api/verify'), '201'));
    const body = verifyResponseSchema.parse(example);
    expect(body.sessionId).toMatch(/^ses_/);
    expect(body.checks.map((check) => check.id).sort()).toEqual([...CHECK_IDS].sort());
    const checks = body.checks as Check[];
    expect([...checks].sort(compareChecks)).toEqual(checks);
    const { risk, contributions } = scoreRisk(checks);
    expect(body.risk).toBe(risk);
    // A long-known customer: low, with the trust of the history as a negative step.
    expect(body.risk).toBeLessThanOrEqual(0.5);
    expect(body.checks.some((check) => (check.contribution ?? 0) < 0)).toBe(true);
    expect(body.checks.map((check) => check.contribution)).toEqual(contributions.map((c) => c.delta));
    const sum = body.checks.reduce((total, check) => total + (check.contribution ?? 0), 0);
    expect(sum).toBeCloseTo(body.risk, 4);
    for (const check of body.checks) {
      const states = CHECK_CATALOG[check.id].states as Record<string, { risk: RiskLevel }>;
      // A check awaiting its data source answers UNKNOWN at risk NONE whatever the table says.
      const awaiting = check.state === 'UNKNOWN' && check.risk === 'NONE';
      if (!awaiting) expect(states[check.state]?.risk, `${check.id} ${check.state}`).toBe(check.risk);
      expect(states, check.id).toHaveProperty(check.state);
      expect(check.name).toBe(CHECK_CATALOG[check.id].name);
      expect(check.checkPackage).toBe(CHECK_CATALOG[check.id].checkPackage);
    }
  });

  it('the Verify example keeps the answers the engine computes from the input itself', () => {
    const [example] = examplesOf(response(operation('/api/verify'), '201'));
    const body = verifyResponseSchema.parse(example);
    const state = (id: string) => body.checks.find((check) => check.id === id)?.state;
    expect(state('EMAIL_INVALID')).toBe('FALSE');
    expect(state('EMAIL_TYPE')).toBe('FREE');
    expect(state('PHONE_FORMAT_INVALID')).toBe('FALSE');
    expect(state('SYNTHETIC_SSN_INVALID')).toBe('NONE');
  });

  it('event and record examples are accepted by the feed parsers', () => {
    const events = examplesOf(operation('/api/events').requestBody)[0] as unknown[];
    const records = examplesOf(operation('/api/records').requestBody)[0] as unknown[];
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect(parseEvent(event, EXAMPLE_NOW)).toMatchObject({ ok: true });
    expect(records.map((record) => (record as { kind: string }).kind)).toEqual([
      'breach',
      'phone',
      'profile',
    ]);
    for (const record of records) expect(parseRecord(record, EXAMPLE_NOW)).toMatchObject({ ok: true });
    const ndjson = examplesOf(operation('/api/events').requestBody, 'application/x-ndjson')[0] as string;
    expect(
      ndjson
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(events);
  });

  it('problem examples are what problem() answers for the same code and detail', async () => {
    let seen = 0;
    for (const { path: route, operation: op } of operations()) {
      for (const [status, answer] of Object.entries(op.responses)) {
        const media = '$ref' in answer ? undefined : answer.content?.['application/problem+json'];
        for (const example of Object.values(media?.examples ?? {})) {
          const value = example.value as {
            status: number;
            code: ProblemCode;
            detail: string;
            requestId: string;
            errors?: never;
          };
          expect(value.status, `${route} ${status}`).toBe(Number(status));
          expect(PROBLEM_CODES[value.code].status).toBe(Number(status));
          const real = problem({ ...value });
          expect(real.headers.get('content-type')).toBe('application/problem+json');
          expect(await real.json()).toEqual(value);
          seen++;
        }
      }
    }
    expect(seen).toBeGreaterThan(40);
  });
});

describe('error responses per route', () => {
  const codesAt = (route: string, status: string): unknown => {
    const schema = response(operation(route), status).content?.['application/problem+json']?.schema as {
      properties: { code: { enum: string[] } };
    };
    return schema.properties.code.enum;
  };

  it('verify lists its input rules, session, deletion and quota codes', () => {
    expect(codesAt('/api/verify', '400')).toEqual([
      'MALFORMED_JSON',
      'INVALID_INPUT',
      'NO_MINIMUM_IDENTIFIER',
      'TOO_MANY_EMAILS',
      'MULTIPLE_SSNS',
      'MIXED_EMAIL_FORMS',
    ]);
    expect(codesAt('/api/verify', '404')).toEqual(['UNKNOWN_SESSION']);
    expect(codesAt('/api/verify', '410')).toEqual(['DATA_DELETED']);
    expect(codesAt('/api/verify', '413')).toEqual(['PAYLOAD_TOO_LARGE']);
    expect(codesAt('/api/verify', '415')).toEqual(['UNSUPPORTED_MEDIA_TYPE']);
    expect(codesAt('/api/verify', '429')).toEqual(['RATE_LIMITED', 'QUOTA_EXCEEDED']);
    expect(Object.keys(operation('/api/verify').responses)).toEqual(
      expect.arrayContaining([
        '200',
        '201',
        '400',
        '401',
        '403',
        '404',
        '410',
        '413',
        '415',
        '429',
        '500',
        '503',
      ]),
    );
  });

  it('signals adds the country filter conflict and answers 204; it has no sessions or quota', () => {
    expect(codesAt('/api/signals', '400')).toContain('COUNTRY_FILTER_CONFLICT');
    expect(codesAt('/api/signals', '429')).toEqual(['RATE_LIMITED']);
    expect(operation('/api/signals').responses).toHaveProperty('204');
    expect(operation('/api/signals').responses).not.toHaveProperty('404');
    expect(operation('/api/signals').responses).not.toHaveProperty('410');
  });

  it('health answers its own body on 503, not a problem', () => {
    const health = operation('/api/health', 'get');
    expect(Object.keys(response(health, '503').content ?? {})).toEqual(['application/json']);
    expect(health.security).toEqual([]);
  });
});

describe('response schemas match what the engine answers', () => {
  it('every check the engine produces parses as a Check', () => {
    const checks = runChecks(normalizedRequest(), { now: EXAMPLE_NOW, graph: null });
    expect(checks.length).toBe(CHECK_IDS.length);
    for (const check of checks) expect(checkSchema.safeParse(check).success, check.id).toBe(true);
  });

  it('Signals, pattern and time series examples parse and carry exactly the schema fields', () => {
    const signals = response(operation('/api/signals'), '200');
    const [person, patterns] = examplesOf(signals);
    const personBody = signalsPersonSchema.parse(person);
    expect(Object.keys(person as object).sort()).toEqual(Object.keys(signalsPersonSchema.shape).sort());
    expect(personBody.emails[0]?.email).toBe('jane.doe@gmail.com');
    expect(personBody.socialProfiles[0]?.service).toBe('github');
    const patternBody = signalsPatternsSchema.parse(patterns);
    expect(patternBody.emails[0]?.month?.observations).toBeGreaterThan(0);

    const [summary] = examplesOf(response(operation('/api/signals/patterns/summary'), '200'));
    expect(Object.keys(patternSummarySchema.parse(summary))).toEqual(
      expect.arrayContaining(['hour', 'day', 'week', 'month', '6month', 'year']),
    );
    const [series] = examplesOf(response(operation('/api/signals/patterns/timeseries'), '200'));
    const seriesBody = patternTimeseriesSchema.parse(series);
    expect(seriesBody.buckets.length).toBe(25);
    const counted = seriesBody.buckets.reduce((n, bucket) => n + bucket.observations, 0);
    expect(counted).toBe(patternSummarySchema.parse(summary).day.observations);
  });

  it('the Health schema has the shape of the health service', () => {
    expectTypeOf<z.output<typeof healthSchema>>().toEqualTypeOf<Health>();
    const [up] = examplesOf(response(operation('/api/health', 'get'), '200'));
    expect(healthSchema.parse(up)).toMatchObject({ status: 'ok', database: 'ok' });
    expect(
      healthSchema.safeParse({ status: 'ok', database: 'ok', version: '1.0.0', uptimeSeconds: 3 }).success,
    ).toBe(false);
  });
});
