import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { batchReducer, countRows, initialBatchState } from '@/components/batch/batch-state';
import {
  BATCH_COLUMNS,
  columnFor,
  MAX_BATCH_ROWS,
  normalizeHeader,
  templateCsv,
} from '@/components/batch/columns';
import { parseBatchCsv } from '@/components/batch/parse-csv';
import { resultsCsv, resultsFileName } from '@/components/batch/results-csv';
import { rowLabel, rowRequest } from '@/components/batch/row-request';
import { estimateRemainingMs, formatDuration, runQueue } from '@/components/batch/run-queue';
import type { RowResult, RowState } from '@/components/batch/types';
import { validateRowBodies } from '@/components/batch/validate-rows';
import { problemText, summarizeVerify, verifyRow } from '@/components/batch/verify-row';

function parsed(text: string) {
  const outcome = parseBatchCsv(text);
  if (!outcome.ok) throw new Error(`expected a batch, got: ${outcome.message}`);
  return outcome.batch;
}

describe('batch columns', () => {
  it('reads headers without regard to case, spaces, dashes or a BOM, and knows the aliases', () => {
    expect(normalizeHeader('\uFEFF First Name ')).toBe('first_name');
    expect(columnFor('E-mail')).toBe('email');
    expect(columnFor('ZIP')).toBe('postal_code');
    expect(columnFor('Date of Birth')).toBe('birthday');
    expect(columnFor('customer_id')).toBeNull();
  });

  it('offers a template whose example row Verify accepts', () => {
    const batch = parsed(templateCsv());
    expect(batch.headers).toEqual(BATCH_COLUMNS.map((column) => column.name));
    expect(batch.ignored).toEqual([]);
    const [row] = batch.rows;
    expect(validateRowBodies([rowRequest(row ?? [], batch.mapping)])).toEqual([null]);
  });
});

describe('parseBatchCsv', () => {
  it('maps known columns, lists the ignored and repeated ones, skips blank lines', () => {
    const batch = parsed('id,Email,phone,email\n1,a@b.co,+14155552671,x@y.co\n\n , \n2,c@d.co,,\n');
    expect(batch.headers).toEqual(['id', 'Email', 'phone', 'email']);
    expect(batch.mapping).toEqual([null, 'email', 'phone', null]);
    expect(batch.ignored).toEqual(['id']);
    expect(batch.duplicates).toEqual(['email']);
    expect(batch.rows).toEqual([
      ['1', 'a@b.co', '+14155552671', 'x@y.co'],
      ['2', 'c@d.co', '', ''],
    ]);
    expect(batch.truncated).toBe(false);
  });

  it('detects semicolons and keeps quoted commas', () => {
    const batch = parsed('email;city\n"a@b.co";"Portland, OR"\n');
    expect(batch.rows).toEqual([['a@b.co', 'Portland, OR']]);
  });

  it(`keeps the first ${MAX_BATCH_ROWS} rows of a longer file and says so`, () => {
    const lines = ['email', ...Array.from({ length: MAX_BATCH_ROWS + 5 }, (_, i) => `p${i}@example.com`)];
    const batch = parsed(lines.join('\n'));
    expect(batch.rows).toHaveLength(MAX_BATCH_ROWS);
    expect(batch.rows.at(-1)).toEqual([`p${MAX_BATCH_ROWS - 1}@example.com`]);
    expect(batch.truncated).toBe(true);
  });

  it('refuses files it cannot use, with the reason', () => {
    expect(parseBatchCsv('')).toEqual({
      ok: false,
      message: 'The file is empty: it needs a header row and at least one row.',
    });
    expect(parseBatchCsv('note,amount\nhi,3\n')).toMatchObject({
      ok: false,
      message: expect.stringContaining('(found: note, amount)'),
    });
    expect(parseBatchCsv('email\n')).toEqual({
      ok: false,
      message: 'The file has a header row but no rows to verify.',
    });
  });
});

describe('rowRequest', () => {
  const batch = parsed(
    [
      'email,email2,phone,first_name,last_name,address_line1,city,region,postal_code,country,ip,birthday,ssn_last4,notes',
      'jane@gmail.com, jane@work.example ,+14155552671,Jane,Doe,350 Oak Street,San Francisco,CA,94102,US,73.223.14.201,1988-04-12,6789,vip',
      ',,,Ann,Lee,,Springfield,Illinois,,United States,,,,',
    ].join('\n'),
  );

  it('builds the Verify body from the mapped columns, trimmed', () => {
    expect(rowRequest(batch.rows[0] ?? [], batch.mapping)).toEqual({
      emails: ['jane@gmail.com', 'jane@work.example'],
      phones: ['+14155552671'],
      name: { given: 'Jane', family: 'Doe' },
      location: {
        addressLine1: '350 Oak Street',
        city: 'San Francisco',
        regionCode: 'CA',
        postalCode: '94102',
        countryCode: 'US',
      },
      ipAddress: '73.223.14.201',
      birthday: '1988-04-12',
      ssns: ['6789'],
    });
  });

  it('leaves blank cells out and sends long region and country names as names', () => {
    expect(rowRequest(batch.rows[1] ?? [], batch.mapping)).toEqual({
      name: { given: 'Ann', family: 'Lee' },
      location: { city: 'Springfield', region: 'Illinois', country: 'United States' },
    });
  });

  it('labels a row by email, phone, name or IP, never by SSN', () => {
    expect(rowLabel(batch.rows[0] ?? [], batch.mapping)).toBe('jane@gmail.com');
    expect(rowLabel(batch.rows[1] ?? [], batch.mapping)).toBe('Ann Lee');
    expect(rowLabel(['', '', '', '', '', '', '', '', '', '', '', '', '6789', ''], batch.mapping)).toBe('—');
  });
});

describe('validateRowBodies', () => {
  it("reports each row's errors with the parser's own paths and messages", () => {
    const [good, bad, empty] = validateRowBodies([
      { emails: ['a@b.co'] },
      { emails: ['a@b.co'], ipAddress: '999.1.1.1', birthday: '1990-02-30' },
      {},
    ]);
    expect(good).toBeNull();
    expect(bad?.map((issue) => issue.path).sort()).toEqual(['birthday', 'ipAddress']);
    expect(bad?.find((issue) => issue.path === 'birthday')?.message).toBe('birthday: is not a calendar date');
    expect(empty?.[0]?.message).toMatch(/^the request needs at least one identifier/);
  });
});

describe('verifyRow', () => {
  // The client builds absolute URLs outside a browser.
  const ORIGIN = 'http://console.test';
  const answer = {
    risk: 0.84,
    sessionId: 'ses_7Qm2Vt9KxR4pZcW8nLbH3d',
    checks: [
      { id: 'EMAIL_DISPOSABLE', name: 'Disposable email', state: 'TRUE', risk: 'HIGH' },
      { id: 'PHONE_TYPE', name: 'Phone type', state: 'VOIP', risk: 'HIGH' },
      { id: 'IP_TYPE', name: 'IP type', state: 'VPN', risk: 'MED' },
      { id: 'EMAIL_NEVER_SEEN', name: 'Email never seen', state: 'TRUE', risk: 'LOW' },
    ],
  };
  const respond =
    (status: number, body: unknown, type = 'application/json'): typeof fetch =>
    async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': type },
      });

  it('keeps risk, band, session and the HIGH and MED checks of an answer', async () => {
    const outcome = await verifyRow({}, new AbortController().signal, respond(201, answer), ORIGIN);
    expect(outcome).toEqual({
      kind: 'done',
      result: {
        risk: 0.84,
        band: 'high',
        sessionId: 'ses_7Qm2Vt9KxR4pZcW8nLbH3d',
        high: [
          { id: 'EMAIL_DISPOSABLE', name: 'Disposable email', state: 'TRUE' },
          { id: 'PHONE_TYPE', name: 'Phone type', state: 'VOIP' },
        ],
        med: [{ id: 'IP_TYPE', name: 'IP type', state: 'VPN' }],
      },
    });
    expect(summarizeVerify({ risk: 'high' })).toBeNull();
  });

  it("sends the row to Verify's console twin with the session cookie and no key", async () => {
    let seen: Request | undefined;
    const capture: typeof fetch = async (input) => {
      if (input instanceof Request) seen = input;
      return Response.json(answer, { status: 201 });
    };
    const body = { emails: ['row@example.com'] };
    expect(await verifyRow(body, new AbortController().signal, capture, ORIGIN)).toMatchObject({
      kind: 'done',
    });
    expect(seen?.url).toBe(`${ORIGIN}/api/console/verify`);
    expect(seen?.method).toBe('POST');
    expect(seen?.credentials).toBe('same-origin');
    expect(seen?.headers.get('authorization')).toBeNull();
    expect(seen?.headers.get('content-type')).toBe('application/json');
    expect(await seen?.json()).toEqual(body);
  });

  it('says why a row failed, and which failures stop the whole batch', async () => {
    const problem = {
      code: 'INVALID_INPUT',
      detail: '2 input rules were violated; see errors[].',
      requestId: 'req_1',
      errors: [
        { path: 'ipAddress', message: 'ipAddress: must be an IPv4 or IPv6 address' },
        { path: 'birthday', message: 'birthday: is not a calendar date' },
      ],
    };
    const signal = new AbortController().signal;
    expect(await verifyRow({}, signal, respond(400, problem, 'application/problem+json'), ORIGIN)).toEqual({
      kind: 'failed',
      message:
        '2 input rules were violated; see errors[].; ipAddress: must be an IPv4 or IPv6 address; birthday: is not a calendar date (request req_1)',
      fatal: false,
    });
    const quota = { code: 'QUOTA_EXCEEDED', detail: 'The trial quota of 100 Verify calls is used up.' };
    expect(await verifyRow({}, signal, respond(429, quota), ORIGIN)).toEqual({
      kind: 'failed',
      message: 'The trial quota of 100 Verify calls is used up.',
      fatal: true,
    });
    expect(await verifyRow({}, signal, respond(401, { code: 'UNAUTHORIZED' }), ORIGIN)).toMatchObject({
      kind: 'failed',
      fatal: true,
    });
    expect(await verifyRow({}, signal, respond(502, '<h1>Bad gateway</h1>', 'text/html'), ORIGIN)).toEqual({
      kind: 'failed',
      message: 'The server answered 502 without a problem description.',
      fatal: false,
    });
    const offline: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await verifyRow({}, signal, offline, ORIGIN)).toEqual({
      kind: 'failed',
      message: 'Network error: the server could not be reached (Failed to fetch).',
      fatal: false,
    });
    expect(problemText(503, { detail: 'Database unavailable.' })).toBe('Database unavailable.');
  });

  it('reports a cancelled request as cancelled, not failed', async () => {
    const controller = new AbortController();
    // Like fetch: the client hands it a Request, whose signal may be aborted before it is called.
    const hanging: typeof fetch = (input) =>
      new Promise((_resolve, reject) => {
        const signal = input instanceof Request ? input.signal : undefined;
        const abort = () => reject(new DOMException('aborted', 'AbortError'));
        if (signal?.aborted) abort();
        signal?.addEventListener('abort', abort);
      });
    const pending = verifyRow({}, controller.signal, hanging, ORIGIN);
    controller.abort();
    expect(await pending).toEqual({ kind: 'cancelled' });
  });
});

describe('runQueue', () => {
  it('runs every item once, never more than `concurrency` at a time', async () => {
    let inFlight = 0;
    let peak = 0;
    const seen: number[] = [];
    await runQueue([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 4, new AbortController().signal, async (item) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      seen.push(item);
      inFlight -= 1;
    });
    expect(peak).toBe(4);
    expect(seen.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('starts nothing new once aborted', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    await runQueue([0, 1, 2, 3, 4, 5], 2, controller.signal, async (item) => {
      started.push(item);
      if (item === 1) controller.abort();
    });
    expect(started).toEqual([0, 1]);
  });

  it('estimates the time left from the pace so far', () => {
    expect(estimateRemainingMs(4_000, 8, 12)).toBe(6_000);
    expect(estimateRemainingMs(1_000, 0, 12)).toBeNull();
    expect(estimateRemainingMs(1_000, 3, 0)).toBe(0);
    expect(formatDuration(6_000)).toBe('6 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(120_000)).toBe('2 min');
  });
});

describe('batch state', () => {
  const batch = parsed('email\na@b.co\nbad\nc@d.co\n');
  const result: RowResult = { risk: 0.25, band: 'low', sessionId: 'ses_x', high: [], med: [] };

  it('follows rows from checking to done, failed and back to queued on cancel', () => {
    let state = batchReducer(initialBatchState, { type: 'loaded', fileName: 'a.csv', batch });
    expect(state.validation).toBe('checking');
    state = batchReducer(state, {
      type: 'validated',
      offset: 0,
      issues: [null, [{ path: '', message: 'no identifier' }], null],
    });
    expect(state.validation).toBe('done');
    expect(countRows(state.rows)).toMatchObject({ total: 3, invalid: 1, runnable: 2, queued: 2 });

    state = batchReducer(state, { type: 'runStarted', now: 0 });
    state = batchReducer(state, { type: 'rowStarted', index: 0 });
    state = batchReducer(state, { type: 'rowStarted', index: 2 });
    state = batchReducer(state, { type: 'rowDone', index: 0, result });
    state = batchReducer(state, { type: 'cancelRequested' });
    expect(state.phase).toBe('cancelling');
    state = batchReducer(state, { type: 'runEnded', stopReason: null });
    expect(state.phase).toBe('stopped');
    expect(state.rows[2]).toEqual({ status: 'queued' });
    expect(state.finishedInRun).toBe(1);

    state = batchReducer(state, { type: 'runStarted', now: 0 });
    state = batchReducer(state, { type: 'rowStarted', index: 2 });
    state = batchReducer(state, { type: 'rowFailed', index: 2, message: 'Network error' });
    state = batchReducer(state, { type: 'runEnded', stopReason: null });
    expect(state.phase).toBe('finished');
    expect(countRows(state.rows)).toMatchObject({ done: 1, failed: 1, queued: 0 });
    state = batchReducer(state, { type: 'retryFailed' });
    expect(state.rows[2]).toEqual({ status: 'queued' });
  });

  it('lets Verify judge the rows when the advance check fails', () => {
    let state = batchReducer(initialBatchState, { type: 'loaded', fileName: 'a.csv', batch });
    state = batchReducer(state, { type: 'validationFailed', message: 'offline' });
    expect(state.validation).toBe('failed');
    expect(countRows(state.rows)).toMatchObject({ queued: 3, invalid: 0 });
  });
});

describe('resultsCsv', () => {
  const batch = parsed(
    'id,email,phone,note,risk\n1,a@b.co,+14155552671,=HYPERLINK("x"),r1\n2,bad\n3,c@d.co,,,\n',
  );
  const states: RowState[] = [
    {
      status: 'done',
      result: {
        risk: 0.84,
        band: 'high',
        sessionId: 'ses_a',
        high: [
          { id: 'EMAIL_DISPOSABLE', name: 'Disposable email', state: 'TRUE' },
          { id: 'PHONE_TYPE', name: 'Phone type', state: 'VOIP' },
        ],
        med: [{ id: 'IP_TYPE', name: 'IP type', state: 'VPN' }],
      },
    },
    { status: 'invalid', issues: [{ path: 'emails.0', message: 'emails.0: not an email' }] },
    { status: 'queued' },
  ];
  const csv = resultsCsv(batch.headers, batch.rows, states);
  const table = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;

  it('has the input columns, then the outcome columns (renamed when the input has them)', () => {
    expect(table[0]).toEqual([
      'id',
      'email',
      'phone',
      'note',
      'risk',
      'verity_risk',
      'band',
      'sessionId',
      'high_checks',
      'med_checks',
      'error',
    ]);
    expect(table).toHaveLength(4);
  });

  it('writes each row as it was, with its outcome; short rows are padded', () => {
    expect(table[1]).toEqual([
      '1',
      'a@b.co',
      '+14155552671',
      `'=HYPERLINK("x")`,
      'r1',
      '0.8400',
      'high',
      'ses_a',
      'EMAIL_DISPOSABLE PHONE_TYPE',
      'IP_TYPE',
      '',
    ]);
    expect(table[2]).toEqual(['2', 'bad', '', '', '', '', '', '', '', '', 'emails.0: not an email']);
    expect(table[3]?.at(-1)).toBe('not verified: the batch was cancelled or stopped before this row');
  });

  it('names the file after the input', () => {
    expect(resultsFileName('applicants.csv')).toBe('applicants-results.csv');
    expect(resultsFileName('list')).toBe('list-results.csv');
  });
});
