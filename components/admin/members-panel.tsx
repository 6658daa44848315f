'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleFetch } from '@/components/data/console-fetch';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import type { AddedMember, MemberSummary } from '@/lib/contract/console/members';
import { AddMemberForm } from './add-member-form';
import { MemberAddedCallout } from './member-added';
import { MemberTable } from './member-table';
import { MEMBERS_QUERY } from './member-types';

/** Add members, change their role, remove them. */
export function MembersPanel({ currentUserId }: { currentUserId: string }) {
  const [added, setAdded] = useState<AddedMember | null>(null);
  const [changed, setChanged] = useState<string | null>(null);
  const members = useQuery({
    queryKey: MEMBERS_QUERY,
    queryFn: () =>
      consoleFetch<{ members: MemberSummary[] }>('/api/console/members').then((body) => body.members),
  });

  return (
    <>
      {added ? <MemberAddedCallout member={added} onDone={() => setAdded(null)} /> : null}
      <Card
        title="Members"
        labelledBy="members-heading"
        description="Who may sign in to this workspace's console, and as what. A workspace always keeps at least one admin."
      >
        <p role="status" className="muted">
          {changed}
        </p>
        {members.isPending ? (
          <Skeleton lines={3} label="Loading members" />
        ) : members.isError ? (
          <ProblemCallout
            error={members.error}
            title="The members could not be loaded"
            onRetry={() => members.refetch()}
          />
        ) : members.data.length === 0 ? (
          <EmptyState title="No members">Add one below.</EmptyState>
        ) : (
          <MemberTable members={members.data} currentUserId={currentUserId} onChanged={setChanged} />
        )}
      </Card>
      <Card title="Add a member" labelledBy="add-member-heading">
        <AddMemberForm
          onAdded={(member) => {
            setChanged(null);
            setAdded(member);
          }}
        />
      </Card>
    </>
  );
}
