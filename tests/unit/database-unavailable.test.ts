import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { toProblem } from '@/lib/http/api-route';

const silent = pino({ level: 'silent' });

/** How drizzle reports a failed statement: its own error, pg's as the cause. */
const failedQuery = (query: string, cause: Error) => new Error(`Failed query: ${query}`, { cause });

async function answer(error: unknown): Promise<{ status: number; code: string }> {
  const response = toProblem(error, 'req_test', silent);
  return { status: response.status, code: ((await response.json()) as { code: string }).code };
}

// The database going away mid-transaction: the statement fails, then drizzle's ROLLBACK on the
// same client fails with pg's own message (node_modules/pg/lib/client.js), which has no code.
describe('a database that goes away is 503 UNAVAILABLE, not 500', () => {
  it('when the rollback after a lost connection fails on the broken client', async () => {
    const broken = new Error('Client has encountered a connection error and is not queryable');
    expect(await answer(failedQuery('rollback', broken))).toEqual({ status: 503, code: 'UNAVAILABLE' });
  });

  it('when a statement runs on a client the pool already closed', async () => {
    const closed = new Error('Client was closed and is not queryable');
    expect(await answer(failedQuery('select 1', closed))).toEqual({ status: 503, code: 'UNAVAILABLE' });
  });

  it('when the server terminated the connection (57P01, pg_ctl stop -m fast)', async () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(await answer(failedQuery('select 1', terminated))).toEqual({ status: 503, code: 'UNAVAILABLE' });
  });

  it('while any other failure stays a 500', async () => {
    expect(await answer(new Error('something else'))).toEqual({ status: 500, code: 'INTERNAL' });
  });
});
