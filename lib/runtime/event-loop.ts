import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';

// One histogram per server process, started by instrumentation.ts (or on first read): Node samples
// the loop's delay itself every 10 ms, so reading it costs nothing on the request path.
let histogram: IntervalHistogram | undefined;

export function startEventLoopMonitor(): void {
  if (histogram) return;
  histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
}

export interface RuntimeSample {
  /** Event-loop delay since the previous read (the histogram is reset by each read), in ms. */
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  rssBytes: number;
  heapUsedBytes: number;
}

const ms = (nanoseconds: number) => Math.round(nanoseconds / 10_000) / 100;

/** This process's event-loop delay since the last read, and its memory now. */
export function readRuntimeSample(): RuntimeSample {
  startEventLoopMonitor();
  const current = histogram as IntervalHistogram;
  // An empty histogram reports NaN-like extremes; read zeros until it has samples.
  const has = current.count > 0;
  const sample: RuntimeSample = {
    eventLoopDelayMs: {
      p50: has ? ms(current.percentile(50)) : 0,
      p99: has ? ms(current.percentile(99)) : 0,
      max: has ? ms(current.max) : 0,
    },
    rssBytes: process.memoryUsage.rss(),
    heapUsedBytes: process.memoryUsage().heapUsed,
  };
  current.reset();
  return sample;
}
