import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

// COPY text streamed between a connection and a gzip file, counted and hashed on the way: the
// text format escapes newlines inside values, so rows are exactly the newline bytes.

export interface CopyTally {
  rows: number;
  sha256: string;
}

function tally(): { stream: Transform; result: () => CopyTally } {
  const hash = createHash('sha256');
  let rows = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows += 1;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ rows, sha256: hash.digest('hex') }) };
}

/** `COPY ... TO STDOUT` into a gzip file. */
export async function copyOut(client: pg.ClientBase, statement: string, file: string): Promise<CopyTally> {
  const counted = tally();
  await pipeline(
    client.query(copyTo(statement)),
    counted.stream,
    createGzip({ level: 3 }),
    createWriteStream(file),
  );
  return counted.result();
}

/** A gzip file into `COPY ... FROM STDIN`. */
export async function copyIn(client: pg.ClientBase, statement: string, file: string): Promise<CopyTally> {
  const counted = tally();
  await pipeline(createReadStream(file), createGunzip(), counted.stream, client.query(copyFrom(statement)));
  return counted.result();
}

/** Counts and hashes a gzip COPY file without a database (the restore's check before it starts). */
export async function tallyFile(file: string): Promise<CopyTally> {
  const counted = tally();
  await pipeline(
    createReadStream(file),
    createGunzip(),
    counted.stream,
    async (source: AsyncIterable<Buffer>) => {
      for await (const _ of source);
    },
  );
  return counted.result();
}
