'use client';

import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { consoleFetch } from '@/components/data/console-fetch';
import { SessionListActions } from '@/components/lists/session-list-actions';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import type { SessionSearch } from '@/lib/contract/console/sessions';
import styles from './sessions.module.css';
import { SessionsTable } from './sessions-table';

const FOUND_AS: Record<NonNullable<SessionSearch['matched']>, string> = {
  session: 'the session with this id',
  request: 'the session of this request id',
  email: 'sessions that used this email',
  phone: 'sessions that used this phone',
  ip: 'sessions that came from this IP address',
  ssn: 'sessions that gave this SSN',
  address: 'sessions that gave this address',
  'ssn-last-four': 'sessions whose SSN ends with these four digits',
  name: 'sessions of applicants with this name',
};

/** Writes the search into the address, so it survives a reload and can be shared. */
function remember(query: string) {
  const url = new URL(window.location.href);
  if (query) url.searchParams.set('q', query);
  else url.searchParams.delete('q');
  window.history.replaceState(window.history.state, '', url);
}

/**
 * One search box over the workspace's sessions: a session or request id, or an email, phone, IP
 * address or SSN, which lists every session that used it (a ring is one search from any member).
 */
export function SessionSearchBox({ query, onSearch }: { query: string; onSearch: (query: string) => void }) {
  const [text, setText] = useState(query);
  function submit(event: FormEvent) {
    event.preventDefault();
    const next = text.trim();
    remember(next);
    onSearch(next);
  }
  return (
    <search aria-label="Search sessions">
      <form className={styles.search} onSubmit={submit}>
        <label htmlFor="session-search" className="visually-hidden">
          Search sessions
        </label>
        <input
          id="session-search"
          type="search"
          className="input"
          value={text}
          maxLength={320}
          placeholder="Session or request id, email, phone, IP, name, SSN or its last four"
          onChange={(event) => setText(event.target.value)}
          aria-describedby="session-search-hint"
        />
        <Button type="submit" variant="primary">
          Search
        </Button>
        {query ? (
          <Button
            type="button"
            onClick={() => {
              setText('');
              remember('');
              onSearch('');
            }}
          >
            Clear
          </Button>
        ) : null}
        <span id="session-search-hint" className="visually-hidden">
          Identifiers are matched by keyed hash against the sessions of your API traffic; nothing is searched
          in the clear.
        </span>
      </form>
    </search>
  );
}

/** The sessions a search found, newest activity first. */
export function SessionSearchResults({ query }: { query: string }) {
  const [listing, setListing] = useState<string | null>(null);
  const found = useQuery({
    queryKey: ['sessions', 'search', query],
    queryFn: () => consoleFetch<SessionSearch>(`/api/console/sessions?q=${encodeURIComponent(query)}`),
  });
  if (found.isPending) return <Skeleton lines={4} label="Searching sessions" />;
  if (found.isError)
    return <ProblemCallout error={found.error} title="The search failed" onRetry={() => found.refetch()} />;
  const { matched, sessions } = found.data;
  if (matched === null || sessions.length === 0) {
    return (
      <EmptyState title="No session found">
        No session of this workspace has this id or request id, or used this email, phone, IP address or SSN
        with a name.
      </EmptyState>
    );
  }
  return (
    <Card>
      <p aria-live="polite" className="muted">
        {sessions.length === 1 ? 'One session' : `${sessions.length} sessions`}: {FOUND_AS[matched]}.
      </p>
      <SessionsTable
        sessions={sessions}
        actions={(session) => (
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Block or allow values of session ${session.id}`}
            onClick={() => setListing(session.id)}
          >
            Block or allow
          </Button>
        )}
      />
      {/* The session page's Block and Allow, for one result without leaving the search. */}
      <Dialog
        open={listing !== null}
        onClose={() => setListing(null)}
        title={`Block or allow: ${listing ?? ''}`}
      >
        {listing ? <SessionListActions sessionId={listing} /> : null}
        <div className="dialog-actions">
          <Button onClick={() => setListing(null)}>Close</Button>
        </div>
      </Dialog>
    </Card>
  );
}
