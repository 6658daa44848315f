// Issue 36, item 5: what counts as the database's disk being full, and the episode that /api/health
// reports and the log states once (lib/db/storage-full.ts).
import { describe, expect, it } from 'vitest';
import {
  isStorageFull,
  noteStorageFull,
  noteWriteStored,
  STORAGE_CALM_MS,
  STORAGE_EPISODE_MS,
  storageState,
} from '@/lib/db/storage-full';

/** An error as node-postgres raises it: PostgreSQL's SQLSTATE in `code`. */
function pgError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('isStorageFull', () => {
  it("PostgreSQL's disk_full (53100), whatever the message", () => {
    expect(
      isStorageFull(pgError('53100', 'could not extend file "base/5/16402": wrote only 4096 of 8192 bytes')),
    ).toBe(true);
  });

  it('the errno text or code when it comes another way, also as a cause (as drizzle wraps it)', () => {
    expect(
      isStorageFull(new Error('could not write to file "pg_wal/xlogtemp.12": No space left on device')),
    ).toBe(true);
    expect(isStorageFull(Object.assign(new Error('write failed'), { code: 'ENOSPC' }))).toBe(true);
    expect(
      isStorageFull(
        new Error('Failed query: insert ...', { cause: pgError('53100', 'could not extend file') }),
      ),
    ).toBe(true);
  });

  it('other resource and connection failures are not', () => {
    expect(isStorageFull(pgError('53200', 'out of memory'))).toBe(false);
    expect(isStorageFull(pgError('53300', 'too many connections'))).toBe(false);
    expect(isStorageFull(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(isStorageFull('No space left on device')).toBe(false);
  });
});

describe('the storage-full episode', () => {
  it('opens once, stays open through refusals and lone successes, and closes after a calm', () => {
    const t0 = 1_000_000_000;
    expect(storageState(t0)).toBe('ok');
    expect(noteStorageFull(t0)).toBe(true);
    expect(storageState(t0)).toBe('full');
    expect(noteStorageFull(t0 + 100)).toBe(false);
    // A write that fits while others are refused does not end it.
    expect(noteWriteStored(t0 + 200)).toBeNull();
    expect(noteStorageFull(t0 + 1_000)).toBe(false);
    expect(storageState(t0 + 1_000 + STORAGE_CALM_MS - 1)).toBe('full');
    expect(noteWriteStored(t0 + 1_000 + STORAGE_CALM_MS)).toBe(1_000 + STORAGE_CALM_MS);
    expect(storageState(t0 + 1_000 + STORAGE_CALM_MS)).toBe('ok');
    expect(noteWriteStored(t0 + 1_000 + STORAGE_CALM_MS + 1)).toBeNull();
  });

  it('ends by itself when nothing has been refused for a while', () => {
    const t0 = 2_000_000_000;
    expect(noteStorageFull(t0)).toBe(true);
    expect(storageState(t0 + STORAGE_EPISODE_MS)).toBe('full');
    expect(storageState(t0 + STORAGE_EPISODE_MS + 1)).toBe('ok');
    expect(noteStorageFull(t0 + STORAGE_EPISODE_MS + 2)).toBe(true);
    expect(noteWriteStored(t0 + STORAGE_EPISODE_MS + 2 + STORAGE_CALM_MS)).toBe(STORAGE_CALM_MS);
  });
});
