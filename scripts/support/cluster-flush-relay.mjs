// The primary's half of lib/runtime/sibling-flush.ts: a reader in one web server process that
// must see every process's in-memory counts (API usage) asks here, the other processes flush, and
// the reader is told once they all have, or at FLUSH_MS. Only processes that said they keep such
// counts (verity:flush-ready, sent when their counter starts) are asked and waited for.
// Messages: flush-ready; flush-siblings -> flush to each; flushed from each -> siblings-flushed.

/** A sibling's flush is one upsert; under load it may queue behind requests for a while. */
export const FLUSH_MS = 3000;

/** @param {import('node:cluster').Cluster} cluster */
export function flushRelay(cluster) {
  /** @type {Set<number>} workers whose counters answer flush requests */
  const ready = new Set();
  /** @type {Map<string, { asker: import('node:cluster').Worker, pending: Set<number>, timer: NodeJS.Timeout }>} */
  const flushes = new Map();

  function settle(id) {
    const flush = flushes.get(id);
    if (!flush) return;
    flushes.delete(id);
    clearTimeout(flush.timer);
    if (flush.asker.isConnected()) flush.asker.send({ type: 'verity:siblings-flushed', id });
  }

  function ask(asker, id) {
    const siblings = Object.values(cluster.workers ?? {}).filter(
      (other) => other !== undefined && other.id !== asker.id && ready.has(other.id) && other.isConnected(),
    );
    const timer = setTimeout(() => settle(id), FLUSH_MS);
    flushes.set(id, { asker, pending: new Set(siblings.map((sibling) => sibling.id)), timer });
    for (const sibling of siblings) sibling.send({ type: 'verity:flush', id });
    if (siblings.length === 0) settle(id);
  }

  function answered(worker, id) {
    const flush = flushes.get(id);
    if (!flush) return;
    flush.pending.delete(worker.id);
    if (flush.pending.size === 0) settle(id);
  }

  return {
    /** A message from a worker; anything not of this relay is ignored. */
    onMessage(worker, message) {
      if (message?.type === 'verity:flush-ready') ready.add(worker.id);
      if (typeof message?.id !== 'string') return;
      if (message.type === 'verity:flush-siblings') ask(worker, message.id);
      else if (message.type === 'verity:flushed') answered(worker, message.id);
    },
    /** A worker is gone: no flush waits for it any longer. */
    forget(workerId) {
      ready.delete(workerId);
      for (const [id, flush] of flushes) {
        flush.pending.delete(workerId);
        if (flush.pending.size === 0) settle(id);
      }
    },
  };
}
