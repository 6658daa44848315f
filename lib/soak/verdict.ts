// The soak's figures and its verdict, as pure functions of the samples it took.

export interface SoakSample {
  /** Seconds since the load started. */
  at: number;
  requests: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  /** The Next.js server's own event-loop delay over the interval (GET /api/health?runtime=1). */
  loopP99Ms: number;
  loopMaxMs: number;
  /** Memory of the server's Node.js processes and of the whole tree with PostgreSQL, in MB. */
  nodeMb: number;
  totalMb: number;
}

export interface SoakBounds {
  /** Samples before this second are warm-up (route modules loading, caches filling). */
  warmUpSeconds: number;
  /** Largest growth of the Node.js processes' memory after warm-up, in MB. */
  maxGrowthMb: number;
}

export interface SoakVerdict {
  ok: boolean;
  requests: number;
  errors: number;
  /** Node.js memory: the lowest sample of the first third after warm-up, and of the last third. */
  baselineMb: number;
  finalMb: number;
  growthMb: number;
  peakTotalMb: number;
  worstP99Ms: number;
  worstLoopP99Ms: number;
  reasons: string[];
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * No errors at all, and the Node.js memory after warm-up grows by less than the bound: the lowest
 * sample of the last third against the lowest of the first third after warm-up. A sample's peak
 * is whatever the garbage collector has not yet done; what leaks raises the floor.
 */
export function soakVerdict(samples: SoakSample[], bounds: SoakBounds): SoakVerdict {
  const warm = samples.filter((s) => s.at >= bounds.warmUpSeconds && s.nodeMb > 0);
  const reasons: string[] = [];
  const requests = samples.reduce((n, s) => n + s.requests, 0);
  const errors = samples.reduce((n, s) => n + s.errors, 0);
  if (requests === 0) reasons.push('no request was made');
  if (errors > 0) reasons.push(`${errors} requests failed`);
  let baselineMb = 0;
  let finalMb = 0;
  if (warm.length < 4) {
    reasons.push(`only ${warm.length} memory samples after warm-up: run longer or sample more often`);
  } else {
    const third = Math.max(2, Math.floor(warm.length / 3));
    baselineMb = Math.min(...warm.slice(0, third).map((s) => s.nodeMb));
    finalMb = Math.min(...warm.slice(-third).map((s) => s.nodeMb));
    if (finalMb - baselineMb > bounds.maxGrowthMb) {
      reasons.push(
        `server memory grew by ${round(finalMb - baselineMb)} MB after warm-up (bound ${bounds.maxGrowthMb} MB)`,
      );
    }
  }
  return {
    ok: reasons.length === 0,
    requests,
    errors,
    baselineMb: round(baselineMb),
    finalMb: round(finalMb),
    growthMb: round(finalMb - baselineMb),
    peakTotalMb: round(Math.max(0, ...samples.map((s) => s.totalMb))),
    worstP99Ms: round(Math.max(0, ...samples.map((s) => s.p99Ms))),
    worstLoopP99Ms: round(Math.max(0, ...samples.map((s) => s.loopP99Ms))),
    reasons,
  };
}
