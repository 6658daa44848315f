// Streams CSV lines into one table with COPY FROM STDIN, in chunks of a few hundred kilobytes
// so that memory stays flat and the socket is never flooded (pipeline handles backpressure).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

const CHUNK = 256 * 1024;

function* chunked(lines: Iterable<string>): Generator<string> {
  let chunk = '';
  for (const line of lines) {
    chunk += line;
    if (chunk.length >= CHUNK) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** COPYs the lines into `table (columns)` and returns how many rows went in. */
export async function copyCsv(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  lines: Iterable<string>,
): Promise<number> {
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv)`));
  await pipeline(Readable.from(chunked(lines)), stream);
  return stream.rowCount;
}
