import { describe, expect, it } from 'vitest';
import { countryCode } from '@/lib/reference/sanctions/countries';
import { readCsv } from '@/lib/reference/sanctions/csv';
import { parseBirthDates, parsePublishedDate } from '@/lib/reference/sanctions/dates';
import { EntryDraft } from '@/lib/reference/sanctions/entry-draft';
import { planSanctionSources } from '@/lib/reference/sanctions/sources';

describe('readCsv (RFC 4180)', () => {
  it('reads quoted delimiters, doubled quotes, line breaks in quotes and CRLF', () => {
    expect(readCsv('a,"b, c","say ""hi""",d\r\n\r\n1,,"two\nlines"\n')).toEqual([
      ['a', 'b, c', 'say "hi"', 'd'],
      ['1', '', 'two\nlines'],
    ]);
  });

  it("drops OFAC's trailing 0x1A and a BOM, keeps a trailing empty field", () => {
    expect(readCsv('\uFEFF36,"AEROCARIBBEAN AIRLINES",-0- \r\n\u001a')).toEqual([
      ['36', 'AEROCARIBBEAN AIRLINES', '-0- '],
    ]);
    expect(readCsv('a;b;\nc;"d;e"', ';')).toEqual([
      ['a', 'b', ''],
      ['c', 'd;e'],
    ]);
  });

  it('keeps a stray quote inside an unquoted field as text', () => {
    expect(readCsv('x,ab"c,y')).toEqual([['x', 'ab"c', 'y']]);
  });
});

describe('countryCode', () => {
  it.each([
    ['Russia', 'RU'],
    ['Russian Federation', 'RU'],
    ['Korea, North', 'KP'],
    ["Democratic People's Republic of Korea", 'KP'],
    ['Korea, South', 'KR'],
    ['Iran', 'IR'],
    ['Iran (Islamic Republic of)', 'IR'],
    ['Syria', 'SY'],
    ['Syrian Arab Republic', 'SY'],
    ['Burma', 'MM'],
    ['Burma / Birmanie', 'MM'],
    ['Congo, Democratic Republic of the', 'CD'],
    ['Congo, Republic of the', 'CG'],
    ['Venezuela ', 'VE'],
    ['United Kingdom of Great Britain and Northern Ireland', 'GB'],
    ['Türkiye', 'TR'],
    ['Turkey', 'TR'],
    ['Viet Nam', 'VN'],
    ['China, Hong Kong Special Administrative Region', 'HK'],
    ['Bosnia and Herzegovina', 'BA'],
    ['Saint Kitts and Nevis', 'KN'],
    ['Man, Isle of', 'IM'],
    ['Bahamas, The', 'BS'],
    ['Palestinian', 'PS'],
    ['Region: Crimea', 'UA'],
    ['Cote d Ivoire', 'CI'],
    ['Mexico.', 'MX'],
    ['IQ', 'IQ'],
    ['XK', 'XK'],
  ])('%s -> %s', (name, code) => {
    expect(countryCode(name)).toBe(code);
  });

  it.each([
    'na',
    '00',
    'undetermined',
    '-0-',
    '',
    'Justice for Victims of Corrupt Foreign Officials Regulations (JVCFOR)',
  ])('%s names no country', (name) => {
    expect(countryCode(name)).toBeNull();
  });
});

describe('parseBirthDates', () => {
  it.each([
    ['10 Dec 1948', ['1948-12-10']],
    ['Dec 1948', ['1948-12']],
    ['circa 1948', ['1948']],
    ['1965 to 1967', ['1965', '1966', '1967']],
    ['01 Jan 1960 to 31 Dec 1962', ['1960', '1961', '1962']],
    ['01 Mar 1960 to 31 Mar 1960', ['1960-03']],
    ['circa 1960-1962', ['1960', '1961', '1962']],
    ['1900 to 1950', ['1900', '1950']],
    ['1972-08-10 or 1972-08-11', ['1972-08-10', '1972-08-11']],
    ['00/00/1959', ['1959']],
    ['28/06/1960', ['1960-06-28']],
    ['unknown', []],
  ])('%s -> %j', (text, dates) => {
    expect(parseBirthDates(text)).toEqual(dates);
  });

  it("reads publication dates in the lists' styles", () => {
    expect(parsePublishedDate('2026-02-27T00:00:09.554Z')?.toISOString()).toBe('2026-02-27T00:00:09.554Z');
    expect(parsePublishedDate('03/06/2026')?.toISOString()).toBe('2026-06-03T00:00:00.000Z');
    expect(parsePublishedDate('13-Feb-2026')?.toISOString()).toBe('2026-02-13T00:00:00.000Z');
    expect(parsePublishedDate('2026')).toBeNull();
  });
});

describe('EntryDraft', () => {
  it('deduplicates, drops blanks and lets a marked primary name win over an earlier one', () => {
    const draft = new EntryDraft('1', 'individual');
    draft.addName('Toby  QUILLE');
    draft.addName('Tobias QUILL', true);
    draft.addName('Tobias QUILL');
    draft.addAlias(' ');
    draft.addCountry('Utopia');
    draft.addCountry('Russia');
    draft.addCountryCode('ru');
    draft.addBirthDate('1965 to 1966');
    expect(draft.toEntry()).toEqual({
      id: '1',
      kind: 'individual',
      name: 'Tobias QUILL',
      aliases: ['Toby QUILLE'],
      countries: ['RU'],
      cities: [],
      birthDates: ['1965', '1966'],
      programs: [],
    });
    expect(new EntryDraft('2', 'entity').toEntry()).toBeNull();
  });
});

describe('planSanctionSources', () => {
  it('groups OFAC siblings with the primary of their folder and family', () => {
    const { sources, setAside } = planSanctionSources([
      { path: '/d/ofac/add.csv', format: 'ofac-address' },
      { path: '/d/ofac/alt.csv', format: 'ofac-alias' },
      { path: '/d/ofac/cons_add.csv', format: 'ofac-address' },
      { path: '/d/ofac/cons_prim.csv', format: 'ofac-primary' },
      { path: '/d/ofac/sdn.csv', format: 'ofac-primary' },
      { path: '/d/ofac/sdn_comments.csv', format: 'ofac-comments' },
      { path: '/d/old/sdn.csv', format: 'ofac-primary' },
      { path: '/d/orphan/alt.csv', format: 'ofac-alias' },
      { path: '/d/un/consolidated.xml', format: 'un-xml' },
      { path: '/d/dpl/dpl.txt', format: 'us-bis-dpl' },
    ]);
    expect(sources).toEqual([
      {
        name: 'ofac/cons_prim.csv',
        list: 'OFAC',
        format: 'ofac-csv',
        primary: '/d/ofac/cons_prim.csv',
        addresses: '/d/ofac/cons_add.csv',
        aliases: null,
        comments: null,
      },
      {
        name: 'ofac/sdn.csv',
        list: 'OFAC',
        format: 'ofac-csv',
        primary: '/d/ofac/sdn.csv',
        addresses: '/d/ofac/add.csv',
        aliases: '/d/ofac/alt.csv',
        comments: '/d/ofac/sdn_comments.csv',
      },
      {
        name: 'old/sdn.csv',
        list: 'OFAC',
        format: 'ofac-csv',
        primary: '/d/old/sdn.csv',
        addresses: null,
        aliases: null,
        comments: null,
      },
      {
        name: 'un/consolidated.xml',
        list: 'UN',
        format: 'un-xml',
        primary: '/d/un/consolidated.xml',
        addresses: null,
        aliases: null,
        comments: null,
      },
    ]);
    expect(setAside.map((f) => f.path)).toEqual(['/d/dpl/dpl.txt', '/d/orphan/alt.csv']);
    expect(setAside[1]?.reason).toMatch(/without its primary file/);
  });
});
