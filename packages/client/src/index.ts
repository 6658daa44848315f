// The typed client of the Verity API: openapi-fetch over the types openapi-typescript generated
// from the served OpenAPI document (./schema.d.ts). It adds only what every integration needs:
// the instance's URL, the API key as a bearer token, and no cookies unless asked for.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths, webhooks } from './schema';

export type { Middleware } from 'openapi-fetch';
export type { components, operations, paths, webhooks } from './schema';

export type VerityClient = Client<paths>;
/** A path of the API as the document writes it, e.g. `/api/sessions/{sessionId}`. */
export type VerityPath = keyof paths;
/** A named schema of the document, e.g. `VeritySchema<'VerifyResponse'>`. */
export type VeritySchema<Name extends keyof components['schemas']> = components['schemas'][Name];
/** The RFC 9457 problem every error answers. */
export type VerityProblem = VeritySchema<'Problem'>;
/** An operation of the API; the webhooks' are what Verity sends, not what a client calls. */
export type VerityOperationId = Exclude<keyof operations, `webhook_${string}`>;
/** A webhook event type, e.g. `session.created`. */
export type VerityWebhookType = keyof webhooks;
/**
 * The body of a webhook event, once its signature is verified (docs/api/webhooks.md):
 * `VerityWebhookEvent<'session.created'>`, or the union of every event without an argument.
 */
export type VerityWebhookEvent<T extends VerityWebhookType = VerityWebhookType> = T extends VerityWebhookType
  ? NonNullable<webhooks[T]['post']>['requestBody'] extends { content: { 'application/json': infer Body } }
    ? Body
    : never
  : never;

export interface VerityClientOptions {
  /** Where Verity is served, e.g. `https://verity.example.com`; '' for the page's own origin in a browser. */
  baseUrl: string;
  /** A key (`vty_...`), sent as `Authorization: Bearer`; omit for the operations that need none. */
  apiKey?: string;
  /** Sends each call's Request; defaults to the global fetch (tests and proxies pass their own). */
  fetch?: (request: Request) => Promise<Response>;
  /**
   * Cookies: none by default, since the key alone authenticates. The console's own pages send
   * `same-origin` to reach its session-authenticated twins.
   */
  credentials?: RequestCredentials;
}

/**
 * The client of the API. `Paths` is the generated `paths` unless a caller describes the API
 * otherwise (the console's explorer sends any path of the document it loaded, bodies as written).
 */
export function createVerityClient<Paths extends object = paths>({
  baseUrl,
  apiKey,
  fetch: fetchImpl,
  credentials = 'omit',
}: VerityClientOptions): Client<Paths> {
  return createClient<Paths>({
    baseUrl,
    // Looked up at call time, not bound here, so a fetch replaced after creation is the one used.
    fetch: (request: Request) => (fetchImpl ?? globalThis.fetch)(request),
    headers: {
      Accept: 'application/json',
      ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
    },
    credentials,
    // Answers are per call (risk, rate limits): never from the browser's HTTP cache.
    cache: 'no-store',
  });
}

/**
 * Sends the operations of some paths to others: the console's pages call the session-authenticated
 * twins (`/api/console/verify`) of keyed operations with the same typed input and answer.
 */
export function rerouted(routes: Partial<Record<VerityPath, string>>): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      const byPath: Partial<Record<string, string>> = routes;
      const target = byPath[schemaPath];
      if (target === undefined) return undefined;
      const url = new URL(request.url);
      url.pathname = target;
      // The body is read, not streamed: browsers send streamed bodies over HTTP/2 only.
      const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
      return new Request(url, {
        method: request.method,
        headers: request.headers,
        body,
        credentials: request.credentials,
        cache: request.cache,
        redirect: request.redirect,
        signal: request.signal,
      });
    },
  };
}
