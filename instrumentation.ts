// Next.js calls register() once when a server process starts: build the reference indexes then,
// in the background, rather than inside the first request that needs them.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // Event-loop delay for GET /api/health?runtime=1 (lib/runtime/event-loop.ts).
  (await import('@/lib/runtime/event-loop')).startEventLoopMonitor();
  const [{ db }, { warmReferenceIndexes }, { safeMessage }] = await Promise.all([
    import('@/lib/db/client'),
    import('@/lib/services/reference/warm-up'),
    import('@/lib/log/safe-error'),
  ]);
  // Webhook deliveries from the outbox, beside the API (lib/services/webhooks/dispatcher.ts).
  const { startWebhookDispatcher } = await import('@/lib/services/webhooks/dispatcher');
  startWebhookDispatcher(db(), (error: unknown) => {
    process.stderr.write(
      `${JSON.stringify({ level: 'warn', msg: 'webhook dispatch failed', error: safeMessage(error instanceof Error ? error.message : String(error)) })}\n`,
    );
  });
  // Continuous monitoring: re-screens recent sessions against what a sanctions list update added
  // (lib/services/monitoring/runs.ts), whether the import ran here or in `npm run lists`.
  const [{ startMonitoring }, { serverSecret }] = await Promise.all([
    import('@/lib/services/monitoring/runs'),
    import('@/lib/config/secret'),
  ]);
  startMonitoring(db(), serverSecret, (error: unknown) => {
    process.stderr.write(
      `${JSON.stringify({ level: 'warn', msg: 'sanctions monitoring failed', error: safeMessage(error instanceof Error ? error.message : String(error)) })}\n`,
    );
  });
  void warmReferenceIndexes(db()).catch((error: unknown) => {
    process.stderr.write(
      `${JSON.stringify({ level: 'warn', msg: 'reference indexes not warmed', error: safeMessage(error instanceof Error ? error.message : String(error)) })}\n`,
    );
  });
}
