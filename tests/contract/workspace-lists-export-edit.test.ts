// Issue 33, the console's export and edit of a workspace's lists (built server, real sessions):
// the export is a CSV download of every entry, past one page of the service's reads, an SSN only
// by its last four, another workspace's entries never in it; an edit changes the reason or the
// expiry, audited with what it replaced, a bad one is a 400 naming the field, another
// workspace's id a 404.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { LIST_EXPORT_COLUMNS, parseListCsv } from '@/lib/contract/console/workspace-list-csv';
import { type ConsoleClient, expectProblem, newUser, signedIn } from './console-session';
import { query, readResponse } from './support';

const ENTRIES = '/api/console/lists/entries';
const EXPORT = `${ENTRIES}/export`;

const patch = async (client: ConsoleClient, id: string, body: unknown) =>
  readResponse(
    await client.fetch(`${ENTRIES}/${id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

describe('the export of the workspace lists', () => {
  it('downloads every entry as CSV, SSNs masked, and nothing of another workspace', async () => {
    const analyst = await signedIn(await newUser('analyst'));
    const other = await signedIn(await newUser('admin'));
    // 1,200 addresses: more than one page of the export's reads (1,000).
    const addresses = Array.from({ length: 1200 }, (_, i) => `10.${(i >> 8) & 255}.${i & 255}.9`);
    for (let start = 0; start < addresses.length; start += 1000) {
      const added = await analyst.json(ENTRIES, {
        entries: addresses
          .slice(start, start + 1000)
          .map((value) => ({ list: 'block', kind: 'ip', value, reason: 'scraper' })),
      });
      expect(added.status).toBe(201);
    }
    const extra = await analyst.json(ENTRIES, {
      entries: [
        { list: 'allow', kind: 'ssn', value: '123-45-6789', reason: 'known customer' },
        {
          list: 'block',
          kind: 'name',
          value: 'Mallory Ames',
          reason: '=HYPERLINK("x")',
          expiresAt: '2099-01-01T00:00:00Z',
        },
      ],
    });
    expect(extra.status).toBe(201);
    await other.json(ENTRIES, {
      entries: [{ list: 'block', kind: 'ip', value: '192.0.2.200', reason: 'theirs' }],
    });

    const response = await analyst.fetch(EXPORT);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="workspace-lists-all-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(rows.meta.fields).toEqual([...LIST_EXPORT_COLUMNS]);
    expect(rows.data).toHaveLength(1202);
    expect(new Set(rows.data.filter((row) => row.kind === 'ip').map((row) => row.value))).toEqual(
      new Set(addresses),
    );
    expect(rows.data.some((row) => row.value === '192.0.2.200')).toBe(false);
    expect(rows.data.find((row) => row.kind === 'ssn')).toMatchObject({
      list: 'allow',
      value: '***-**-6789',
      reason: 'known customer',
      expires_at: '',
    });
    expect(text).not.toContain('123-45-6789');
    expect(text).not.toContain('123456789');
    // A spreadsheet would run it: quoted in the file, read back as typed by the import.
    expect(rows.data.find((row) => row.kind === 'name')?.reason).toBe(`'=HYPERLINK("x")`);
    const back = parseListCsv(text);
    expect(back.ok && back.valid.find((row) => row.entry.kind === 'name')?.entry).toEqual({
      list: 'block',
      kind: 'name',
      value: 'mallory ames',
      reason: '=HYPERLINK("x")',
      expiresAt: '2099-01-01T00:00:00.000Z',
    });

    const allowed = await analyst.fetch(`${EXPORT}?list=allow`);
    expect(allowed.headers.get('content-disposition')).toContain('workspace-lists-allow-');
    const allowRows = Papa.parse<Record<string, string>>(await allowed.text(), {
      header: true,
      skipEmptyLines: true,
    });
    expect(allowRows.data.map((row) => row.value)).toEqual(['***-**-6789']);
    expectProblem(await analyst.json(`${EXPORT}?kind=planet`), 400, 'INVALID_INPUT');
    expectProblem(await analyst.json(`${EXPORT}?since=yesterday`), 400, 'INVALID_INPUT');
  });

  it('is a header alone for an empty workspace', async () => {
    const admin = await signedIn(await newUser('admin'));
    const response = await admin.fetch(EXPORT);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(`${LIST_EXPORT_COLUMNS.join(',')}\r\n`);
  });
});

describe('an edit of a list entry', () => {
  it('changes the reason and the expiry, audited with what it replaced', async () => {
    const analyst = await signedIn(await newUser('analyst'));
    const added = await analyst.json(ENTRIES, {
      entries: [{ list: 'block', kind: 'email', value: 'mallory@example.com', reason: 'chargeback' }],
    });
    const [entry] = (added.body as { saved: { id: string; createdAt: string }[] }).saved;
    const id = entry?.id ?? '';
    const changed = await patch(analyst, id, {
      reason: '  two chargebacks ',
      expiresAt: '2099-06-30T23:59:59Z',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      id,
      list: 'block',
      kind: 'email',
      value: 'mallory@example.com',
      reason: 'two chargebacks',
      createdBy: expect.any(String),
      createdAt: entry?.createdAt,
      expiresAt: '2099-06-30T23:59:59.000Z',
      expired: false,
    });
    // Only the expiry: the reason stays; null is "until removed".
    const forever = await patch(analyst, id, { expiresAt: null });
    expect(forever.body).toMatchObject({ reason: 'two chargebacks', expiresAt: null });
    const listed = await analyst.json(`${ENTRIES}?value=MALLORY@example.com`);
    expect((listed.body as { entries: unknown[] }).entries).toEqual([forever.body]);

    const audit = await query<{ actor: string; metadata: Record<string, unknown> }>(
      "select actor, metadata from audit_log where target_id = $1 and action = 'list.update' order by created_at",
      [id],
    );
    expect(audit.map((row) => row.metadata)).toEqual([
      {
        list: 'block',
        kind: 'email',
        before: { reason: 'chargeback', expiresAt: null },
        after: { reason: 'two chargebacks', expiresAt: '2099-06-30T23:59:59.000Z' },
      },
      {
        list: 'block',
        kind: 'email',
        before: { reason: 'two chargebacks', expiresAt: '2099-06-30T23:59:59.000Z' },
        after: { reason: 'two chargebacks', expiresAt: null },
      },
    ]);
    expect(audit[0]?.actor).toBe((changed.body as { createdBy: string }).createdBy);
  });

  it('answers 400 naming the field, and 404 for another workspace or a missing id', async () => {
    const admin = await signedIn(await newUser('admin'));
    const other = await signedIn(await newUser('analyst'));
    const added = await admin.json(ENTRIES, {
      entries: [{ list: 'allow', kind: 'phone', value: '+14155552671', reason: 'customer' }],
    });
    const id = (added.body as { saved: { id: string }[] }).saved[0]?.id ?? '';
    const paths = (response: { body: unknown }) =>
      (response.body as { errors: { path: string }[] }).errors.map((error) => error.path);

    const blank = await patch(admin, id, { reason: '   ' });
    expectProblem(blank, 400, 'INVALID_INPUT');
    expect(paths(blank)).toEqual(['reason']);
    const past = await patch(admin, id, { expiresAt: '2001-01-01T00:00:00Z' });
    expectProblem(past, 400, 'INVALID_INPUT');
    expect(paths(past)).toEqual(['expiresAt']);
    const notDate = await patch(admin, id, { expiresAt: 'soon' });
    expectProblem(notDate, 400, 'INVALID_INPUT');
    expect(paths(notDate)).toEqual(['expiresAt']);
    const nothing = await patch(admin, id, {});
    expectProblem(nothing, 400, 'INVALID_INPUT');
    expect(paths(nothing)).toEqual(['reason']);
    // The value is what the entry is: another value is another entry.
    const value = await patch(admin, id, { value: '+14155550000' });
    expectProblem(value, 400, 'INVALID_INPUT');
    expectProblem(await patch(admin, id, [1]), 400, 'INVALID_INPUT');

    expectProblem(await patch(other, id, { reason: 'mine now' }), 404, 'NOT_FOUND');
    expectProblem(await patch(admin, 'wle_1111111111111111111111', { reason: 'x' }), 404, 'NOT_FOUND');
    expectProblem(await patch(admin, 'nope', { reason: 'x' }), 404, 'NOT_FOUND');
    const kept = await admin.json(`${ENTRIES}?value=%2B14155552671`);
    expect((kept.body as { entries: { reason: string }[] }).entries.map((e) => e.reason)).toEqual([
      'customer',
    ]);
    const audited = await query("select 1 from audit_log where target_id = $1 and action = 'list.update'", [
      id,
    ]);
    expect(audited).toHaveLength(0);
  });
});
