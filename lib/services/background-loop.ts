// A server process's background work (webhook deliveries, sanctions monitoring): one pass at a
// time, run at start, when the channel is notified at another transaction's commit, and on a timer
// for what no notification announces; a wake-up during a pass runs one more pass after it.
import type { Database } from '@/lib/db/client';
import { notificationsFor } from '@/lib/db/notifications';

export function startBackgroundLoop(
  db: Database,
  options: { channel: string; pollMs: number; pass: () => Promise<void>; onError: (error: unknown) => void },
): () => void {
  let running = false;
  let again = false;
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await options.pass();
      } while (again);
    } catch (error) {
      options.onError(error);
    } finally {
      running = false;
    }
  };
  const subscription = notificationsFor(db)?.subscribe(options.channel, () => void run());
  const timer = setInterval(() => void run(), options.pollMs);
  timer.unref();
  void run();
  return () => {
    clearInterval(timer);
    void subscription?.close();
  };
}
