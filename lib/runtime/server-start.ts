// The work a server process starts beside the API once Next.js registers it (instrumentation.ts).
// Node.js only: it lives apart from instrumentation.ts, which Next.js also compiles for the Edge
// runtime, where `process.stderr` would be a build warning.

import { serverSecret } from '@/lib/config/secret';
import { db, poolStats } from '@/lib/db/client';
import { safeMessage } from '@/lib/log/safe-error';
import { metrics } from '@/lib/metrics/registry';
import { startEventLoopMonitor } from '@/lib/runtime/event-loop';
import { startMonitoring } from '@/lib/services/monitoring/runs';
import { listStatus } from '@/lib/services/reference/list-status';
import { warmReferenceIndexes } from '@/lib/services/reference/warm-up';
import { webhookBacklog } from '@/lib/services/webhooks/backlog';
import { startWebhookDispatcher } from '@/lib/services/webhooks/dispatcher';
import { startTracing } from '@/lib/telemetry/start';

function warn(msg: string, error: unknown): void {
  const text = safeMessage(error instanceof Error ? error.message : String(error));
  process.stderr.write(`${JSON.stringify({ level: 'warn', msg, error: text })}\n`);
}

/** What the operator's metrics read when scraped (lib/metrics/registry.ts). */
function connectMetrics(): void {
  const { sources } = metrics();
  sources.pool = poolStats;
  sources.webhookBacklog = () => webhookBacklog(db());
  sources.listAges = async () => {
    const now = Date.now();
    const lists = await listStatus(db());
    return Object.fromEntries(lists.map((list) => [list.name, (now - Date.parse(list.importedAt)) / 1000]));
  };
}

export function startServerProcess(): void {
  // First: a span started before the provider is registered would go nowhere. Without an OTLP
  // endpoint nothing starts (docs/tracing.md).
  startTracing();
  connectMetrics();
  // Event-loop delay for GET /api/health?runtime=1 (lib/runtime/event-loop.ts).
  startEventLoopMonitor();
  // Webhook deliveries from the outbox, beside the API (lib/services/webhooks/dispatcher.ts).
  startWebhookDispatcher(db(), (error: unknown) => warn('webhook dispatch failed', error));
  // Continuous monitoring: re-screens recent sessions against what a sanctions list update added
  // (lib/services/monitoring/runs.ts), whether the import ran here or in `npm run lists`.
  startMonitoring(db(), serverSecret, (error: unknown) => warn('sanctions monitoring failed', error));
  // The reference indexes are built in the background rather than inside the first request.
  void warmReferenceIndexes(db()).catch((error: unknown) => warn('reference indexes not warmed', error));
}
