// docs/api/limits.md: limits are per key and per endpoint. Every keyed operation, the pattern
// summary and the time series included, has a bucket of its own.
import { describe, expect, it } from 'vitest';
import { call, newKey } from './support';

const EVENT = {
  type: 'visitor',
  observedAt: '2026-01-01T00:00:00Z',
  source: 'web',
  emails: ['someone@example.com'],
};

const OPERATIONS = [
  { path: '/api/verify', body: { emails: ['someone@example.com'] } },
  { path: '/api/signals', body: { emails: ['someone@example.com'] } },
  { path: '/api/signals/patterns/summary', body: { email: 'someone@example.com' } },
  { path: '/api/signals/patterns/timeseries', body: { email: 'someone@example.com', interval: 'day' } },
  { path: '/api/events', body: [EVENT] },
  {
    path: '/api/records',
    body: [{ kind: 'phone', phone: '+14155550100', lineType: 'MOBILE', observedAt: '2026-01-01' }],
  },
] as const;

describe('rate-limit buckets', () => {
  it.each(OPERATIONS)('exhausting $path leaves every other operation untouched', async (exhausted) => {
    const { key } = await newKey('verify,signals,ingest', ['--rate-limit', '1/m']);
    expect((await call(exhausted.path, { key, body: exhausted.body })).status).toBeLessThan(300);
    const refused = await call(exhausted.path, { key, body: exhausted.body });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    for (const other of OPERATIONS.filter((operation) => operation.path !== exhausted.path)) {
      const response = await call(other.path, { key, body: other.body });
      expect(response.status, `${other.path} after ${exhausted.path}`).toBeLessThan(300);
    }
  });
});
