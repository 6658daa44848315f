// Parsers of the SSA tables in their published text forms. Both emit canonical entries that
// lib/engine/ssa/tables.ts reads: "AAA:GG" (highest group issued per area) and "AAA-BBB:label".

export interface ParsedSsaTable {
  kind: 'high-group' | 'area';
  entries: string[];
  publishedAt: Date | null;
  /** Lines that looked like data but could not be read. */
  invalid: number;
}

/**
 * SSA "Highest Group Issued" monthly list: a title "HIGHEST GROUP ISSUED AS OF MM/DD/YY", then
 * pairs "AAA GG" (a trailing * marks a change since the previous month), several per line,
 * separated by tabs or spaces.
 */
export function parseSsaHighGroups(text: string): ParsedSsaTable {
  const dated = /HIGHEST GROUP ISSUED AS OF\s+(\d{2})\/(\d{2})\/(\d{2,4})/i.exec(text);
  let publishedAt: Date | null = null;
  if (dated?.[1] && dated[2] && dated[3]) {
    const year = dated[3].length === 2 ? 2000 + Number(dated[3]) : Number(dated[3]);
    // Two-digit years of these lists run from 2003 to 2011; anything past 50 is the 1900s.
    const full = dated[3].length === 2 && year > 2050 ? year - 100 : year;
    publishedAt = new Date(Date.UTC(full, Number(dated[1]) - 1, Number(dated[2])));
  }
  const byArea = new Map<string, string>();
  let invalid = 0;
  for (const line of text.split(/\r?\n/)) {
    if (!/^\s*\d{3}\s+\d{2}/.test(line)) continue;
    const pairs = [...line.matchAll(/(\d{3})\s+(\d{2})\*?/g)];
    if (pairs.length === 0) invalid += 1;
    for (const [, area, group] of pairs) if (area && group) byArea.set(area, group);
  }
  const entries = [...byArea.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([a, g]) => `${a}:${g}`);
  return { kind: 'high-group', entries, publishedAt, invalid };
}

/**
 * SSA area table: "<range>\t<state name>" (ranges "001-003", single "232", lists "525,585";
 * labels may carry footnote asterisks) or the condensed "<range> <state code>".
 */
export function parseSsaAreas(text: string): ParsedSsaTable {
  const entries: string[] = [];
  let invalid = 0;
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(\d{3}(?:\s*[-,]\s*\d{3})*)\s+(\S.*?)\s*$/.exec(line);
    if (!match?.[1] || !match[2]) {
      if (/^\s*\d{3}/.test(line)) invalid += 1;
      continue;
    }
    const label = match[2].replace(/\*+$/, '').trim();
    for (const part of match[1].split(',')) {
      const [from, to] = part.split('-').map((n) => n.trim());
      if (!from) continue;
      entries.push(`${from}-${to ?? from}:${label}`);
    }
  }
  return { kind: 'area', entries, publishedAt: null, invalid };
}

export type SsaFormat = 'ssa-high-groups' | 'ssa-areas';

/** The SSA format of a file by its content, or null. */
export function detectSsaFormat(text: string): SsaFormat | null {
  const head = text.slice(0, 4096);
  if (/HIGHEST GROUP ISSUED/i.test(head)) return 'ssa-high-groups';
  const lines = head.split(/\r?\n/).filter((l) => l.trim() !== '' && !/^\s*Taken from/i.test(l));
  const area = /^\s*\d{3}(?:\s*[-,]\s*\d{3})*\s+[A-Za-z][A-Za-z .*]*$/;
  if (lines.length >= 3 && lines.slice(0, -1).every((l) => area.test(l))) return 'ssa-areas';
  return null;
}
