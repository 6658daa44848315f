// Issue 33, a workspace's lists as CSV: the console's import reads a file into entries checked
// with the one entry schema, each valid row and each rejection with its line in the file (blank
// lines counted, the header is line 1), and the export writes what the import reads back.
import { describe, expect, it } from 'vitest';
import {
  LIST_EXPORT_COLUMNS,
  listCsvHeader,
  listCsvRows,
  MAX_IMPORT_ROWS,
  parseListCsv,
} from '@/lib/contract/console/workspace-list-csv';

const parsed = (text: string) => {
  const outcome = parseListCsv(text);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome;
};

describe('a list CSV import', () => {
  it('keeps the valid rows with their lines and reports the others by line and column', () => {
    const outcome = parsed(
      [
        '\uFEFFKind,List,Value,Reason,Expires_At,Note',
        'email_domain,BLOCK,maildrop.cc,disposable,,x',
        '',
        'phone,grey,+14155552671,ring,,',
        'ip,allow,198.51.100.7,,2099-12-31,',
        'email,allow,vip@example.com,VIP,2099-12-31,',
        'cidr,block,203.0.113.0/24,hosting range,tomorrow,',
        'name,block,"Ames, Mallory",fraud ring,2099-01-01T00:00:00Z,',
        '',
      ].join('\r\n'),
    );
    expect(outcome.ignored).toEqual(['Note']);
    expect(outcome.valid).toEqual([
      {
        line: 2,
        entry: {
          list: 'block',
          kind: 'email_domain',
          value: 'maildrop.cc',
          reason: 'disposable',
          expiresAt: null,
        },
      },
      {
        line: 6,
        entry: {
          list: 'allow',
          kind: 'email',
          value: 'vip@example.com',
          reason: 'VIP',
          // A day alone ends that day, as the console's form reads it.
          expiresAt: '2099-12-31T23:59:59Z',
        },
      },
      {
        line: 8,
        entry: {
          list: 'block',
          kind: 'name',
          value: 'Ames, Mallory',
          reason: 'fraud ring',
          expiresAt: '2099-01-01T00:00:00Z',
        },
      },
    ]);
    expect(outcome.rejected).toEqual([
      { line: 4, field: 'list', message: 'must be block or allow' },
      { line: 5, field: 'reason', message: 'say why: a reason is required' },
      {
        line: 7,
        field: 'expires_at',
        message: 'must be a date and time such as 2026-12-31T23:59:00Z',
      },
    ]);
  });

  it('refuses a file without the columns it needs, an empty one, and broken quoting', () => {
    expect(parseListCsv('')).toEqual({ ok: false, message: expect.stringContaining('empty') });
    expect(parseListCsv('list,kind,value\nblock,ip,10.0.0.1\n')).toEqual({
      ok: false,
      message: expect.stringContaining('missing: reason'),
    });
    expect(parseListCsv('list,kind,value,reason\n')).toEqual({
      ok: false,
      message: 'The file has a header row but no entries.',
    });
    expect(parseListCsv('list,kind,value,reason\nblock,name,"Ames,fraud\n')).toMatchObject({ ok: false });
  });

  it(`reads at most ${MAX_IMPORT_ROWS} rows and says so past them`, () => {
    const rows = Array.from(
      { length: MAX_IMPORT_ROWS + 1 },
      (_, i) => `block,ip,10.0.${(i >> 8) & 255}.${i & 255},r`,
    );
    const outcome = parseListCsv(['list,kind,value,reason', ...rows].join('\n'));
    expect(outcome).toEqual({ ok: false, message: expect.stringContaining('more than 100,000 entries') });
  });

  it('reads back what an export writes, formulas quoted and unquoted', () => {
    const text =
      listCsvHeader() +
      listCsvRows([
        {
          id: 'wle_1',
          list: 'block',
          kind: 'name',
          value: '=HYPERLINK("x")',
          reason: '@risk, "quoted"',
          createdBy: 'usr_1',
          createdAt: '2026-11-28T12:00:00.000Z',
          expiresAt: '2099-01-01T00:00:00.000Z',
          expired: false,
        },
        {
          id: 'wle_2',
          list: 'allow',
          kind: 'phone',
          value: '+14155552671',
          reason: 'customer',
          createdBy: 'cli',
          createdAt: '2026-11-28T12:00:00.000Z',
          expiresAt: null,
          expired: false,
        },
      ]);
    const [header, first] = text.split('\r\n');
    expect(header).toBe(LIST_EXPORT_COLUMNS.join(','));
    // A spreadsheet would run the cell: it leaves quoted; a phone number is data and stays as is.
    expect(first).toBe(
      `block,name,"'=HYPERLINK(""x"")","'@risk, ""quoted""",2099-01-01T00:00:00.000Z,usr_1,2026-11-28T12:00:00.000Z`,
    );
    expect(parsed(text)).toEqual({
      ok: true,
      ignored: ['created_by', 'created_at'],
      rejected: [],
      valid: [
        {
          line: 2,
          entry: {
            list: 'block',
            kind: 'name',
            value: '=HYPERLINK("x")',
            reason: '@risk, "quoted"',
            expiresAt: '2099-01-01T00:00:00.000Z',
          },
        },
        {
          line: 3,
          entry: { list: 'allow', kind: 'phone', value: '+14155552671', reason: 'customer', expiresAt: null },
        },
      ],
    });
  });
});
