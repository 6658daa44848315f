import 'server-only';
import type { IntervalSummary, Series } from '@/lib/contract/console/patterns';
import { PATTERN_INTERVALS } from '@/lib/contract/intervals';
import type { Database } from '@/lib/db/client';
import { emptyRequest } from '@/lib/engine/empty-request';
import { identifierKeys } from '@/lib/engine/graph/identifier-keys';
import { emailEntry } from '@/lib/engine/signals';
import type { EmailInput, PatternInterval } from '@/lib/engine/types';
import type { WorkspaceContext } from './context';
import { intervalSummaries, timeSeries } from './graph/patterns';
import { findIdentifiers, loadPerson } from './graph/person';
import { seriesCacheFor, summaryCacheFor } from './graph/summary-cache';
import { applyView, graphView } from './graph/view';

async function findEmail(db: Database, workspaceId: string, email: EmailInput, now: Date) {
  // An email never needs the SSN hasher.
  const keys = identifierKeys(emptyRequest({ emails: [email] }), () => '');
  // An email only non-sharing workspaces contributed is unknown to the caller.
  const view = await graphView(db, workspaceId);
  const [row] = await applyView(db, view, await findIdentifiers(db, keys));
  if (!row) return null;
  const person = await loadPerson(db, workspaceId, [row], now, [], view);
  if (email.address) person.cleartexts.set(row.id, email.address);
  const graph = person.identifiers.find((r) => r.id === row.id);
  return graph ? { id: row.id, entry: emailEntry(graph, person), view } : null;
}

/** Every interval's summary for one email (the historical summary operation, docs/api/signals.md). */
export async function patternSummary(
  db: Database,
  ctx: WorkspaceContext,
  email: EmailInput,
  now = new Date(),
) {
  const { workspaceId } = ctx;
  const found = await findEmail(db, workspaceId, email, now);
  if (!found) return null;
  // The six windows are independent reads: issue them together rather than one after another.
  const cache = summaryCacheFor(db);
  const entries = await Promise.all(
    PATTERN_INTERVALS.map(async (interval) => {
      const summary = (await intervalSummaries(db, [found.id], interval, now, found.view, cache)).get(
        found.id,
      );
      return [interval, summary ?? { observations: 0, sources: 0 }] as const;
    }),
  );
  const summaries: Record<PatternInterval, IntervalSummary> = Object.fromEntries(entries) as Record<
    PatternInterval,
    IntervalSummary
  >;
  return { ...found.entry, ...summaries };
}

/** Evenly sized buckets over one window for one email (the data behind a sparkline). */
export async function patternTimeseries(
  db: Database,
  ctx: WorkspaceContext,
  email: EmailInput,
  interval: PatternInterval,
  now = new Date(),
): Promise<(ReturnType<typeof emailEntry> & Series) | null> {
  const { workspaceId } = ctx;
  const found = await findEmail(db, workspaceId, email, now);
  if (!found) return null;
  return {
    ...found.entry,
    ...(await timeSeries(db, found.id, interval, now, found.view, seriesCacheFor(db))),
  };
}
