// The OpenAPI 3.1 document of the public API: the operations of the registry (lib/api/operations),
// request schemas converted from the parser's zod schemas, response schemas from lib/contract/schemas,
// examples shaped by the engine.
import type { OperationMethod } from '@/lib/api/operation';
// biome-ignore lint/suspicious/noImportCycles: the registry imports this lazily, when served, once it exists
import { API_OPERATIONS } from '@/lib/api/operations';
import type { WebhookEventName } from '@/lib/contract/schemas/webhooks';
import { KEY_PREFIX } from '@/lib/services/keys/key-material';
import packageJson from '@/package.json';
import { type ComponentId, componentSchemas, schemaRef } from './components';
import { openApiOperation, SECURITY_SCHEME } from './operation';
import { HEADERS, PARAMETERS } from './responses';
import type { HttpMethod, OpenApiDocument, PathItem } from './types';

const DESCRIPTION = `Verity assesses the authenticity and risk of a digital identity from identifiers you supply: email, phone, social profile, SSN, name plus postal address, IP address, birthday and related context.

- **Verify** runs every check package over the identifiers and returns one overall risk score, a session id and the checks that ran.
- **Signals** returns what the identity graph holds about the identifiers; with a pattern interval, recency summaries per email.
- **Ingestion** feeds the identity graph with activity events and reference records.
- **Lists** manages the workspace's block and allow lists, which Verify matches (check WORKSPACE_LIST).

Verify and Signals accept the same request schema, MultiFieldReq, shown as each reads it (VerifyRequest, SignalsRequest: a field only one of them uses is ignored by the other). Identifiers that belong together should be sent in one request: the more identifiers, the higher the match confidence.

## Input rules
1. Emails may be sent in cleartext or hashed: trim, lower-case, then MD5, SHA1 or SHA-256 (hex). Never send the cleartext and a hash of the same address in one request.
2. Phone numbers not in E.164 form are parsed with the US as default country, which may assign the wrong country.
3. Unicode lookalikes (a Cyrillic е for a Latin e) are folded to the ASCII they imitate.
4. A name alone identifies nobody: send it with a location or another identifier.
5. Prefer the plural forms (emails, phones, profiles) even for one value.
6. An email or phone that is malformed is not a request error: it is evaluated, and EMAIL_INVALID or PHONE_FORMAT_INVALID says TRUE. Wrong JSON types, unknown enum values, malformed dates, country codes and IP addresses are 400; unknown fields, and those only the other operation uses, are ignored.

## Authentication
Every keyed operation needs \`Authorization: Bearer ${KEY_PREFIX}...\`. Keys belong to a workspace and are enabled per scope: \`verify\`, \`signals\`, \`ingest\`, \`lists\`. A missing, invalid or revoked key answers 401; a key without the operation's scope answers 403. Call from a backend, never from client-side code, and keep two active keys per environment to rotate without downtime.

## Errors
Every error is an RFC 9457 problem (\`application/problem+json\`) with a stable \`code\` and the \`requestId\` to quote to support; a 400 for broken input rules lists every offending path in \`errors\`. Bodies over 256 KiB answer 413, bodies that are not \`application/json\` 415.

## Rate limits
Every key has a limit, per endpoint (token bucket): its own rate if it has one, else its workspace's default (100 requests per second, which admins can change). Every answer of a keyed operation after its key is accepted (successes, 400, 404, 409, 413, 415 and 429) carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`; a 429 also carries \`Retry-After\`. Trial workspaces have a Verify quota (429 \`QUOTA_EXCEEDED\`).

## Events
Signals pattern summaries report observed activity on an email by event type: \`verification\` (used in Verify), \`visitor\` (tied to a website visit), \`signup\` (used to sign up), \`click\` (a link click, likely in an email), \`signals\` (used to retrieve signals), \`id_resolution\` (used to tie it to other identifiers). The pattern feature is beta.`;

const HTTP_METHOD: Record<OperationMethod, HttpMethod> = {
  GET: 'get',
  POST: 'post',
  PATCH: 'patch',
  DELETE: 'delete',
};

/** Every public path with its operations, in registry order. */
function paths(): Record<string, PathItem> {
  const items: Record<string, PathItem> = {};
  for (const operation of API_OPERATIONS) {
    items[operation.path] = {
      ...items[operation.path],
      [HTTP_METHOD[operation.method]]: openApiOperation(operation),
    };
  }
  return items;
}

/** The component of each event's body, by event type (lib/contract/schemas/webhooks.ts). */
const WEBHOOK_COMPONENTS: Record<WebhookEventName, ComponentId> = {
  'session.created': 'WebhookSessionCreated',
  'decision.recorded': 'WebhookDecisionRecorded',
  'monitoring.hit': 'WebhookMonitoringHit',
  'key.created': 'WebhookKeyCreated',
  'key.rotated': 'WebhookKeyRotated',
  'key.revoked': 'WebhookKeyRevoked',
  'webhook.test': 'WebhookTest',
};

/** The events Verity POSTs to a workspace's endpoints (docs/api/webhooks.md). */
function webhooks(): Record<string, PathItem> {
  const items: Record<string, PathItem> = {};
  for (const [event, component] of Object.entries(WEBHOOK_COMPONENTS)) {
    items[event] = {
      post: {
        operationId: `webhook_${event.replace('.', '_')}`,
        summary: `The ${event} event`,
        description:
          'Sent to each enabled endpoint of the workspace that takes this event type, from a durable ' +
          'outbox, signed per the Standard Webhooks specification (verify the signature before ' +
          'trusting the body: docs/api/webhooks.md). Retried with back-off for about a day.',
        tags: ['Webhooks'],
        // The receiver checks the signature headers, not a key of Verity's.
        security: [],
        requestBody: { required: true, content: { 'application/json': { schema: schemaRef(component) } } },
        responses: {
          '200': {
            description:
              'Any 2xx acknowledges the event. Anything else, or no answer within the timeout, is retried.',
          },
        },
      },
    };
  }
  return items;
}

export function openApiDocument(): OpenApiDocument {
  return {
    openapi: '3.1.1',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Verity API',
      version: packageJson.version,
      summary: 'Identity verification and signals.',
      description: DESCRIPTION,
      // Self-hosted: the operator of the instance is who callers reach, under the licence it holds.
      contact: { name: 'The operator of this Verity instance' },
      license: {
        name: 'Proprietary: used under the licence its operator holds',
        identifier: 'LicenseRef-Verity-Proprietary',
      },
    },
    servers: [{ url: '/', description: 'This Verity instance' }],
    tags: [
      { name: 'Verify', description: 'Risk assessment of an identity, in sessions.' },
      { name: 'Signals', description: 'What the identity graph holds, and email recency patterns (beta).' },
      { name: 'Ingestion', description: 'Feeds of the identity graph (key scope ingest).' },
      {
        name: 'Lists',
        description: "The workspace's block and allow lists, which Verify matches (key scope lists).",
      },
      { name: 'Service', description: 'Health and this document; no key needed.' },
      { name: 'Webhooks', description: "Events Verity sends to a workspace's endpoints, signed." },
    ],
    paths: paths(),
    webhooks: webhooks(),
    components: {
      schemas: componentSchemas(),
      headers: HEADERS,
      parameters: PARAMETERS,
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${KEY_PREFIX}<base58>`,
          description:
            `An API key of your workspace, \`${KEY_PREFIX}\` followed by 256 random bits in base58, ` +
            'created in the console or with `npm run keys -- create`. Each operation names the key ' +
            'scope it needs as the role of its security requirement.',
        },
      },
    },
  };
}
