'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorCallout } from '@/components/ui/error-callout';
import { Skeleton } from '@/components/ui/skeleton';
import { CreateKeyForm } from './create-key-form';
import { IssuedSecretCallout } from './issued-secret';
import { KeyTable } from './key-table';
import { type IssuedSecret, KEYS_QUERY, type KeySummary } from './key-types';

/** Issue, rotate and revoke the workspace's API keys. */
export function KeysPanel() {
  // Every secret issued on this page keeps its own panel until dismissed: a second key must not
  // replace the first one's panel, whose secret exists nowhere else.
  const [issued, setIssued] = useState<IssuedSecret[]>([]);
  const onIssued = (secret: IssuedSecret) => setIssued((shown) => [secret, ...shown]);
  const keys = useQuery({
    queryKey: KEYS_QUERY,
    queryFn: () => consoleFetch<{ keys: KeySummary[] }>('/api/console/keys').then((body) => body.keys),
  });

  return (
    <>
      {issued.map((secret) => (
        <IssuedSecretCallout
          key={secret.id}
          secret={secret}
          onDone={() => setIssued((shown) => shown.filter((other) => other.id !== secret.id))}
        />
      ))}
      <Card
        title="API keys"
        labelledBy="keys-heading"
        description="Backends call the API with these. Keep two live keys to rotate without downtime."
        actions={
          <Link href="/admin/usage" prefetch={false}>
            Usage by day and endpoint
          </Link>
        }
      >
        {keys.isPending ? (
          <Skeleton lines={3} label="Loading keys" />
        ) : keys.isError ? (
          <ErrorCallout
            title="The keys could not be loaded"
            action={
              <Button size="sm" onClick={() => keys.refetch()}>
                Try again
              </Button>
            }
          >
            {keys.error.message}
          </ErrorCallout>
        ) : keys.data.length === 0 ? (
          <EmptyState title="No keys yet">Create one below to call the API from a backend.</EmptyState>
        ) : (
          <KeyTable keys={keys.data} onIssued={onIssued} />
        )}
      </Card>
      <Card title="Create a key" labelledBy="create-key-heading" level={2}>
        <CreateKeyForm onIssued={onIssued} />
      </Card>
    </>
  );
}
