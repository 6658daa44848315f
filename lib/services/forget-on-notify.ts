// Per-workspace caches that every server process empties at the commit of a change anywhere.
import type { Database } from '@/lib/db/client';
import { notificationsFor } from '@/lib/db/notifications';

interface ForgettingCache {
  delete(workspaceId: string): void;
  clear(): void;
}

/**
 * Subscribes `cache` to `channel`, whose payload is the changed workspace's id (the triggers of
 * drizzle/0038), once per pool; call the returned function before each read. A null payload means
 * LISTEN was (re-)established and changes may have been missed, so the whole cache is forgotten.
 */
export function forgetOnNotify(channel: string, cache: ForgettingCache): (db: Database) => void {
  const listening = new WeakSet<Database>();
  return (db) => {
    if (listening.has(db)) return;
    listening.add(db);
    notificationsFor(db)?.subscribe(channel, (workspaceId) =>
      workspaceId ? cache.delete(workspaceId) : cache.clear(),
    );
  };
}
