// The request path's metrics calls: a few increments in memory, nothing awaited.
import { metrics } from './registry';

export function recordRequest(operation: string, status: number, elapsedMs: number): void {
  const { requests, latency } = metrics();
  requests.inc({ operation, status: String(status) });
  latency.observe({ operation, status_class: `${Math.floor(status / 100)}xx` }, elapsedMs / 1000);
}

export function recordBatch(size: number, waitedMs: number): void {
  const { batchSize, batchWait } = metrics();
  batchSize.observe(size);
  batchWait.observe(waitedMs / 1000);
}

export function recordUsageFlush(ok: boolean, elapsedMs: number): void {
  const { usageFlushes, usageFlushSeconds } = metrics();
  usageFlushes.inc({ result: ok ? 'ok' : 'failed' });
  usageFlushSeconds.observe(elapsedMs / 1000);
}
