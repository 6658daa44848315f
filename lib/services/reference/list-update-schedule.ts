// Runs `lists update` every so often while the server runs (LISTS_UPDATE_INTERVAL_HOURS), so the
// sanctions and Tor lists stay within their age limits without an operator's cron job. The
// timers are injected so the tests drive the schedule without waiting.

/** The two timer functions the schedule needs (globalThis's by default). */
export interface ScheduleTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const GLOBAL_TIMERS: ScheduleTimers = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // A pending update must not keep a stopping process alive.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface ListUpdateSchedule {
  /** No further run starts; a run in progress finishes (its import is one transaction per list). */
  stop(): void;
}

/**
 * Calls `run` after `firstDelayMs`, then `intervalMs` after each run ends: runs never overlap, and
 * a slow or failed run (no internet) delays the next instead of piling up. A failure goes to
 * `onError` and the schedule goes on.
 */
export function scheduleListUpdates(options: {
  intervalMs: number;
  firstDelayMs: number;
  run: () => Promise<void>;
  onError: (error: unknown) => void;
  timers?: ScheduleTimers;
}): ListUpdateSchedule {
  const timers = options.timers ?? GLOBAL_TIMERS;
  let stopped = false;
  let handle: unknown;
  const next = (ms: number) => {
    if (stopped) return;
    handle = timers.setTimeout(() => {
      handle = undefined;
      void options
        .run()
        .catch(options.onError)
        .finally(() => next(options.intervalMs));
    }, ms);
  };
  next(options.firstDelayMs);
  return {
    stop() {
      stopped = true;
      if (handle !== undefined) timers.clearTimeout(handle);
      handle = undefined;
    },
  };
}
