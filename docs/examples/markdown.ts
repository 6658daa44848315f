// Just enough Markdown for docs/checks.md: table cells, code spans, tables.

/** A table cell: pipes escaped, line breaks folded (a row is one line). */
export const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

export const code = (text: string): string => `\`${text}\``;

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)];
}

/** GitHub's heading anchor: lower case, spaces to dashes, punctuation dropped. */
export const anchor = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');
