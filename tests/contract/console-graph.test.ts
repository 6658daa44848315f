// Issue 15 item 3, the identity graph view (GET /api/console/graph): workspace isolation, masking,
// graph sharing (a non-sharing workspace's contributions never appear) and the hop limit.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type ConsoleClient, expectProblem, newUser, signedIn } from './console-session';
import { feed, share, uniqueEmail, uniquePhone, uniqueSsn } from './provenance-support';
import { newKey, query, verify } from './support';

interface Node {
  id: string;
  kind: string;
  label: string;
  root: boolean;
  hub: boolean;
  lastSeen: string;
  token: string;
}
interface Edge {
  a: string;
  b: string;
  confidence: number;
  lastSeen: string;
}
interface Graph {
  sessionId: string;
  nodes: Node[];
  edges: Edge[];
  expanded: { id: string; more: number }[];
}

/** An analyst and a key in a new workspace that shares (new workspaces do not; one test hides). */
async function workspace() {
  const user = await newUser('analyst');
  const client = await signedIn(user);
  const key = await newKey('verify,signals,ingest', ['--share', 'on'], user.workspace);
  return { client, key };
}

async function session(key: string, body: unknown): Promise<string> {
  const response = await verify(body, { key });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.sessionId as string;
}

const graphOf = (client: ConsoleClient, sessionId: string, node?: Node) => {
  const params = new URLSearchParams({ session: sessionId });
  if (node) {
    params.set('expand', node.id);
    params.set('token', node.token);
  }
  return client.json(`/api/console/graph?${params}`);
};

async function okGraph(client: ConsoleClient, sessionId: string, node?: Node): Promise<Graph> {
  const response = await graphOf(client, sessionId, node);
  expect(response.status, response.text).toBe(200);
  return response.body as Graph;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const byKind = (graph: Graph, kind: string) => graph.nodes.filter((node) => node.kind === kind);
/** The console's phone mask, written out: `+1`, a star per hidden digit, the last four. */
const maskedPhone = (e164: string) => `${e164.slice(0, 2)}${'*'.repeat(e164.length - 6)}${e164.slice(-4)}`;

async function identifierId(kind: string, value: string): Promise<string> {
  const rows = await query<{ id: string }>('select id from identifiers where kind = $1 and value = $2', [
    kind,
    value,
  ]);
  const id = rows[0]?.id;
  if (!id) throw new Error(`no ${kind} identifier`);
  return id;
}

describe('identity graph view', () => {
  it('shows the session identifiers masked and expands one hop; another workspace email only as a digest prefix', async () => {
    const own = await workspace();
    const other = await workspace();
    const [email, phone, ssn] = [uniqueEmail('graph.own'), uniquePhone(), uniqueSsn()];
    const otherEmail = uniqueEmail('graph.other');
    const id = await session(own.key.key, { emails: [email], phones: [phone], ssns: [ssn] });
    // Another (sharing) workspace links its own email to the same phone.
    await session(other.key.key, { emails: [otherEmail], phones: [phone] });

    const graph = await okGraph(own.client, id);
    expect(graph.sessionId).toBe(id);
    const roots = graph.nodes.filter((node) => node.root);
    expect(roots.map((node) => node.kind).sort()).toEqual(['email', 'phone', 'ssn']);
    expect(byKind(graph, 'email').find((node) => node.root)?.label).toBe(`${email[0]}***@example.com`);
    expect(byKind(graph, 'phone')[0]?.label).toBe(maskedPhone(phone));
    expect(byKind(graph, 'ssn')[0]?.label).toBe(`***-**-${ssn.slice(-4)}`);
    // The three came in one call: each pair is linked, by one source, seen just now.
    const rootIds = new Set(roots.map((node) => node.id));
    const rootEdges = graph.edges.filter((edge) => rootIds.has(edge.a) && rootIds.has(edge.b));
    expect(rootEdges).toHaveLength(3);
    for (const edge of rootEdges) {
      expect(edge.confidence).toBeGreaterThan(0.45);
      expect(edge.confidence).toBeLessThanOrEqual(0.5);
      expect(Date.now() - Date.parse(edge.lastSeen)).toBeLessThan(10 * 60_000);
    }

    const phoneNode = roots.find((node) => node.kind === 'phone');
    if (!phoneNode) throw new Error('no phone node');
    const expanded = await okGraph(own.client, id, phoneNode);
    expect(expanded.expanded).toEqual([{ id: phoneNode.id, more: 0 }]);
    const otherId = await identifierId('email', sha256(otherEmail));
    const otherNode = expanded.nodes.find((node) => node.id === otherId);
    expect(otherNode?.label).toBe(`sha256:${sha256(otherEmail).slice(0, 8)}…`);
    expect(expanded.edges).toContainEqual(expect.objectContaining({ confidence: expect.any(Number) }));

    // Nothing in either answer gives away a full SSN, a full phone or the other workspace's address.
    for (const text of [JSON.stringify(graph), JSON.stringify(expanded)]) {
      expect(text).not.toContain(ssn.replace(/-/g, ''));
      expect(text).not.toContain(ssn);
      expect(text).not.toContain(phone.slice(2));
      expect(text).not.toContain(otherEmail);
      expect(text).not.toContain(otherEmail.split('@')[0]);
      expect(text).not.toContain(email);
    }
  });

  it("answers another workspace's session, a forged token and another session's node as missing", async () => {
    const own = await workspace();
    const stranger = await workspace();
    const phone = uniquePhone();
    const id = await session(own.key.key, { emails: [uniqueEmail('graph.iso')], phones: [phone] });
    const otherId = await session(own.key.key, { emails: [uniqueEmail('graph.iso2')] });
    const graph = await okGraph(own.client, id);
    const node = graph.nodes[0];
    if (!node) throw new Error('no node');

    expectProblem(await graphOf(stranger.client, id), 404, 'NOT_FOUND');
    // The token this workspace was given does not open the node to another workspace.
    expectProblem(await graphOf(stranger.client, id, node), 404, 'NOT_FOUND');
    // Nor to another of its own sessions, nor forged.
    expectProblem(await graphOf(own.client, otherId, node), 404, 'NOT_FOUND');
    expectProblem(await graphOf(own.client, id, { ...node, token: '0'.repeat(32) }), 404, 'NOT_FOUND');
    // An unknown session, a malformed one, an expand without its token.
    expectProblem(await graphOf(own.client, 'ses_1111111111111111111111'), 404, 'NOT_FOUND');
    expectProblem(await own.client.json('/api/console/graph?session=nope'), 400, 'INVALID_INPUT');
    expectProblem(
      await own.client.json(`/api/console/graph?session=${id}&expand=${node.id}`),
      400,
      'INVALID_INPUT',
    );
  });

  it("never shows a non-sharing workspace's contributions", async () => {
    const own = await workspace();
    const hider = await workspace();
    await share(hider.key, false);
    const phone = uniquePhone();
    const hiddenEmail = uniqueEmail('graph.hidden');
    const id = await session(own.key.key, { emails: [uniqueEmail('graph.sees')], phones: [phone] });
    const hiddenSession = await session(hider.key.key, { emails: [hiddenEmail], phones: [phone] });
    const hiddenId = await identifierId('email', sha256(hiddenEmail));

    const graph = await okGraph(own.client, id);
    const phoneNode = byKind(graph, 'phone')[0];
    if (!phoneNode) throw new Error('no phone node');
    const expanded = await okGraph(own.client, id, phoneNode);
    for (const answer of [graph, expanded]) {
      expect(answer.nodes.map((node) => node.id)).not.toContain(hiddenId);
      expect(answer.edges.flatMap((edge) => [edge.a, edge.b])).not.toContain(hiddenId);
    }
    expect(expanded.expanded).toEqual([{ id: phoneNode.id, more: 0 }]);
    // The hider sees its own contribution (the link is there, only not shared).
    const own2 = await okGraph(hider.client, hiddenSession);
    expect(own2.nodes.map((node) => node.id)).toContain(hiddenId);
  });

  it('adds at most 50 neighbours per expansion, counts the rest, and marks a hub', async () => {
    const own = await workspace();
    const phone = uniquePhone();
    const emails = Array.from({ length: 60 }, (_, i) => uniqueEmail(`graph.hub${i}`));
    const fed = await feed(
      '/api/events',
      own.key.key,
      emails.map((email) => ({
        type: 'signup',
        observedAt: new Date().toISOString(),
        source: 'shop',
        emails: [email],
        phones: [phone],
      })),
    );
    expect(fed.rejected).toEqual([]);
    const id = await session(own.key.key, { phones: [phone] });
    const graph = await okGraph(own.client, id);
    const phoneNode = graph.nodes.find((node) => node.root);
    expect(phoneNode).toMatchObject({ kind: 'phone', hub: true });
    expect(byKind(graph, 'email')).toHaveLength(50);
    expect(graph.nodes).toHaveLength(51);
    expect(graph.expanded).toEqual([{ id: phoneNode?.id, more: 10 }]);
  });
});
