// The short soak: `npm run soak` for 45 s at a steady 10 calls/s (Verify, Signals, events) against
// a production server of its own. Fails on any error, on memory growth past the script's bound
// after warm-up, or when the event-loop delay cannot be read; the 10-minute run is in
// docs/reliability.md.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { externalDatabase } from '../../scripts/support/test-database';

const run = promisify(execFile);

interface Summary {
  ok: boolean;
  requests: number;
  errors: number;
  growthMb: number;
  maxGrowthMb: number;
  reasons: string[];
  errorKinds: Record<string, number>;
  samples: { at: number; requests: number; loopMaxMs: number; nodeMb: number; totalMb: number }[];
}

describe('npm run soak (short)', () => {
  it('45 s at 10 calls/s: no errors, memory within the bound, event loop and memory sampled', async () => {
    const args = ['node_modules/tsx/dist/cli.mjs', 'scripts/soak.ts', '--seconds', '45', '--rate', '10'];
    const options = ['--sample', '3', '--warm-up', '15', '--max-growth', '64', '--json'];
    let stdout: string;
    try {
      ({ stdout } = await run(process.execPath, [...args, ...options], { env: { ...process.env } }));
    } catch (error) {
      // A failed verdict exits 1 with the summary on stdout: show why.
      const failed = error as { stdout?: string; stderr?: string };
      throw new Error(`soak failed:\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`);
    }
    const summary = JSON.parse(stdout) as Summary;
    expect(summary.errorKinds).toEqual({});
    expect(summary.errors).toBe(0);
    expect(summary.ok, summary.reasons.join('; ')).toBe(true);
    expect(summary.growthMb).toBeLessThanOrEqual(64);
    // A steady rate: 45 s at 10/s, give or take the ramp and the last calls.
    expect(summary.requests).toBeGreaterThan(400);
    expect(summary.requests).toBeLessThan(460);
    expect(summary.samples.length).toBeGreaterThanOrEqual(14);
    for (const sample of summary.samples) {
      expect(sample.nodeMb, `node memory at ${sample.at} s`).toBeGreaterThan(50);
      // The tree holds the embedded PostgreSQL too; an external one is another machine's memory.
      if (externalDatabase()) expect(sample.totalMb).toBeGreaterThanOrEqual(sample.nodeMb);
      else expect(sample.totalMb).toBeGreaterThan(sample.nodeMb);
    }
    // The server's event loop was read each time (its max delay is never exactly 0 under load).
    expect(summary.samples.filter((s) => s.loopMaxMs > 0).length).toBeGreaterThan(summary.samples.length / 2);
  }, 180_000);
});

describe('GET /api/health?runtime=1 (what the soak reads)', () => {
  const health = async (query: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${inject('baseUrl')}/api/health${query}`, { headers });
    expect(response.status).toBe(200);
    return (await response.json()) as { status: string; runtime?: Record<string, unknown> };
  };

  it('adds the event-loop delay and memory for a direct caller on this machine who asks', async () => {
    const body = await health('?runtime=1');
    expect(body.runtime).toEqual({
      eventLoopDelayMs: { p50: expect.any(Number), p99: expect.any(Number), max: expect.any(Number) },
      rssBytes: expect.any(Number),
      heapUsedBytes: expect.any(Number),
    });
    expect(body.runtime?.rssBytes).toBeGreaterThan(50e6);
  });

  it('not unasked, and not for a request a proxy relays from elsewhere', async () => {
    expect((await health('')).runtime).toBeUndefined();
    expect((await health('?runtime=1', { 'X-Forwarded-For': '203.0.113.7' })).runtime).toBeUndefined();
    expect((await health('?runtime=1', { Forwarded: 'for=203.0.113.7' })).runtime).toBeUndefined();
  });
});
