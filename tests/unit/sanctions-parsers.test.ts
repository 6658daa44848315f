import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SanctionEntry } from '@/lib/engine/sanctions/types';
import { parseCanadaSemaXml } from '@/lib/reference/sanctions/canada-sema-xml';
import { DETECT_HEAD_BYTES, detectSanctionsFormat } from '@/lib/reference/sanctions/detect';
import { parseEuFsfCsv } from '@/lib/reference/sanctions/eu-fsf-csv';
import { parseEuFsfXml } from '@/lib/reference/sanctions/eu-fsf-xml';
import { parseOfacCsv } from '@/lib/reference/sanctions/ofac-csv';
import { parseUkFcdoCsv } from '@/lib/reference/sanctions/uk-fcdo-csv';
import { parseUkOfsiCsv } from '@/lib/reference/sanctions/uk-ofsi-csv';
import { parseUnXml } from '@/lib/reference/sanctions/un-xml';

const DATA = path.resolve(process.cwd(), 'reference-data');
const FIXTURES = path.resolve(process.cwd(), 'tests/fixtures/sanctions');
const data = (file: string) => readFileSync(path.join(DATA, 'sanctions', file), 'utf8');
const fixture = (file: string) => readFileSync(path.join(FIXTURES, file), 'utf8');

function byId(entries: readonly SanctionEntry[], id: string): SanctionEntry {
  const entry = entries.find((e) => e.id === id);
  if (!entry) throw new Error(`no entry ${id}`);
  return entry;
}

function countKinds(entries: readonly SanctionEntry[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of entries) counts[e.kind] = (counts[e.kind] ?? 0) + 1;
  return counts;
}

describe('OFAC SDN legacy CSV set (2021-07)', () => {
  const dir = 'ofac-sdn-2021-07';
  const parsed = parseOfacCsv({
    primary: data(`${dir}/sdn.csv`),
    addresses: data(`${dir}/add.csv`),
    aliases: data(`${dir}/alt.csv`),
    comments: data(`${dir}/sdn_comments.csv`),
  });

  it('reads all 8,976 entries with their SDN types, and states no date', () => {
    expect(parsed.records).toBe(8976);
    expect(parsed.invalid).toBe(0);
    expect(parsed.entries).toHaveLength(8976);
    expect(countKinds(parsed.entries)).toEqual({
      entity: 3673,
      individual: 4620,
      vessel: 406,
      aircraft: 277,
    });
    expect(parsed.publishedAt).toBeNull();
  });

  it('merges ALT.CSV aliases, remark a.k.a.s and ADD.CSV countries and cities', () => {
    expect(byId(parsed.entries, '306')).toEqual({
      id: '306',
      kind: 'entity',
      name: 'BANCO NACIONAL DE CUBA',
      aliases: ['BNC', 'NATIONAL BANK OF CUBA'],
      countries: ['CH', 'ES', 'JP', 'PA'],
      cities: ['Zurich', 'Madrid', 'Tokyo', 'Panama City'],
      birthDates: [],
      programs: ['CUBA'],
    });
  });

  it('writes individuals "First LAST" and reads DOB from the remarks', () => {
    const abbas = byId(parsed.entries, '2674');
    expect(abbas.name).toBe('Abu ABBAS');
    expect(abbas.aliases).toContain('Muhammad ZAYDAN');
    expect(abbas.birthDates).toEqual(['1948-12-10']);
    expect(abbas.programs).toEqual(['SDGT']);
  });

  it('continues a truncated remark with SDN_COMMENTS.CSV and splits "[A] [B]" programs', () => {
    const tian = byId(parsed.entries, '28263');
    expect(tian.name).toBe('Yinyin TIAN');
    expect(tian.programs).toEqual(['DPRK3', 'CYBER2']);
    expect(tian.countries).toEqual(['CN']);
    expect(tian.birthDates).toEqual(['1986-07-12']);
    // "a.k.a. 'snowsjo" ends sdn.csv; "hn'; ..." starts the comments row.
    expect(tian.aliases).toEqual(['tianyinyin0404', 'snowsjohn']);
  });

  it('reads several DOBs and POB cities of one individual', () => {
    const cifuentes = byId(parsed.entries, '12300');
    expect(cifuentes.name).toBe('Jorge Milton CIFUENTES VILLA');
    expect(cifuentes.birthDates).toEqual(['1965-05-13', '1968-04-13', '1964-07-07']);
    expect(cifuentes.countries).toEqual(['CO', 'MX']);
    expect(cifuentes.cities).toContain('Medellin');
  });

  it('keeps aircraft and vessels with their kind', () => {
    expect(byId(parsed.entries, '15431')).toMatchObject({
      kind: 'aircraft',
      name: 'EP-GOM',
      programs: ['SDGT'],
    });
  });
});

describe('OFAC SDN alone (2024-05-03 snapshot)', () => {
  it('imports a lone sdn.csv: 14,965 entries', () => {
    const parsed = parseOfacCsv({ primary: data('ofac-sdn-2024-05-03/sdn.csv') });
    expect(parsed.entries).toHaveLength(14965);
    expect(parsed.invalid).toBe(0);
    expect(byId(parsed.entries, '306').aliases).toEqual(['BNC']);
  });
});

describe('OFAC consolidated non-SDN CSV set', () => {
  const dir = 'ofac-consolidated-non-sdn';
  const parsed = parseOfacCsv({
    primary: data(`${dir}/cons_prim.csv`),
    addresses: data(`${dir}/cons_add.csv`),
    aliases: data(`${dir}/cons_alt.csv`),
    comments: data(`${dir}/cons_comments.csv`),
  });

  it('reads all 442 entries', () => {
    expect(parsed.entries).toHaveLength(442);
    expect(countKinds(parsed.entries)).toEqual({ individual: 79, entity: 363 });
  });

  it('reads a POB without country as a city', () => {
    expect(byId(parsed.entries, '9639')).toMatchObject({
      name: 'Ismail Abdul Salah HANIYA',
      aliases: ['Ismail HANIYA', 'Ismaeel HANIYYA'],
      cities: ['Shati'],
      birthDates: ['1962'],
      programs: ['NS-PLC'],
    });
  });

  it('takes the a.k.a. at the end of a comments continuation', () => {
    const bank = byId(parsed.entries, '17014');
    expect(bank.aliases).toContain('RUSAG');
    expect(bank.aliases).toContain('ROSSELKHOZBANK');
    expect(bank.countries).toEqual(['RU']);
    expect(bank.programs).toEqual(['UKRAINE-EO13662', 'RUSSIA-EO14024']);
  });
});

describe('UN consolidated list XML', () => {
  const parsed = parseUnXml(data('un/consolidated.xml'));

  it('reads 730 individuals and 273 entities, dated by dateGenerated', () => {
    expect(parsed.entries).toHaveLength(1003);
    expect(countKinds(parsed.entries)).toEqual({ individual: 730, entity: 273 });
    expect(parsed.publishedAt?.toISOString()).toBe('2026-02-27T00:00:09.554Z');
  });

  it('joins the name parts and reads nationality, address country and DOB year', () => {
    expect(byId(parsed.entries, '6907993')).toEqual({
      id: '6907993',
      kind: 'individual',
      name: 'ERIC BADEGE',
      aliases: [],
      countries: ['CD', 'RW'],
      cities: [],
      birthDates: ['1971'],
      programs: ['DRC'],
    });
    expect(byId(parsed.entries, '6907994')).toMatchObject({
      name: 'FRANK KAKOLELE BWAMBALE',
      aliases: ['FRANK KAKORERE', 'FRANK KAKORERE BWAMBALE', 'AIGLE BLANC'],
      cities: ['Kinshasa'],
    });
  });

  it('keeps low-quality aliases, the original-script name and BETWEEN date ranges', () => {
    const saddam = byId(parsed.entries, '6908048');
    expect(saddam.name).toBe('SADDAM HUSSEIN AL-TIKRITI');
    expect(saddam.aliases).toEqual(['صدام حسين التكريتي', 'Abu Ali']);
    expect(saddam.birthDates).toEqual(['1937-04-28']);
    expect(saddam.countries).toEqual(['IQ']);
    const gaston = byId(parsed.entries, '6907995');
    expect(gaston.aliases).toContain('Rumuli');
    expect(byId(parsed.entries, '6908021').birthDates).toEqual(['1973', '1974']);
  });

  it('reads entities and their aliases', () => {
    expect(byId(parsed.entries, '6908402')).toMatchObject({
      kind: 'entity',
      name: 'ADF',
      countries: ['CD'],
    });
    expect(byId(parsed.entries, '6908402').aliases).toContain('NALU');
  });
});

describe('Canada SEMA XML', () => {
  const parsed = parseCanadaSemaXml(data('canada/sema-lmes.xml'));

  it('reads all 1,369 records: 985 individuals and 384 entities, with unique ids', () => {
    expect(parsed.records).toBe(1369);
    expect(parsed.entries).toHaveLength(1369);
    expect(countKinds(parsed.entries)).toEqual({ individual: 985, entity: 384 });
    expect(new Set(parsed.entries.map((e) => e.id)).size).toBe(1369);
    expect(parsed.publishedAt).toBeNull();
  });

  it('splits entity aliases and maps the regime country', () => {
    expect(byId(parsed.entries, 'Burma/1/1')).toEqual({
      id: 'Burma/1/1',
      kind: 'entity',
      name: 'Air Bagan',
      aliases: ['Air Bagan Holdings Pte. Ltd.', 'Air Bagan Limited'],
      countries: ['MM'],
      cities: [],
      birthDates: [],
      programs: ['Burma'],
    });
  });

  it('completes a given-name alias with the family name', () => {
    expect(byId(parsed.entries, 'Russia/1/94')).toMatchObject({
      name: 'Andrey Igorevich AKIMOV',
      aliases: ['Andrei Igorevich AKIMOV'],
      countries: ['RU'],
      birthDates: ['1953-09-22'],
    });
    expect(byId(parsed.entries, 'Russia/1/43').aliases).toEqual(['Igor STRELKOV']);
  });

  it('reads "or" dates and leaves JVCFOR entries without a country', () => {
    expect(byId(parsed.entries, 'JVCFOR/1/54')).toMatchObject({
      name: 'Mansour Othman ABAHUSSAIN',
      countries: [],
      birthDates: ['1972-08-10', '1972-08-11'],
    });
  });
});

describe('EU Financial Sanctions Files (fixtures)', () => {
  const csv = parseEuFsfCsv(fixture('eu/fsf-full-1_1.csv'));
  const xml = parseEuFsfXml(fixture('eu/fsf-full-1_1.xml'));

  it('groups the CSV rows by Entity_LogicalId and dates it by fileGenerationDate', () => {
    expect(csv.records).toBe(13);
    expect(csv.entries).toHaveLength(3);
    expect(csv.publishedAt?.toISOString()).toBe('2025-10-28T00:00:00.000Z');
  });

  it('reads an individual with two aliases, citizenship and birth date', () => {
    expect(byId(csv.entries, '900101')).toEqual({
      id: '900101',
      kind: 'individual',
      name: 'Oleg Viktorovich SAMPLENKO',
      aliases: ['Oleg SAMPLENKO', 'Олег Викторович Сампленко'],
      countries: ['RU'],
      cities: ['Tver'],
      birthDates: ['1971-03-14'],
      programs: ['UKR'],
    });
  });

  it('reads an entity with its addresses and a birth-year range ("00" country ignored)', () => {
    expect(byId(csv.entries, '900102')).toMatchObject({
      kind: 'entity',
      name: 'Northwind Maritime Trading LLC',
      aliases: ['Northwind Marine Trading Co.'],
      countries: ['AE', 'IR'],
      cities: ['Dubai', 'Bandar Abbas'],
    });
    expect(byId(csv.entries, '900103')).toMatchObject({
      countries: ['SY'],
      birthDates: ['1960', '1961', '1962'],
    });
  });

  it('reads the same entries from the XML, dated by generationDate', () => {
    expect(xml.entries).toEqual(csv.entries);
    expect(xml.publishedAt?.toISOString()).toBe('2025-10-28T16:00:14.171Z');
  });
});

describe('UK lists (fixtures)', () => {
  const ofsi = parseUkOfsiCsv(fixture('uk/ConList.csv'));
  const fcdo = parseUkFcdoCsv(fixture('uk/UK-Sanctions-List.csv'));

  it('OFSI ConList: groups rows by Group ID, the "Primary name" row wins wherever it comes', () => {
    expect(ofsi.publishedAt?.toISOString()).toBe('2025-10-28T00:00:00.000Z');
    expect(ofsi.records).toBe(6);
    expect(ofsi.entries.map((e) => [e.id, e.kind, e.name])).toEqual([
      ['99001', 'individual', 'Oleg Viktorovich SAMPLENKO'],
      ['99002', 'entity', 'NORTHWIND MARITIME TRADING LLC'],
      ['99003', 'vessel', 'SAMPLE STAR'],
    ]);
    expect(byId(ofsi.entries, '99002').aliases).toEqual(['NORTHWIND MARINE TRADING CO.']);
  });

  it('OFSI ConList: numbered nationalities, DOBs with unknown day and month, town of birth', () => {
    expect(byId(ofsi.entries, '99001')).toEqual({
      id: '99001',
      kind: 'individual',
      name: 'Oleg Viktorovich SAMPLENKO',
      aliases: ['Олег Викторович Сампленко', 'Oleg SAMPLENKO', 'Oleg SAMPLENKOV'],
      countries: ['RU', 'CY'],
      cities: ['Tver'],
      birthDates: ['1971-03-14', '1972'],
      programs: ['Russia'],
    });
  });

  it('FCDO UK Sanctions List: groups by Unique ID, dated by the Report Date line', () => {
    expect(fcdo.publishedAt?.toISOString()).toBe('2025-10-28T00:00:00.000Z');
    expect(fcdo.entries.map((e) => [e.id, e.kind, e.name])).toEqual([
      ['RUS9001', 'individual', 'Oleg Viktorovich SAMPLENKO'],
      ['IRN9002', 'entity', 'NORTHWIND MARITIME TRADING LLC'],
      ['RUS9003', 'vessel', 'SAMPLE STAR'],
    ]);
    expect(byId(fcdo.entries, 'RUS9001')).toMatchObject({
      aliases: ['Олег Викторович Сампленко', 'Oleg SAMPLENKO', 'Oleg SAMPLENKOV'],
      countries: ['RU'],
      cities: ['Tver'],
      birthDates: ['1971-03-14'],
    });
    expect(byId(fcdo.entries, 'IRN9002').countries).toEqual(['AE']);
  });
});

describe('detectSanctionsFormat', () => {
  const head = (file: string) => readFileSync(file, 'utf8').slice(0, DETECT_HEAD_BYTES);
  const cases: [string, string | null][] = [
    ['sanctions/ofac-sdn-2021-07/sdn.csv', 'ofac-primary'],
    ['sanctions/ofac-sdn-2021-07/add.csv', 'ofac-address'],
    ['sanctions/ofac-sdn-2021-07/alt.csv', 'ofac-alias'],
    ['sanctions/ofac-sdn-2021-07/sdn_comments.csv', 'ofac-comments'],
    ['sanctions/ofac-sdn-2024-05-03/sdn.csv', 'ofac-primary'],
    ['sanctions/ofac-consolidated-non-sdn/cons_prim.csv', 'ofac-primary'],
    ['sanctions/ofac-consolidated-non-sdn/cons_add.csv', 'ofac-address'],
    ['sanctions/ofac-consolidated-non-sdn/cons_alt.csv', 'ofac-alias'],
    ['sanctions/ofac-consolidated-non-sdn/cons_comments.csv', 'ofac-comments'],
    ['sanctions/un/consolidated.xml', 'un-xml'],
    ['sanctions/canada/sema-lmes.xml', 'canada-sema-xml'],
    ['sanctions/us-bis-dpl/dpl.txt', 'us-bis-dpl'],
    ['sanctions/us-csl-excerpt/consolidated.csv', 'us-csl-csv'],
    ['ip/tor/exit-addresses', null],
    ['ip/tor/tor-exit-nodes.lst', null],
    ['ip/x4bnet-vpn/ipv4.txt', null],
    ['ip/aws/ip-ranges.json', null],
    ['ssn/high_groups_june_24_2011_raw.txt', null],
    ['ssn/area_data_raw.txt', null],
  ];
  it.each(cases)('%s -> %s', (file, format) => {
    const full = path.join(DATA, file);
    expect(detectSanctionsFormat(head(full), path.basename(full))).toBe(format);
  });

  it.each([
    ['eu/fsf-full-1_1.csv', 'eu-fsf-csv'],
    ['eu/fsf-full-1_1.xml', 'eu-fsf-xml'],
    ['uk/ConList.csv', 'uk-ofsi-csv'],
    ['uk/UK-Sanctions-List.csv', 'uk-fcdo-csv'],
  ])('fixture %s -> %s', (file, format) => {
    expect(detectSanctionsFormat(fixture(file).slice(0, DETECT_HEAD_BYTES), 'renamed.dat')).toBe(format);
  });

  it('decides by content, not by name: a renamed sdn.csv is still OFAC, a comments file needs its name', () => {
    const sdn = data('ofac-sdn-2021-07/sdn.csv').slice(0, DETECT_HEAD_BYTES);
    expect(detectSanctionsFormat(sdn, 'list.txt')).toBe('ofac-primary');
    const comments = data('ofac-sdn-2021-07/sdn_comments.csv').slice(0, DETECT_HEAD_BYTES);
    expect(detectSanctionsFormat(comments, 'notes.csv')).toBeNull();
  });
});
