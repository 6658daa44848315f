import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

const dialect = new PgDialect();
const names = new Map<string, string>();

/** How often the graph's size is read (one cheap query a process, not a request). */
const SIZE_READ_MS = 5_000;
const graphSize = { generation: 0, readAt: 0 };

/**
 * The graph's size class: log2 of its identifier and link pages. A prepared statement keeps
 * the generic plan Postgres made for it; made on a young graph (tiny tables: scans look
 * cheapest) it would stay wrong as the graph grows, so a statement is named by the size class
 * too and is planned afresh each time the graph doubles (a few dozen times in its life).
 */
async function sizeClass(executor: Executor): Promise<number> {
  const now = Date.now();
  if (now - graphSize.readAt < SIZE_READ_MS) return graphSize.generation;
  graphSize.readAt = now;
  const result = await executor.execute<{ pages: string }>(sql`
    select ((pg_relation_size('identifiers') + pg_relation_size('identifier_links')) / 8192)::text as pages`);
  graphSize.generation = Math.floor(Math.log2(Number(result.rows[0]?.pages ?? 0) + 1));
  return graphSize.generation;
}

/** A statement name per distinct text and size class: a name never changes text on a connection. */
function statementName(text: string, generation: number): string {
  let digest = names.get(text);
  if (digest === undefined) {
    digest = createHash('sha1').update(text).digest('hex').slice(0, 20);
    // Texts are a handful of shapes; the bound only guards against a caller that inlines values.
    if (names.size < 1000) names.set(text, digest);
  }
  return `v_${digest}_${generation}`;
}

/**
 * Runs a hot read as a named prepared statement: each connection parses and plans it once per
 * size class, and Postgres may then keep a generic plan. The facts query plans for longer
 * (about 2 ms) than it runs, so on the Verify path planning was most of its cost.
 * Same result shape as execute().
 */
export async function executePrepared<T extends Record<string, unknown>>(
  executor: Executor,
  query: SQL,
): Promise<{ rows: T[] }> {
  const built = dialect.sqlToQuery(query);
  const name = statementName(built.sql, await sizeClass(executor));
  const prepared = executor._.session.prepareQuery(built, undefined, name, false);
  return (await prepared.execute()) as { rows: T[] };
}
