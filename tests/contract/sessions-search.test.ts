// Issue 31 item 4, search and pivot: GET /api/console/sessions?q= finds a workspace's sessions by
// session id, by the request id of any of its calls, and by an email, phone, IP address or SSN its
// applicants used (every session that shared it), never another workspace's.
import { describe, expect, it } from 'vitest';
import { expectProblem, newUser, signedIn } from './console-session';
import { uniqueEmail, uniquePhone, uniqueSsn } from './provenance-support';
import { newKey, verify } from './support';

async function workspace() {
  const user = await newUser('analyst');
  const client = await signedIn(user);
  const key = await newKey('verify', [], user.workspace);
  return { client, key: key.key };
}

const NAMES = [
  ['Ada', 'Quill'],
  ['Bruno', 'Reyes'],
  ['Chen', 'Wu'],
] as const;

describe('searching sessions', () => {
  it('finds by session id, request id, phone (the ring), email, IP and SSN', async () => {
    const { client, key } = await workspace();
    const phone = uniquePhone();
    const ssn = uniqueSsn();
    const ring: { id: string; requestId: string; email: string }[] = [];
    for (const [given, family] of NAMES) {
      const email = uniqueEmail(given.toLowerCase());
      const response = await verify(
        { emails: [email], phones: [phone], name: { given, family }, ipAddress: '203.0.113.77' },
        { key },
      );
      expect(response.status).toBe(201);
      ring.push({
        id: response.body.sessionId,
        requestId: response.headers.get('x-request-id') ?? '',
        email,
      });
    }
    const alone = await verify(
      { emails: [uniqueEmail('alone')], name: { given: 'Dee', family: 'Lone' }, ssns: [ssn] },
      { key },
    );
    expect(alone.status).toBe(201);
    const search = (q: string) => client.json(`/api/console/sessions?q=${encodeURIComponent(q)}`);
    const ids = (body: { sessions: { id: string }[] }) => body.sessions.map((s) => s.id).sort();

    const [first, second, third] = ring;
    if (!first || !second || !third) throw new Error('three ring members');
    const bySession = await search(second.id);
    expect(bySession.status).toBe(200);
    expect(bySession.body).toMatchObject({ query: second.id, matched: 'session' });
    expect(ids(bySession.body)).toEqual([second.id]);

    const byRequest = await search(` ${third.requestId} `);
    expect(byRequest.body.matched).toBe('request');
    expect(ids(byRequest.body)).toEqual([third.id]);
    // Listed as the Sessions list shows them: masked.
    expect(byRequest.body.sessions[0]).toMatchObject({ calls: 1, decision: null, inputs: { name: 'C. Wu' } });
    expect(byRequest.text).not.toContain(third.email);

    const byPhone = await search(phone);
    expect(byPhone.body.matched).toBe('phone');
    expect(ids(byPhone.body)).toEqual(ring.map((m) => m.id).sort());
    expect(ids((await search('203.0.113.77')).body)).toEqual(ring.map((m) => m.id).sort());
    const byEmail = await search(first.email.toUpperCase());
    expect(byEmail.body.matched).toBe('email');
    expect(ids(byEmail.body)).toEqual([first.id]);
    const bySsn = await search(ssn);
    expect(bySsn.body.matched).toBe('ssn');
    expect(ids(bySsn.body)).toEqual([alone.body.sessionId]);

    // By name (either order, any case), the ring's members each under their own.
    const byName = await search('ada QUILL');
    expect(byName.body.matched).toBe('name');
    expect(ids(byName.body)).toEqual([first.id]);
    expect(ids((await search('Quill Ada')).body)).toEqual([first.id]);
    // By an SSN's last four: the masked inputs show them, and only them.
    const bySsnTail = await search(ssn.slice(-4));
    expect(bySsnTail.body.matched).toBe('ssn-last-four');
    expect(ids(bySsnTail.body)).toContain(alone.body.sessionId);
    expect(bySsnTail.text).not.toContain(ssn);

    expect((await search('nobody.here@example.com')).body).toEqual({
      query: 'nobody.here@example.com',
      matched: null,
      sessions: [],
    });
    expectProblem(await search('x'.repeat(321)), 400, 'INVALID_INPUT');
    expectProblem(await search(`${first.requestId}\u0000`), 400, 'INVALID_INPUT');
    expectProblem(await search('a\u0007b'), 400, 'INVALID_INPUT');

    // Another workspace finds none of it.
    const other = await workspace();
    const elsewhere = await other.client.json(`/api/console/sessions?q=${encodeURIComponent(phone)}`);
    expect(elsewhere.body.sessions).toEqual([]);
    const elsewhereId = await other.client.json(`/api/console/sessions?q=${first.id}`);
    expect(elsewhereId.body.sessions).toEqual([]);
  });

  it('pivots from a masked identifier of the graph to the sessions that share it, with their count', async () => {
    const { client, key } = await workspace();
    const phone = uniquePhone();
    const ring: string[] = [];
    for (const [given, family] of NAMES) {
      const response = await verify(
        { emails: [uniqueEmail(given.toLowerCase())], phones: [phone], name: { given, family } },
        { key },
      );
      expect(response.status).toBe(201);
      ring.push(response.body.sessionId);
    }
    const [first] = ring;
    if (!first) throw new Error('a ring member');
    const graph = await client.json(`/api/console/graph?session=${first}`);
    expect(graph.status, graph.text).toBe(200);
    type Node = { id: string; kind: string; label: string; root: boolean; sessions: number | null };
    const nodes = graph.body.nodes as Node[];
    const phoneNode = nodes.find((node) => node.kind === 'phone' && node.root);
    const emailNode = nodes.find((node) => node.kind === 'email' && node.root);
    const nameNode = nodes.find((node) => node.kind === 'name' && node.root);
    if (!phoneNode || !emailNode) throw new Error(`the session's phone and email: ${graph.text}`);
    // The phone is masked in the graph, and three sessions used it; the email, one; a name, none indexed.
    expect(phoneNode.label).not.toContain(phone.replace(/\D/g, '').slice(-6));
    expect(phoneNode.sessions).toBe(3);
    expect(emailNode.sessions).toBe(1);
    if (nameNode) expect(nameNode.sessions).toBeNull();

    const pivot = await client.json(`/api/console/sessions?q=${phoneNode.id}`);
    expect(pivot.status).toBe(200);
    expect(pivot.body.matched).toBe('phone');
    expect(pivot.body.sessions.map((s: { id: string }) => s.id).sort()).toEqual([...ring].sort());
    expect(pivot.text).not.toContain(phone);

    // Another workspace pivoting on the same identifier id finds none of these sessions.
    const other = await workspace();
    const elsewhere = await other.client.json(`/api/console/sessions?q=${phoneNode.id}`);
    expect(elsewhere.body).toEqual({ query: phoneNode.id, matched: null, sessions: [] });
    const unknown = await client.json('/api/console/sessions?q=idn_1111111111111111111111');
    expect(unknown.body).toEqual({ query: 'idn_1111111111111111111111', matched: null, sessions: [] });
  });
});
