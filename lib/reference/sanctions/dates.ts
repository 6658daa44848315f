// Dates of birth as the lists write them -> YYYY, YYYY-MM or YYYY-MM-DD (as precise as published).
// A range ("1965 to 1967", "circa 1960-1962") becomes each year in it, so screening can compare
// a year; ranges longer than MAX_RANGE_YEARS keep only their ends.

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const MAX_RANGE_YEARS = 10;

interface PartialDate {
  year: number;
  month: number | null;
  day: number | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY, YYYY-MM or YYYY-MM-DD from parts; month/day 0 or null mean unknown. */
export function formatPartialDate(year: number, month?: number | null, day?: number | null): string | null {
  if (!Number.isInteger(year) || year < 1800 || year > 2100) return null;
  if (!month || month < 1 || month > 12) return String(year);
  if (!day || day < 1 || day > 31) return `${year}-${pad(month)}`;
  return `${year}-${pad(month)}-${pad(day)}`;
}

function parseOne(raw: string): PartialDate | null {
  const text = raw
    .trim()
    .replace(/^(circa|approximately|approx\.?|about|c\.)\s*/i, '')
    .replace(/\.$/, '');
  let m = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec(text);
  if (m) return { year: Number(m[1]), month: m[2] ? Number(m[2]) : null, day: m[3] ? Number(m[3]) : null };
  m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text);
  if (m) return { year: Number(m[3]), month: Number(m[2]), day: Number(m[1]) };
  m = /^(?:(\d{1,2})[\s-])?([A-Za-z]{3})[a-z]*\.?[\s-](\d{4})$/.exec(text);
  const month = m?.[2] ? MONTHS[m[2].toLowerCase()] : undefined;
  if (m && month) return { year: Number(m[3]), month, day: m[1] ? Number(m[1]) : null };
  return null;
}

function format(date: PartialDate): string | null {
  return formatPartialDate(date.year, date.month, date.day);
}

/** The years (or common month) of a range, as published precision allows. */
export function dateRange(from: PartialDate, to: PartialDate): string[] {
  if (from.year === to.year) {
    if (from.month && from.month === to.month) {
      const day = from.day === to.day ? from.day : null;
      return [format({ year: from.year, month: from.month, day })].filter((d): d is string => d !== null);
    }
    return [String(from.year)];
  }
  const [lo, hi] = from.year < to.year ? [from.year, to.year] : [to.year, from.year];
  if (hi - lo > MAX_RANGE_YEARS) return [String(lo), String(hi)];
  const years: string[] = [];
  for (let y = lo; y <= hi; y++) years.push(String(y));
  return years;
}

/** Every date a published date-of-birth text stands for; [] when it is not a date. */
export function parseBirthDates(raw: string | null | undefined): string[] {
  const text = raw?.trim() ?? '';
  if (!text) return [];
  const out: string[] = [];
  for (const part of text.split(/\s+or\s+|\s*;\s*/i)) {
    const range =
      /^(.+?)\s+(?:to|-|–)\s+(.+)$/i.exec(part.trim()) ?? /^((?:circa\s+)?\d{4})-(\d{4})$/i.exec(part.trim());
    if (range?.[1] && range[2]) {
      const from = parseOne(range[1]);
      const to = parseOne(range[2]);
      if (from && to) {
        out.push(...dateRange(from, to));
        continue;
      }
    }
    const one = parseOne(part);
    const formatted = one ? format(one) : null;
    if (formatted) out.push(formatted);
  }
  return out;
}

/** A list's own publication date: ISO timestamps, dd/mm/yyyy or dd-Mon-yyyy (UTC midnight). */
export function parsePublishedDate(raw: string | null | undefined): Date | null {
  const text = raw?.trim() ?? '';
  if (!text) return null;
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const one = parseOne(text);
  if (!one?.month || !one.day) return null;
  const date = new Date(Date.UTC(one.year, one.month - 1, one.day));
  return Number.isNaN(date.getTime()) ? null : date;
}
