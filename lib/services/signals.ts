import 'server-only';
import type { IntervalSummary } from '@/lib/contract/console/patterns';
import type { Database } from '@/lib/db/client';
import type { IdentifierKey } from '@/lib/engine/graph/identifier-keys';
import { emailEntry, passesCountryFilters, personSignals } from '@/lib/engine/signals';
import type { NormalizedSignalsRequest, PatternInterval } from '@/lib/engine/types';
import type { WorkspaceContext } from './context';
import { deletedForReading } from './deletion';
import { graphKeys } from './graph/keys';
import { intervalSummaries } from './graph/patterns';
import { findIdentifiers, loadPerson } from './graph/person';
import { personAtAddress } from './graph/residents';
import { summaryCacheFor } from './graph/summary-cache';
import { applyView, graphView } from './graph/view';
import { recordCall } from './record-calls';

export type SignalsOutcome =
  | { kind: 'no_content' }
  | { kind: 'person'; body: ReturnType<typeof personSignals> }
  | {
      kind: 'patterns';
      body: { emails: (ReturnType<typeof emailEntry> & Partial<Record<PatternInterval, IntervalSummary>>)[] };
    };

/**
 * Signals: the resolved person behind the identifiers, or with patternInterval the per-email
 * summaries, as the graph was before this call. The call is then itself one `signals`
 * observation of every identifier it carries, known or not, linking them (as a Verify call),
 * unless it is an analyst's lookup from the console.
 */
export async function signals(
  db: Database,
  ctx: WorkspaceContext & { via?: 'key' | 'console' },
  input: NormalizedSignalsRequest,
  now: Date = new Date(),
): Promise<SignalsOutcome> {
  const { workspaceId } = ctx;
  // A deleted identifier is unknown here: 204 when nothing else matches, never a 410 that would
  // tell one workspace about another's deletion request beyond what Verify must.
  const asked = graphKeys(input);
  const deleted = new Set(await deletedForReading(db, asked, workspaceId));
  const outcome = await lookUp(
    db,
    workspaceId,
    input,
    asked.filter((k) => !deleted.has(k)),
    now,
  );
  // Like a Verify call that carries a deleted identifier (410), such a call stores nothing; an
  // analyst's lookup from the console is not the applicant's activity and stores nothing either.
  if (deleted.size === 0 && asked.length > 0 && ctx.via !== 'console') {
    // Through the group commit, which re-checks the tombstones under their locks: a deletion
    // since the lookup must not be re-learned (the call is then simply not recorded).
    await recordCall(db, { workspaceId, call: { type: 'signals', keys: asked, at: now } });
  }
  return outcome;
}

/** The answer from the graph as it stands; reads only. */
async function lookUp(
  db: Database,
  workspaceId: string,
  input: NormalizedSignalsRequest,
  keys: IdentifierKey[],
  now: Date,
): Promise<SignalsOutcome> {
  // What the caller may see: identifiers only non-sharing workspaces contributed are unknown.
  const view = await graphView(db, workspaceId);
  const matched = await applyView(db, view, await findIdentifiers(db, keys));
  if (matched.length === 0) return { kind: 'no_content' };
  const found = await personAtAddress(db, input, matched, view);
  const person = await loadPerson(db, workspaceId, matched, now, found, view);
  // The caller supplied these cleartexts in this very request: they may see them (and keep them).
  const supplied = new Map(
    keys.flatMap((k) => (k.kind === 'email' && k.address ? [[k.value, k.address] as const] : [])),
  );
  for (const row of matched) {
    const address = supplied.get(row.value);
    if (row.kind === 'email' && address) person.cleartexts.set(row.id, address);
  }
  if (!passesCountryFilters(person.identifiers, input.countries, input.excludedCountries))
    return { kind: 'no_content' };
  if (!input.patternInterval) return { kind: 'person', body: personSignals(person) };

  const interval = input.patternInterval;
  const emails = person.identifiers.filter((r) => r.kind === 'email');
  const summaries = await intervalSummaries(
    db,
    emails.map((e) => e.id),
    interval,
    now,
    view,
    summaryCacheFor(db),
  );
  return {
    kind: 'patterns',
    body: {
      emails: emails
        .sort((a, b) => (person.confidence.get(b.id) ?? 0) - (person.confidence.get(a.id) ?? 0))
        .map((row) => ({
          ...emailEntry(row, person),
          [interval]: summaries.get(row.id) ?? { observations: 0, sources: 0 },
        })),
    },
  };
}
