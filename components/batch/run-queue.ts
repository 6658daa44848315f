// A small worker pool: at most `concurrency` items in flight, in order, until done or aborted.

export async function runQueue(
  items: readonly number[],
  concurrency: number,
  signal: AbortSignal,
  work: (item: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  async function worker(): Promise<void> {
    while (!signal.aborted) {
      const item = items[next];
      next += 1;
      if (item === undefined) return;
      await work(item);
    }
  }
  const workers = Math.max(1, Math.min(concurrency, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
}

/** Time left from the pace so far (finished rows per elapsed time, concurrency included). */
export function estimateRemainingMs(elapsedMs: number, finished: number, remaining: number): number | null {
  if (finished === 0 || remaining === 0) return remaining === 0 ? 0 : null;
  return (elapsedMs / finished) * remaining;
}

export function formatDuration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}
