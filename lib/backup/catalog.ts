import type pg from 'pg';

// What a backup copies, read from the catalog rather than listed by hand, so a table a later
// migration adds is backed up without anyone remembering to add it here.

export interface CatalogTable {
  name: string;
  columns: string[];
}

/** The application's schema: where the migrations created its tables (search_path's first). */
export async function appSchema(client: pg.ClientBase): Promise<string> {
  const result = await client.query<{ schema: string }>('select current_schema() as schema');
  const schema = result.rows[0]?.schema;
  if (!schema) throw new Error('the database has no current schema (search_path is empty)');
  return schema;
}

/**
 * Every ordinary or partitioned table of the schema (partitions are reached through their parent)
 * with its stored columns, parents before the tables whose foreign keys point at them.
 */
export async function appTables(client: pg.ClientBase, schema: string): Promise<CatalogTable[]> {
  const tables = await client.query<{ name: string; columns: string[] }>(
    `select c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition
      group by c.relname
      order by c.relname`,
    [schema],
  );
  const references = await client.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = $1 and c.oid <> p.oid`,
    [schema],
  );
  return dependencyOrder(tables.rows, references.rows);
}

/** Parents first; a cycle (none today) keeps the rest in name order. */
export function dependencyOrder<T extends { name: string }>(
  tables: T[],
  references: { child: string; parent: string }[],
): T[] {
  const parents = new Map<string, Set<string>>(tables.map((t) => [t.name, new Set<string>()]));
  for (const { child, parent } of references) parents.get(child)?.add(parent);
  const done = new Set<string>();
  const ordered: T[] = [];
  let remaining = [...tables];
  while (remaining.length > 0) {
    const ready = remaining.filter((t) => [...(parents.get(t.name) ?? [])].every((p) => done.has(p)));
    const next = ready.length > 0 ? ready : remaining.slice(0, 1);
    for (const table of next) {
      ordered.push(table);
      done.add(table.name);
    }
    remaining = remaining.filter((t) => !done.has(t.name));
  }
  return ordered;
}

/** Sequences owned by a column of the schema (serial, bigserial, identity), with that column. */
export async function ownedSequences(
  client: pg.ClientBase,
  schema: string,
): Promise<{ sequence: string; table: string; column: string }[]> {
  const result = await client.query<{ sequence: string; table: string; column: string }>(
    `select s.relname as sequence, t.relname as table, a.attname as column
       from pg_class s
       join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
       join pg_namespace n on n.oid = s.relnamespace
      where s.relkind = 'S' and n.nspname = $1`,
    [schema],
  );
  return result.rows;
}
