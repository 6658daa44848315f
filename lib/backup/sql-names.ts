/** A quoted identifier (what pg's escapeIdentifier does, without needing a client). */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function qualified(schema: string, table: string): string {
  return `${ident(schema)}.${ident(table)}`;
}

export function columnList(columns: string[]): string {
  return columns.map(ident).join(', ');
}
