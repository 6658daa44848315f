// The scheduled `lists update` (LISTS_UPDATE_INTERVAL_HOURS): runs on an injected clock, never
// overlaps, survives a failure, stops when told; its run downloads from a local HTTP server (never
// the internet) and imports the folder only when something was downloaded.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfficialSource } from '@/lib/reference/official-sources';
import {
  lastModifiedOf,
  manifestDates,
  readManifest,
  recordDownloads,
} from '@/lib/services/reference/download-manifest';
import type { ImportSummary } from '@/lib/services/reference/import-lists';
import { type ScheduleTimers, scheduleListUpdates } from '@/lib/services/reference/list-update-schedule';
import { pruneUpdateDirs, updateDir, updateLists } from '@/lib/services/reference/update-lists';

const HOUR = 3_600_000;

const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

/** A hand-driven clock: `advance` fires every timer that falls due, in order. */
function fakeTimers() {
  let now = 0;
  let nextId = 0;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const timers: ScheduleTimers = {
    setTimeout: (callback, ms) => {
      nextId += 1;
      pending.set(nextId, { at: now + ms, callback });
      return nextId;
    },
    clearTimeout: (handle) => {
      pending.delete(handle as number);
    },
  };
  const advance = async (ms: number) => {
    const until = now + ms;
    for (;;) {
      // Let finished runs schedule their next timer before looking for due ones.
      await settle();
      const due = [...pending.entries()]
        .filter(([, t]) => t.at <= until)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      pending.delete(due[0]);
      now = due[1].at;
      due[1].callback();
    }
    now = until;
  };
  return { timers, advance, pending: () => pending.size, now: () => now };
}

const emptySummary = (dir: string): ImportSummary => ({
  dir,
  imported: [],
  skipped: [],
  totalEntries: 0,
  ms: 0,
});

describe('scheduleListUpdates', () => {
  it('runs after the first delay, then every interval after each run ends', async () => {
    const clock = fakeTimers();
    const runs: number[] = [];
    const schedule = scheduleListUpdates({
      intervalMs: 6 * HOUR,
      firstDelayMs: 60_000,
      run: async () => {
        runs.push(clock.now());
      },
      onError: () => undefined,
      timers: clock.timers,
    });
    await clock.advance(59_999);
    expect(runs).toEqual([]);
    await clock.advance(1);
    expect(runs).toEqual([60_000]);
    await clock.advance(6 * HOUR);
    expect(runs).toEqual([60_000, 60_000 + 6 * HOUR]);
    await clock.advance(12 * HOUR);
    expect(runs).toHaveLength(4);
    schedule.stop();
    expect(clock.pending()).toBe(0);
    await clock.advance(24 * HOUR);
    expect(runs).toHaveLength(4);
  });

  it('never overlaps a slow run and keeps going after a failure', async () => {
    const clock = fakeTimers();
    const errors: unknown[] = [];
    let calls = 0;
    let finish: (() => void) | undefined;
    const schedule = scheduleListUpdates({
      intervalMs: HOUR,
      firstDelayMs: 0,
      run: () => {
        calls += 1;
        if (calls === 1) return Promise.reject(new Error('no internet'));
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
      onError: (error) => errors.push(error),
      timers: clock.timers,
    });
    await clock.advance(0);
    expect(errors).toHaveLength(1);
    await clock.advance(HOUR);
    expect(calls).toBe(2);
    // The second run hangs: no third starts however long it takes.
    await clock.advance(10 * HOUR);
    expect(calls).toBe(2);
    finish?.();
    await clock.advance(0);
    await clock.advance(HOUR);
    expect(calls).toBe(3);
    schedule.stop();
  });
});

let server: Server;
let base = '';
const tor = path.resolve(process.cwd(), 'reference-data/ip/tor/exit-addresses');

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/exit-addresses') {
      response.writeHead(200, { 'Last-Modified': 'Fri, 27 Nov 2026 18:00:00 GMT' }).end(readFileSync(tor));
    } else response.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('updateLists (a scheduled run) against a local HTTP server', () => {
  it('downloads into the dated folder and imports it; imports nothing when every download fails', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'verity-schedule-'));
    try {
      const dir = updateDir(dataDir, new Date('2026-11-28T06:00:00Z'));
      expect(dir).toBe(path.join(dataDir, 'lists', '2026-11-28'));
      const imported: string[] = [];
      const importDir = async (folder: string) => {
        imported.push(folder);
        return emptySummary(folder);
      };
      const sources: OfficialSource[] = [
        { url: `${base}/exit-addresses`, file: 'tor/exit-addresses', label: 'Tor' },
        { url: `${base}/missing.csv`, file: 'uk/ConList.csv', label: 'UK' },
      ];
      const run = await updateLists({ sources, dir, importDir });
      expect(run.downloads.downloaded.map((d) => d.file)).toEqual(['tor/exit-addresses']);
      expect(run.downloads.failed).toEqual([{ url: `${base}/missing.csv`, reason: 'HTTP 404' }]);
      expect(imported).toEqual([dir]);
      expect(run.summary).not.toBeNull();
      expect(existsSync(path.join(dir, 'tor/exit-addresses'))).toBe(true);

      const none = await updateLists({ sources: sources.slice(1), dir, importDir });
      expect(none.summary).toBeNull();
      expect(imported).toHaveLength(1);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps the newest dated download folders only, and leaves other folders alone', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'verity-prune-'));
    try {
      for (const name of ['2026-11-20', '2026-11-21', '2026-11-22', 'by-hand']) {
        await mkdir(path.join(dataDir, 'lists', name), { recursive: true });
      }
      expect(await pruneUpdateDirs(dataDir, 2)).toEqual(['2026-11-20']);
      expect((await readdir(path.join(dataDir, 'lists'))).sort()).toEqual([
        '2026-11-21',
        '2026-11-22',
        'by-hand',
      ]);
      expect(await pruneUpdateDirs(path.join(dataDir, 'nothing-here'), 2)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the download manifest', () => {
  it('dates each downloaded file by its download, for files that state no date', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'verity-manifest-'));
    try {
      const at = new Date();
      await recordDownloads(dir, {
        'ofac-sdn/sdn.csv': {
          url: 'https://example.invalid/SDN.CSV',
          downloadedAt: at.toISOString(),
          lastModified: lastModifiedOf('Tue, 03 Nov 2026 10:00:00 GMT'),
        },
      });
      // A second run adds to it; a file it did not fetch keeps its entry.
      await recordDownloads(dir, {
        'tor/exit-addresses': { url: 'x', downloadedAt: at.toISOString(), lastModified: null },
      });
      const manifest = await readManifest(dir);
      expect(Object.keys(manifest).sort()).toEqual(['ofac-sdn/sdn.csv', 'tor/exit-addresses']);
      expect(manifest['ofac-sdn/sdn.csv']?.lastModified).toBe('2026-11-03T10:00:00.000Z');
      const dateOf = manifestDates();
      expect((await dateOf(path.join(dir, 'ofac-sdn', 'sdn.csv')))?.toISOString()).toBe(at.toISOString());
      expect(await dateOf(path.join(dir, 'ofac-sdn', 'add.csv'))).toBeNull();
      // The shipped snapshot has no manifest: its OFAC files stay undated.
      expect(
        await manifestDates()(path.resolve('reference-data/sanctions/ofac-sdn-2021-07/sdn.csv')),
      ).toBeNull();
      expect(lastModifiedOf('not a date')).toBeNull();
      expect(lastModifiedOf(null)).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is written by the downloader beside the files it fetched', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'verity-manifest-dl-'));
    try {
      const dir = path.join(dataDir, 'lists', '2026-11-28');
      const sources: OfficialSource[] = [
        { url: `${base}/exit-addresses`, file: 'tor/exit-addresses', label: 'Tor' },
        { url: `${base}/missing.csv`, file: 'uk/ConList.csv', label: 'UK' },
      ];
      await updateLists({ sources, dir, importDir: async (folder) => emptySummary(folder) });
      const manifest = await readManifest(dir);
      expect(Object.keys(manifest)).toEqual(['tor/exit-addresses']);
      expect(manifest['tor/exit-addresses']?.lastModified).toBe('2026-11-27T18:00:00.000Z');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
