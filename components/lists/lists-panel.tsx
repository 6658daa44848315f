'use client';

import { RelativeTime } from '@/components/sessions/relative-time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import { listFreshness } from '@/lib/engine/lists/freshness';
import { ImportCommand, UPDATE_COMMAND } from './import-command';
import { listAgeText, listWarningText } from './list-age-text';
import { checkName, type GroupedLists, groupLists, type ListStatus } from './list-groups';
import { ListTable } from './list-table';
import styles from './lists.module.css';
import { useListStatus } from './use-list-status';

function WaitingChecks({ group }: { group: GroupedLists }) {
  if (group.missing.length === 0) return null;
  const checks = [...new Set(group.missing.flatMap((kind) => kind.checks))];
  const all = group.lists.length === 0;
  return (
    <div className={styles.missing}>
      <ul aria-label={`${group.spec.title} not loaded`}>
        {group.missing.map((kind) => (
          <li key={kind.category}>
            {kind.label}: <Badge tone="warning">Not loaded</Badge>
          </li>
        ))}
      </ul>
      <p>
        {all ? 'Nothing imported yet' : `Not imported: ${group.missing.map((kind) => kind.label).join(', ')}`}
        . Until then{' '}
        {checks.map((id, i) => (
          <span key={id}>
            {i > 0 ? (i === checks.length - 1 ? ' and ' : ', ') : ''}
            {checkName(id)} (<code>{id}</code>)
          </span>
        ))}{' '}
        {checks.length === 1 ? group.spec.whenMissing.one : group.spec.whenMissing.many}
        {/* IP_TYPE still answers from the IP lists that are loaded; it waits only when none is. */}
        {all || group.spec.key !== 'ip' ? (
          <>
            : in results and case reports {checks.length === 1 ? 'it shows' : 'they show'}{' '}
            <q>List not loaded</q>, not a pass
          </>
        ) : null}
        .
      </p>
      <p>
        {group.spec.key === 'ssa' ? (
          <>
            Load them with <code>npm run lists -- import DIR</code> (the SSA tables ship in{' '}
            <code>reference-data/ssn</code>).
          </>
        ) : (
          <>
            Load them with <code>{UPDATE_COMMAND}</code> (downloads the official lists) or{' '}
            <code>npm run lists -- import DIR</code> (a folder of list files).
          </>
        )}
      </p>
    </div>
  );
}

function GroupCard({ group, now }: { group: GroupedLists; now: Date }) {
  const headingId = `lists-${group.spec.key}-heading`;
  const entries = group.lists.reduce((sum, list) => sum + list.entries, 0);
  return (
    <Card
      title={group.spec.title}
      labelledBy={headingId}
      description={
        group.lists.length === 0
          ? 'None imported'
          : `${group.lists.length === 1 ? 'One list' : `${group.lists.length} lists`}, ${entries.toLocaleString()} entries`
      }
    >
      {group.lists.length > 0 ? <ListTable group={group} now={now} /> : null}
      <WaitingChecks group={group} />
    </Card>
  );
}

function latestImport(lists: readonly ListStatus[]): string | null {
  return lists.reduce<string | null>(
    (latest, list) => (latest === null || list.importedAt > latest ? list.importedAt : latest),
    null,
  );
}

/** A callout naming every list past its age limit or without a date, so a stale list cannot pass unseen. */
function StaleLists({ lists, now }: { lists: readonly ListStatus[]; now: Date }) {
  const flagged = lists.flatMap((list) => {
    const freshness = listFreshness(list, now);
    const warning = listWarningText(freshness);
    return warning ? [{ list, freshness, warning }] : [];
  });
  if (flagged.length === 0) return null;
  return (
    <section className={`callout callout-warning ${styles.stale}`} aria-labelledby="lists-stale-heading">
      <h2 id="lists-stale-heading" className="callout-title">
        {flagged.length === 1 ? 'One list is' : `${flagged.length} lists are`} stale or undated
      </h2>
      <p>
        Sanctions lists older than 7 days and Tor exit lists older than a day can miss new entries, so a clean
        answer from them is weaker than it looks. Update them with <code>{UPDATE_COMMAND}</code>, or set{' '}
        <code>LISTS_UPDATE_INTERVAL_HOURS</code> to update them on a schedule.
      </p>
      <ul>
        {flagged.map(({ list, freshness, warning }) => (
          <li key={`${list.category}:${list.name}`}>
            <code>{list.name}</code>: {listAgeText(freshness)} ({warning})
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The reference lists the checks read, grouped, with their dates, sizes and ages. */
export function ListsPanel() {
  const lists = useListStatus();

  const refresh = (
    <Button size="sm" onClick={() => lists.refetch()} busy={lists.isFetching && !lists.isPending}>
      Refresh
    </Button>
  );

  if (lists.isPending) {
    return (
      <Card>
        <Skeleton lines={6} label="Loading the lists" />
      </Card>
    );
  }
  if (lists.isError) {
    return <ProblemCallout error={lists.error} title="The lists could not be loaded" action={refresh} />;
  }

  const groups = groupLists(lists.data);
  const latest = latestImport(lists.data);
  // Ages count from the moment the answer arrived, so a re-render does not shift them.
  const now = new Date(lists.dataUpdatedAt);
  return (
    <>
      {lists.data.length === 0 ? (
        <section className={`card ${styles.empty}`} aria-labelledby="lists-empty-heading">
          <div className="card-header">
            <h2 id="lists-empty-heading">No reference lists imported yet</h2>
            {refresh}
          </div>
          <p>
            Import them from a folder of list files (sanctions CSV/XML, Tor, iCloud Private Relay, VPN and
            data-center ranges, SSA tables; sub-folders are searched) on the server:
          </p>
          <ImportCommand />
          <p className="field-hint">
            Imports replace a list of the same name whole. This page can take a few seconds to show a new
            import.
          </p>
        </section>
      ) : (
        <div className={styles.toolbar}>
          <p className="muted">
            {lists.data.length === 1 ? 'One list' : `${lists.data.length} lists`} loaded
            {latest ? (
              <>
                ; last import <RelativeTime iso={latest} layout="inline" />
              </>
            ) : null}
            . Update them with <code>{UPDATE_COMMAND}</code> or <code>npm run lists -- import DIR</code>.
          </p>
          {refresh}
        </div>
      )}
      <StaleLists lists={lists.data} now={now} />
      {groups.map((group) => (
        <GroupCard key={group.spec.key} group={group} now={now} />
      ))}
    </>
  );
}
