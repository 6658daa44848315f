// A small RFC 4180 reader: quoted fields may hold the delimiter, line breaks and doubled quotes.
// Lenient where the official files are: CRLF or LF, a BOM, the DOS end-of-file byte (0x1A) OFAC
// appends, and a stray quote inside an unquoted field (kept as text).

/** Every record of `text` as an array of fields; blank lines are dropped. */
export function readCsv(text: string, delimiter = ','): string[][] {
  return [...csvRows(text, delimiter)];
}

const isBlank = (row: readonly string[]) => row.length === 1 && row[0] === '';

/** The records one at a time, so a large file is never held as one array of rows. */
export function* csvRows(text: string, delimiter = ','): Generator<string[]> {
  let row: string[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.endsWith('\u001a') ? text.length - 1 : text.length;
  const delim = delimiter.charCodeAt(0);
  while (i < n) {
    let field = '';
    if (text.charCodeAt(i) === 34) {
      // Quoted: runs up to each quote are copied in one slice (remarks fields are long).
      i += 1;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote === -1 || quote >= n) {
          field += text.slice(i, n);
          i = n;
          break;
        }
        field += text.slice(i, quote);
        if (text.charCodeAt(quote + 1) === 34) {
          field += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      // Text between the closing quote and the delimiter is kept, as lenient readers do.
      const start = i;
      while (i < n && !isBreak(text.charCodeAt(i), delim)) i += 1;
      field += text.slice(start, i);
    } else {
      const start = i;
      while (i < n && !isBreak(text.charCodeAt(i), delim)) i += 1;
      field = text.slice(start, i);
    }
    row.push(field);
    if (i >= n) break;
    const c = text.charCodeAt(i);
    if (c === delim) {
      i += 1;
      // A delimiter at the very end still opens one (empty) last field.
      if (i >= n) row.push('');
      continue;
    }
    // A line break: CRLF, LF or a lone CR.
    i += c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
    if (!isBlank(row)) yield row;
    row = [];
  }
  if (row.length > 0 && !isBlank(row)) yield row;
}

function isBreak(c: number, delim: number): boolean {
  return c === delim || c === 10 || c === 13;
}

/** The first line of `text` (without its line break), for sniffing a header. */
export function firstLine(text: string): string {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const rest = text.slice(start);
  const end = rest.search(/\r?\n|\r/);
  return end === -1 ? rest : rest.slice(0, end);
}
