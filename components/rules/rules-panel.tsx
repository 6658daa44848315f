'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleFetch } from '@/components/data/console-fetch';
import { Card } from '@/components/ui/card';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import { RuleSetEditor } from './rule-set-editor';
import { RulesHistory } from './rules-history';
import { RULES_QUERY, type RulesAnswer, type SavedRules } from './rules-types';

/** The workspace's decision rules: the editor over the version in force, and every saved version. */
export function RulesPanel() {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<SavedRules | null>(null);
  const rules = useQuery({
    queryKey: RULES_QUERY,
    queryFn: () => consoleFetch<RulesAnswer>('/api/console/rules'),
  });

  if (rules.isPending) {
    return (
      <Card title="Rules" labelledBy="rules-heading">
        <Skeleton lines={6} label="Loading the rules" />
      </Card>
    );
  }
  if (rules.isError) {
    return (
      <ProblemCallout
        error={rules.error}
        title="The rules could not be loaded"
        onRetry={() => rules.refetch()}
      />
    );
  }
  const version = rules.data.current?.version ?? 0;
  return (
    <>
      {saved ? (
        <div className="callout callout-success" role="status">
          {saved.changed
            ? `Version ${saved.current.version} saved: new Verify calls of this workspace are decided by it.`
            : `No change from version ${saved.current.version}: nothing was saved.`}
        </div>
      ) : null}
      {/* Keyed by version: a save (here or elsewhere) restarts the editor from what is in force. */}
      <RuleSetEditor
        key={version}
        answer={rules.data}
        onSaved={async (result) => {
          setSaved(result);
          await queryClient.invalidateQueries({ queryKey: RULES_QUERY });
        }}
        onReload={() => {
          setSaved(null);
          void rules.refetch();
        }}
      />
      <RulesHistory history={rules.data.history} />
    </>
  );
}
