// Issue 36: GET /api/metrics, the operator's Prometheus endpoint. Not public: a caller relayed by
// a proxy (or from another machine) without METRICS_TOKEN gets the 404 of an unknown path. A
// scrape covers the whole server: with two web processes (CI's second run) the counts are the sum
// of both, whichever process answers the scrape.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newKey, unique } from './support';

let key: string;
beforeAll(async () => {
  key = (await newKey()).key;
});

const scrape = (headers: Record<string, string> = {}) =>
  call('/api/metrics', { method: 'GET', key: null, headers });

/** The value of one sample line (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_]+)(\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const present = Object.fromEntries(
      [...(match[3] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([label, value]) => present[label] === value)) return Number(match[4]);
  }
  return 0;
}

describe('GET /api/metrics', () => {
  it('answers the Prometheus text format to a direct caller on this machine', async () => {
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'verity_http_requests_total',
      'verity_http_request_duration_seconds',
      'verity_db_pool_connections',
      'verity_group_commit_batch_size',
      'verity_group_commit_wait_seconds',
      'verity_usage_flushes_total',
      'verity_reference_list_age_seconds',
      'verity_webhook_backlog',
      'verity_process_cpu_seconds_total',
    ]) {
      expect(response.text, name).toContain(`# TYPE ${name} `);
    }
  });

  it('counts every Verify by operation and status, summed over the server processes', async () => {
    const before = (await scrape()).text;
    const calls = 6;
    for (let i = 0; i < calls; i++) {
      const answer = await call('/api/verify', {
        key,
        body: { email: `${unique('m').toLowerCase()}@example.com` },
      });
      expect(answer.status).toBe(201);
    }
    const bad = await call('/api/verify', { key, body: { emails: 'x' } });
    expect(bad.status).toBe(400);
    const after = (await scrape()).text;
    const delta = (labels: Record<string, string>) =>
      sample(after, 'verity_http_requests_total', labels) -
      sample(before, 'verity_http_requests_total', labels);
    expect(delta({ operation: 'verify', status: '201' })).toBe(calls);
    expect(delta({ operation: 'verify', status: '400' })).toBe(1);
    const latencyCount = (text: string) =>
      sample(text, 'verity_http_request_duration_seconds_count', {
        operation: 'verify',
        status_class: '2xx',
      });
    expect(latencyCount(after) - latencyCount(before)).toBe(calls);
    // Each new session went through a group-commit batch.
    expect(sample(after, 'verity_group_commit_batch_size_sum')).toBeGreaterThanOrEqual(
      sample(before, 'verity_group_commit_batch_size_sum') + calls,
    );
    expect(sample(after, 'verity_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
  });

  it('is a 404 like an unknown path for a caller a proxy relays, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await call('/api/metrics', {
        method,
        key: null,
        headers: { 'X-Forwarded-For': '198.51.100.7' },
      });
      expect(response.status, method).toBe(404);
      expect(response.body).toMatchObject({ code: 'NOT_FOUND', status: 404 });
      expect(response.text).not.toContain('verity_');
    }
  });
});
