// A full disk under the database is an outage of writes, not a bug: PostgreSQL refuses the write
// (SQLSTATE 53100 disk_full, "could not extend file ...: No space left on device"), keeps
// everything it acknowledged, and takes writes again as soon as space is freed. The API answers
// 503 STORAGE_FULL with Retry-After meanwhile; this module recognises the failure and keeps the
// episode (per server process) for /api/health and for logging it once rather than per request.

/** PostgreSQL's disk_full (class 53, insufficient resources). */
const DISK_FULL_SQLSTATE = '53100';
/** The errno, when the failure reaches us another way (a file write, a driver that keeps only the text). */
const NO_SPACE = /\bENOSPC\b|No space left on device/i;

/** Whether the failure (or one of its causes) is the database's storage being full. */
export function isStorageFull(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (code === DISK_FULL_SQLSTATE || code === 'ENOSPC') return true;
    if (NO_SPACE.test(current.message)) return true;
    current = (current as Error & { cause?: unknown }).cause;
  }
  return false;
}

/**
 * An episode ends at a write that goes through once no write has been refused for STORAGE_CALM_MS
 * (while the disk is full some writes still fit in pages with room, so one success says nothing),
 * or when no write has been refused for STORAGE_EPISODE_MS (nothing says the disk is still full).
 */
export const STORAGE_CALM_MS = 5_000;
export const STORAGE_EPISODE_MS = 60_000;

let episode: { since: number; lastRefused: number } | null = null;

function current(now: number): typeof episode {
  if (episode && now - episode.lastRefused > STORAGE_EPISODE_MS) episode = null;
  return episode;
}

/** Records a write refused for want of space; true when it opens an episode (log it then). */
export function noteStorageFull(now = Date.now()): boolean {
  const open = current(now);
  if (open) {
    open.lastRefused = now;
    return false;
  }
  episode = { since: now, lastRefused: now };
  return true;
}

/** Records a write that went through; the length of the episode it ends, if it ends one (ms). */
export function noteWriteStored(now = Date.now()): number | null {
  const open = current(now);
  if (!open || now - open.lastRefused < STORAGE_CALM_MS) return null;
  episode = null;
  return now - open.since;
}

/** `full` while an episode is open in this process. */
export function storageState(now = Date.now()): 'ok' | 'full' {
  return current(now) ? 'full' : 'ok';
}
