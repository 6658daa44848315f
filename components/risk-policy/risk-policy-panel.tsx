'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorCallout } from '@/components/ui/error-callout';
import { Skeleton } from '@/components/ui/skeleton';
import { PolicyEditor } from './policy-editor';
import { PolicyHistory } from './policy-history';
import { POLICY_QUERY, type PolicyAnswer } from './policy-types';
import { WeightSuggestionCard } from './weight-suggestion';

/** The workspace's risk policy: the editor over the version in force, and every saved version. */
export function RiskPolicyPanel() {
  const [saved, setSaved] = useState<number | null>(null);
  const policy = useQuery({
    queryKey: POLICY_QUERY,
    queryFn: () => consoleFetch<PolicyAnswer>('/api/console/risk-policy'),
  });

  if (policy.isPending) {
    return (
      <Card title="Risk levels" labelledBy="levels-heading">
        <Skeleton lines={6} label="Loading the risk policy" />
      </Card>
    );
  }
  if (policy.isError) {
    return (
      <ErrorCallout
        title="The risk policy could not be loaded"
        action={
          <Button size="sm" onClick={() => policy.refetch()}>
            Try again
          </Button>
        }
      >
        {policy.error.message}
      </ErrorCallout>
    );
  }
  return (
    <>
      {saved !== null ? (
        <div className="callout callout-success" role="status">
          Version {saved} saved: new Verify calls of this workspace are scored with it.
        </div>
      ) : null}
      {/* Keyed by version: a save (here or elsewhere) restarts the editor from what is in force. */}
      <PolicyEditor key={policy.data.version} policy={policy.data} onSaved={setSaved} />
      <WeightSuggestionCard key={`learned-${policy.data.version}`} policy={policy.data} onSaved={setSaved} />
      <PolicyHistory history={policy.data.history} />
    </>
  );
}
