// Issue 34 item 2, continuous monitoring, on the built server: a person verified while the UK
// list (OFSI ConList.csv, its real format) does not name them; `npm run lists import` of a new
// version of that list that adds them puts their session back in the review queue with the entry
// that matched and pushes exactly one signed `monitoring.hit` to a receiver on loopback; importing
// the same version again queues, screens and sends nothing. A run left half-way by a stopped
// process is resumed from its cursor: the sessions before it are not screened again.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { type ConsoleClient, expectProblem, newUser, signedIn } from './console-session';
import { call, cli, newKey, query, readResponse, unique, verify } from './support';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A family name no list and no other test holds: letters only, as names are matched by words. */
const letters = () =>
  Array.from({ length: 9 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const familyName = () => `Qx${letters()}`;

/** One individual's row of an OFSI ConList.csv (36 columns, as the fixture's header). */
function conListRow(person: { family: string; given: string; dob: string; groupId: number }): string {
  const cells = new Array<string>(36).fill('');
  cells[0] = person.family.toUpperCase();
  cells[1] = person.given;
  cells[10] = person.dob;
  cells[13] = 'United Kingdom';
  cells[26] = 'United Kingdom';
  cells[27] = '(UK Sanctions List Ref):TST9100. A fictional person added by the monitoring test.';
  cells[28] = 'Individual';
  cells[29] = 'Primary name';
  cells[31] = 'Russia';
  cells[32] = '01/11/2026';
  cells[33] = '01/11/2026';
  cells[34] = '01/11/2026';
  cells[35] = String(person.groupId);
  return cells.join(',');
}

let receiver: WebhookReceiver;
let dir: string;
/** The list's source name (its folder and file): this test's own, so other files' lists are untouched. */
let source: string;
let fixture: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const folder = unique('monitoring-uk').replace(/[^a-z0-9-]/gi, '-');
  dir = path.join(os.tmpdir(), folder);
  source = `${folder}/ConList.csv`;
  await mkdir(dir, { recursive: true });
  fixture = await readFile('tests/fixtures/sanctions/uk/ConList.csv', 'utf8');
});

afterAll(async () => {
  receiver.close();
  await rm(dir, { recursive: true, force: true });
  // Leave the shared server without this list (its index notices within its check interval).
  await query('DELETE FROM sanction_lists WHERE id = $1', [source]);
  await sleep(2_500);
});

async function importVersion(rows: string[]) {
  await writeFile(path.join(dir, 'ConList.csv'), `${[fixture.trimEnd(), ...rows].join('\n')}\n`);
  const result = await cli('scripts/lists.ts', ['import', dir]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as {
    imported: { name: string; entries: number; monitoringRuns?: number }[];
  };
}

async function watchingWorkspace() {
  const key = await newKey('verify');
  const admin = await signedIn(await newUser('admin', key.workspace));
  const created = await admin.json('/api/console/webhooks', {
    url: receiver.url,
    eventTypes: ['monitoring.hit'],
    description: 'monitoring',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { key, admin, secret: created.body.secret as string };
}

const putWindow = async (admin: ConsoleClient, body: unknown) =>
  readResponse(
    await admin.fetch('/api/console/monitoring', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

describe('continuous sanctions monitoring', () => {
  it('has a window setting in days, validated by field and audited', async () => {
    const { admin } = await watchingWorkspace();
    const initial = await admin.json('/api/console/monitoring');
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({ windowDays: 90, runs: [] });
    for (const bad of [
      { windowDays: -1 },
      { windowDays: 1.5 },
      { windowDays: '30' },
      { windowDays: 3651 },
      {},
    ]) {
      const refused = await putWindow(admin, bad);
      expectProblem(refused, 400, 'INVALID_INPUT');
      expect(refused.body.errors.map((e: { path: string }) => e.path)).toEqual(['windowDays']);
    }
    const saved = await putWindow(admin, { windowDays: 30 });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ windowDays: 30, previousWindowDays: 90, changed: true });
    expect((await admin.json('/api/console/monitoring')).body.windowDays).toBe(30);
    const audit = await admin.json('/api/console/audit?action=workspace.monitoring_window');
    expect(JSON.stringify(audit.body)).toContain('"from":90');
    const analyst = await signedIn(await newUser('analyst'));
    expect((await analyst.json('/api/console/monitoring')).status).toBe(403);
  });

  it('a list version that adds a verified person: one queue item, one monitoring.hit; none on a re-import', async () => {
    // The list as it was when the person was verified: it does not name them.
    const first = await importVersion([]);
    expect(first.imported.find((l) => l.name === source)?.monitoringRuns).toBeUndefined();

    const { key, admin, secret } = await watchingWorkspace();
    const person = { given: 'Ada', family: familyName() };
    const answer = await verify(
      {
        emails: [`${unique('monitored')}@example.com`],
        name: person,
        birthday: '1969-05-02',
        location: { city: 'Leeds', countryCode: 'GB' },
      },
      { key: key.key },
    );
    expect(answer.status).toBe(201);
    const sessionId = answer.body.sessionId as string;
    // Settled by an analyst before the update: out of the queue whatever its risk.
    const decided = await admin.json(`/api/console/sessions/${sessionId}/decisions`, {
      decision: 'approve',
      reason: 'Verified identity',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(201);
    expect((await admin.json('/api/console/review-queue')).body.sessions).toEqual([]);
    const publicSession = async () =>
      (await call(`/api/sessions/${sessionId}`, { method: 'GET', key: key.key })).body as {
        decision: { decision: string } | null;
      };
    expect((await publicSession()).decision).toMatchObject({ decision: 'approve' });
    const before = receiver.received.length;

    // The next version names the person.
    const groupId = 91000 + Math.floor(Math.random() * 8000);
    const added = conListRow({ family: person.family, given: person.given, dob: '02/05/1969', groupId });
    const second = await importVersion([added]);
    expect(second.imported.find((l) => l.name === source)?.monitoringRuns).toBeGreaterThanOrEqual(1);

    const [delivery] = (await receiver.waitFor(before + 1, 30_000)).slice(before);
    if (!delivery) throw new Error('no delivery');
    const event = new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(event.type).toBe('monitoring.hit');
    expect(event.data).toMatchObject({
      sessionId,
      list: 'UK',
      entry: { id: String(groupId), source },
      locationAgrees: true,
    });
    expect(event.data.score).toBeGreaterThanOrEqual(0.88);
    // Names no person: not the applicant's name, nor the listed one.
    expect(delivery.body.toLowerCase()).not.toContain(person.family.toLowerCase());

    const queue = await admin.json('/api/console/review-queue');
    expect(queue.body.sessions.map((s: { id: string }) => s.id)).toEqual([sessionId]);
    expect(queue.body.sessions[0].monitoring).toMatchObject({ list: 'UK', source, entryId: String(groupId) });
    expect(queue.body.sessions[0].monitoring.entryName.toLowerCase()).toBe(
      `${person.given} ${person.family}`.toLowerCase(),
    );
    const detail = await admin.json(`/api/console/sessions/${sessionId}`);
    expect(detail.body.monitoringHits).toHaveLength(1);
    // The calling system reads the session as the queue does: the approval no longer settles it.
    expect((await publicSession()).decision).toBeNull();
    expect(detail.body.monitoringHits[0].evidence).toMatch(/agrees/);
    const state = await until('the run to finish', async () => {
      const body = (await admin.json('/api/console/monitoring')).body;
      return body.runs[0]?.status === 'done' ? body : undefined;
    });
    expect(state.runs).toEqual([
      expect.objectContaining({ list: 'UK', source, entries: 1, status: 'done', done: 1, total: 1, hits: 1 }),
    ]);

    // The same version again: no run, no hit, no delivery.
    const again = await importVersion([added]);
    expect(again.imported.find((l) => l.name === source)?.monitoringRuns).toBeUndefined();
    await sleep(6_000);
    expect(receiver.received.length).toBe(before + 1);
    expect((await admin.json('/api/console/monitoring')).body.runs).toHaveLength(1);
    expect((await admin.json('/api/console/review-queue')).body.sessions).toHaveLength(1);
    const hits = await query<{ count: number }>(
      'select count(*)::int as count from monitoring_hits where session_id = $1',
      [sessionId],
    );
    expect(hits[0]?.count).toBe(1);
  });

  it('resumes a run from its cursor after the process working it stopped', async () => {
    const { key, admin } = await watchingWorkspace();
    // A window of 0 days: the imports below queue no run for this workspace; the test queues its own.
    expect((await putWindow(admin, { windowDays: 0 })).status).toBe(200);
    const people = [0, 1, 2].map(() => ({ given: 'Ada', family: familyName() }));
    const ids: string[] = [];
    for (const name of people) {
      const answer = await verify({ emails: [`${unique('resumed')}@example.com`], name }, { key: key.key });
      expect(answer.status).toBe(201);
      ids.push(answer.body.sessionId as string);
    }
    ids.sort();
    const workspaceId = (
      await query<{ id: string }>('select workspace_id as id from sessions where id = $1', [ids[0]])
    )[0]?.id;
    const version = unique('v');
    const entries = people.map((name, index) => ({
      id: `R${index}`,
      kind: 'individual',
      name: `${name.given} ${name.family}`,
      aliases: [],
      countries: [],
      cities: [],
      birthDates: [],
      programs: [],
    }));
    // The state a process leaves when it stops after its first batch: the first session (by id)
    // screened, the cursor on it, the lease lapsed.
    await query(
      `with change as (
         insert into sanction_list_changes (source, version, list, added, imported_at)
         values ($1, $2, 'UK', $3::jsonb, now()) returning 1)
       insert into monitoring_runs (id, workspace_id, source, version, list, entries, status, since, until,
                                    total, done, cursor, lease_until)
       select $4, $5, $1, $2, 'UK', 3, 'running', now() - interval '1 day', now(), 3, 1, $6,
              now() - interval '1 second' from change`,
      [
        source,
        version,
        JSON.stringify(entries),
        `mon_${unique('resume').replace(/[^A-Za-z0-9]/g, '')}`,
        workspaceId,
        ids[0],
      ],
    );
    const done = await until('the resumed run to finish', async () => {
      const body = (await admin.json('/api/console/monitoring')).body;
      return body.runs[0]?.status === 'done' ? body.runs[0] : undefined;
    });
    expect(done).toMatchObject({ done: 3, total: 3, hits: 2 });
    const hit = await query<{ session_id: string }>(
      'select session_id from monitoring_hits where workspace_id = $1 order by session_id',
      [workspaceId],
    );
    expect(hit.map((row) => row.session_id)).toEqual(ids.slice(1));
    const queue = await admin.json('/api/console/review-queue');
    expect(queue.body.sessions.map((s: { id: string }) => s.id).sort()).toEqual(
      expect.arrayContaining(ids.slice(1)),
    );
    const first = queue.body.sessions.find((s: { id: string }) => s.id === ids[0]);
    expect(first?.monitoring ?? null).toBeNull();
  });
});
