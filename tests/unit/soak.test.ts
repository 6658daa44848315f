import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processTree, treeMemory } from '@/lib/soak/process-tree';
import { type SoakSample, soakVerdict } from '@/lib/soak/verdict';

const sample = (at: number, nodeMb: number, errors = 0): SoakSample => ({
  at,
  requests: 100,
  errors,
  p50Ms: 10,
  p99Ms: 40,
  loopP99Ms: 5,
  loopMaxMs: 9,
  nodeMb,
  totalMb: nodeMb + 100,
});

describe('soakVerdict', () => {
  const bounds = { warmUpSeconds: 20, maxGrowthMb: 64 };

  it('passes a run without errors whose memory floor stays put, however the collector swings it', () => {
    // Warm-up climb to 300 MB ignored; afterwards swings of 80 MB around a floor of 300.
    const memory = [150, 250, 300, 380, 300, 370, 305, 390, 302, 360, 301, 385];
    const verdict = soakVerdict(
      memory.map((mb, i) => sample(i * 5, mb)),
      bounds,
    );
    expect(verdict).toMatchObject({ ok: true, requests: 1200, errors: 0, baselineMb: 300, finalMb: 301 });
  });

  it('fails a floor that climbs past the bound after warm-up', () => {
    // After warm-up (from 20 s): 320 → 425 MB, the floor of the last third 90 MB above the first's.
    const memory = [150, 250, 300, 310, 320, 335, 350, 365, 380, 395, 410, 425];
    const verdict = soakVerdict(
      memory.map((mb, i) => sample(i * 5, mb)),
      bounds,
    );
    expect(verdict.ok).toBe(false);
    expect(verdict.growthMb).toBe(90);
    expect(verdict.reasons.join()).toContain('grew by 90 MB');
  });

  it('fails on a single error, and when too few samples follow the warm-up', () => {
    const flat = Array.from({ length: 12 }, (_, i) => sample(i * 5, 300, i === 7 ? 1 : 0));
    expect(soakVerdict(flat, bounds)).toMatchObject({ ok: false, errors: 1 });
    const short = soakVerdict([sample(0, 300), sample(25, 300), sample(30, 300)], bounds);
    expect(short.ok).toBe(false);
    expect(short.reasons.join()).toContain('memory samples after warm-up');
  });
});

describe('processTree / treeMemory', () => {
  it('finds a child of this process and counts this Node.js process', async () => {
    const child = spawn('sleep', ['5']);
    try {
      await new Promise((r) => setTimeout(r, 100));
      expect(processTree(process.pid)).toContain(child.pid);
      const memory = treeMemory(process.pid);
      expect(memory?.processes).toBeGreaterThanOrEqual(2);
      // This process alone is tens of megabytes; the tree holds at least that.
      expect(memory?.nodeBytes).toBeGreaterThan(20e6);
      expect(memory?.totalBytes).toBeGreaterThanOrEqual(memory?.nodeBytes ?? 0);
      expect(treeMemory(2 ** 22 + 1)).toBeNull();
    } finally {
      child.kill();
    }
  });
});
