// Every public operation of the registry, called through the generated client (@verity/client)
// against the built server: the client's types and the server's answers agree. A new operation
// fails the completeness check below until a call of it is added here.
import { createVerityClient, rerouted, type VerityClient, type VerityOperationId } from '@verity/client';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { API_OPERATIONS } from '@/lib/api/operations';
import { newUser, signedIn } from './console-session';
import { uniqueEmail } from './provenance-support';
import { newKey } from './support';

const HOUR = 3_600_000;

interface Sent {
  method: string;
  schemaPath: string;
}

/** A client with a key of every scope, which records what it sent (method and path template). */
function recordingClient(apiKey: string): { client: VerityClient; sent: Sent[] } {
  const sent: Sent[] = [];
  const client = createVerityClient({ baseUrl: inject('baseUrl'), apiKey });
  client.use({
    onRequest({ request, schemaPath }) {
      sent.push({ method: request.method, schemaPath });
      return undefined;
    },
  });
  return { client, sent };
}

/** An email the graph knows from one signup event of the last day, ingested through the client. */
async function knownEmail(client: VerityClient): Promise<string> {
  const email = uniqueEmail('typed-client');
  const observedAt = Date.now() - 2 * HOUR;
  const { data, response } = await client.POST('/api/events', {
    body: [{ type: 'signup', observedAt, source: 'typed-client', email }],
  });
  expect(response.status).toBe(202);
  expect(data?.accepted).toBe(1);
  return email;
}

/** A domain no other test lists. */
const uniqueDomain = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}.example`;

/** A block entry added through the client, by value. */
async function typedEntryValue(client: VerityClient): Promise<string> {
  const value = uniqueDomain('typed-entry');
  const { response } = await client.POST('/api/lists/entries', {
    body: { list: 'block', kind: 'email_domain', value, reason: 'typed client' },
  });
  expect(response.status).toBe(201);
  return value;
}

/** A block entry added through the client, by id. */
async function typedEntryId(client: VerityClient): Promise<string> {
  const value = uniqueDomain('typed-entry');
  const { data } = await client.POST('/api/lists/entries', {
    body: { list: 'block', kind: 'email_domain', value, reason: 'typed client' },
  });
  expect(data?.id).toMatch(/^wle_/);
  return data?.id ?? '';
}

/** One call of each operation, by operationId: the map's type makes it complete for the client too. */
const CALLS: Record<VerityOperationId, (client: VerityClient) => Promise<void>> = {
  async verify(client) {
    const { data, response } = await client.POST('/api/verify', {
      body: { email: uniqueEmail('typed-verify'), ipAddress: '8.8.8.8' },
    });
    expect(response.status).toBe(201);
    expect(data?.risk).toBeGreaterThanOrEqual(0);
    expect(data?.risk).toBeLessThanOrEqual(1);
    expect(data?.sessionId).toMatch(/\S/);
    expect(data?.checks.length).toBeGreaterThan(0);
  },
  async getSession(client) {
    const created = await client.POST('/api/verify', { body: { email: uniqueEmail('typed-session') } });
    const sessionId = created.data?.sessionId ?? '';
    expect(sessionId).not.toBe('');
    const { data, response } = await client.GET('/api/sessions/{sessionId}', {
      params: { path: { sessionId } },
    });
    expect(response.status).toBe(200);
    expect(data?.sessionId).toBe(sessionId);
    expect(data?.decision).toBeNull();
  },
  async signals(client) {
    const email = await knownEmail(client);
    const { data, response } = await client.POST('/api/signals', { body: { email } });
    expect(response.status).toBe(200);
    expect(data && 'emails' in data ? data.emails.map((known) => known.email) : []).toContain(email);
  },
  async signalsPatternSummary(client) {
    const email = await knownEmail(client);
    const { data, response } = await client.POST('/api/signals/patterns/summary', { body: { email } });
    expect(response.status).toBe(200);
    expect(data?.email).toBe(email);
    expect(data?.day.observations).toBe(1);
    expect(data?.day.events?.map((event) => event.type)).toEqual(['signup']);
  },
  async signalsPatternTimeseries(client) {
    const email = await knownEmail(client);
    const { data, response } = await client.POST('/api/signals/patterns/timeseries', {
      body: { email, interval: 'day' },
    });
    expect(response.status).toBe(200);
    expect(data?.interval).toBe('day');
    expect(data?.buckets.reduce((sum, bucket) => sum + bucket.observations, 0)).toBe(1);
  },
  async ingestEvents(client) {
    const email = uniqueEmail('typed-events');
    const { data, response } = await client.POST('/api/events', {
      body: [
        { id: `typed-${email}`, type: 'click', observedAt: new Date().toISOString(), source: 'typed', email },
        { id: `typed-${email}`, type: 'click', observedAt: new Date().toISOString(), source: 'typed', email },
      ],
    });
    expect(response.status).toBe(202);
    expect(data).toEqual({ accepted: 1, duplicates: 1, rejected: [] });
  },
  async ingestRecords(client) {
    const { data, response } = await client.POST('/api/records', {
      body: [
        {
          kind: 'breach',
          breach: 'TypedLeak',
          breachedAt: '2024-05-01',
          email: uniqueEmail('typed-records'),
        },
        { kind: 'breach', breach: 'TypedLeak', breachedAt: '2024-05-01' },
      ],
    });
    expect(response.status).toBe(202);
    expect(data?.accepted).toBe(1);
    expect(data?.rejected.map((rejected) => rejected.index)).toEqual([1]);
  },
  async listListEntries(client) {
    const value = await typedEntryValue(client);
    const { data, response } = await client.GET('/api/lists/entries', {
      params: { query: { q: value, kind: 'email_domain' } },
    });
    expect(response.status).toBe(200);
    expect(data?.entries.map((entry) => entry.value)).toEqual([value]);
    expect(data?.next).toBeNull();
  },
  async addListEntry(client) {
    const value = uniqueDomain('typed-add');
    const { data, response } = await client.POST('/api/lists/entries', {
      body: { list: 'block', kind: 'email_domain', value, reason: 'typed client' },
    });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({
      list: 'block',
      kind: 'email_domain',
      value,
      expiresAt: null,
      expired: false,
    });
  },
  async updateListEntry(client) {
    const id = await typedEntryId(client);
    const { data, response } = await client.PATCH('/api/lists/entries/{id}', {
      params: { path: { id } },
      body: { reason: 'typed client, changed' },
    });
    expect(response.status).toBe(200);
    expect(data?.reason).toBe('typed client, changed');
  },
  async removeListEntry(client) {
    const id = await typedEntryId(client);
    const { response } = await client.DELETE('/api/lists/entries/{id}', { params: { path: { id } } });
    expect(response.status).toBe(204);
  },
  async importListEntries(client) {
    const value = uniqueDomain('typed-import');
    const { data, response } = await client.POST('/api/lists/entries/import', {
      body: {
        entries: [
          { list: 'allow', kind: 'email_domain', value, reason: 'typed import' },
          { list: 'allow', kind: 'ip', value: 'not an address', reason: 'typed import' },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(data?.received).toBe(2);
    expect(data?.saved).toBe(1);
    expect(data?.rejected.map((rejection) => [rejection.index, rejection.field])).toEqual([[1, 'value']]);
  },
  async health(client) {
    const { data, response } = await client.GET('/api/health');
    expect(response.status).toBe(200);
    expect(data?.status).toBe('ok');
    expect(data?.database).toBe('ok');
  },
  async openapi(client) {
    const { data, response } = await client.GET('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(data?.openapi).toMatch(/^3\.1\.\d+$/);
  },
};

describe('the typed client (@verity/client)', () => {
  let key = '';
  beforeAll(async () => {
    key = (await newKey('verify,signals,ingest,lists')).key;
  });

  for (const operation of API_OPERATIONS) {
    it(`calls ${operation.id} (${operation.method} ${operation.path})`, async () => {
      const call: ((client: VerityClient) => Promise<void>) | undefined = (
        CALLS as Partial<Record<string, (client: VerityClient) => Promise<void>>>
      )[operation.id];
      if (call === undefined) {
        throw new Error(
          `No client call of ${operation.id}: run \`npm run client:generate\` and add one to CALLS in this file.`,
        );
      }
      const { client, sent } = recordingClient(key);
      await call(client);
      // The call went to the operation itself (other calls may arrange data first).
      expect(sent).toContainEqual({ method: operation.method, schemaPath: operation.path });
    });
  }

  it('types the problem of a 400', async () => {
    const { client } = recordingClient(key);
    const { data, error, response } = await client.POST('/api/verify', {
      body: { email: uniqueEmail('typed-problem'), ipAddress: 'not-an-ip' },
    });
    expect(response.status).toBe(400);
    expect(data).toBeUndefined();
    expect(error?.code).toBe('INVALID_INPUT');
    expect(error?.status).toBe(400);
    expect(error?.errors?.map((fieldError) => fieldError.path)).toEqual(['ipAddress']);
    expect(error?.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('needs the key: without one, a keyed operation answers the typed 401', async () => {
    const client = createVerityClient({ baseUrl: inject('baseUrl') });
    const { error, response } = await client.POST('/api/verify', {
      body: { email: uniqueEmail('typed-401') },
    });
    expect(response.status).toBe(401);
    expect(error?.code).toBe('UNAUTHORIZED');
  });

  it("reaches a console twin with the session cookie, as the console's batch does", async () => {
    const session = await signedIn(await newUser('analyst'));
    const client = createVerityClient({
      baseUrl: inject('baseUrl'),
      // The signed-in cookie jar sends the request: no key at all.
      fetch: async (request) =>
        session.fetch(new URL(request.url).pathname, {
          method: request.method,
          headers: request.headers,
          body: await request.text(),
        }),
    });
    client.use(rerouted({ '/api/verify': '/api/console/verify' }));
    const { data, response } = await client.POST('/api/verify', {
      body: { emails: [uniqueEmail('typed-twin')] },
    });
    expect(response.url).toBe(`${inject('baseUrl')}/api/console/verify`);
    expect(response.status).toBe(201);
    expect(data?.sessionId).toMatch(/\S/);
  });
});
