// Logged errors (issue 11, finding 6): a failed statement keeps its SQL text and Postgres's code,
// never its parameters, whichever way it reaches the log.
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { errorSerializer, safeError } from '@/lib/log/safe-error';

const PHONE = '+14155552671';
const NAME = 'Jane Q. Doe';
const IP = '203.0.113.77';
const SQL = 'insert into "identifiers" ("id", "kind", "value") values ($1, $2, $3)';

function failedStatement(): DrizzleQueryError {
  const cause = Object.assign(new Error(`invalid input syntax for type inet: "${IP}"`), {
    code: '22P02',
    detail: `Key (value)=(${PHONE}) already exists.`,
  });
  return new DrizzleQueryError(SQL, ['idf_1', 'phone', PHONE, NAME, IP], cause);
}

describe('safeError', () => {
  it('keeps the SQL text and the code, drops the parameters, detail and quoted values', () => {
    const logged = safeError(failedStatement());
    const text = JSON.stringify(logged);
    expect(logged.query).toBe(SQL);
    expect(logged.cause?.code).toBe('22P02');
    expect(text).toContain('Failed query: insert into');
    for (const value of [PHONE, NAME, IP]) expect(text).not.toContain(value);
  });

  it('through pino with the serializer, nested or not, logs no parameter', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino({ serializers: { err: errorSerializer, error: errorSerializer } }, sink);
    log.error({ err: failedStatement() }, 'failed');
    log.error({ error: failedStatement() }, 'failed');
    const text = lines.join('');
    expect(text).toContain('Failed query');
    for (const value of [PHONE, NAME, IP]) expect(text).not.toContain(value);
  });
});
