'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorCallout } from '@/components/ui/error-callout';
import { type BacktestRequest, backtestRequestSchema } from '@/lib/contract/console/risk-policy';
import { riskOverridesSchema } from '@/lib/engine/risk-policy/overrides';
import { BacktestView } from './backtest-view';
import { LevelsTable } from './levels-table';
import { allLevels, levelChanges, overridesKey } from './policy-rows';
import { type BacktestResult, POLICY_QUERY, type PolicyAnswer } from './policy-types';
import { SavePolicyDialog } from './save-policy-dialog';

type FormInput = z.input<typeof backtestRequestSchema>;

interface Preview {
  key: string;
  result: BacktestResult;
}

function impactSentence(result: BacktestResult): string {
  if (result.sessions === 0) return `No session of the last ${result.days} days to replay.`;
  const moved = result.moves.reduce((sum, m) => sum + m.count, 0);
  return `Of the last ${result.days} days' ${result.sessions} sessions, ${moved} would change band.`;
}

/**
 * Edits the levels over the policy in force: preview the impact on recent sessions, then save
 * after a confirmation. Only levels that differ from the defaults are stored.
 */
export function PolicyEditor({
  policy,
  onSaved,
}: {
  policy: PolicyAnswer;
  onSaved: (version: number) => void;
}) {
  const queryClient = useQueryClient();
  const [onlyDiffering, setOnlyDiffering] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<FormInput, unknown, BacktestRequest>({
    resolver: zodResolver(backtestRequestSchema),
    defaultValues: { overrides: allLevels(policy.overrides), days: 30 },
  });
  const draftLevels = useWatch({ control: form.control, name: 'overrides' });
  const parsedDraft = riskOverridesSchema.safeParse(draftLevels);
  const draft = parsedDraft.success ? parsedDraft.data : policy.overrides;
  const changes = levelChanges(policy.overrides, draft);
  const fresh = preview !== null && preview.key === overridesKey(draft);

  const backtest = useMutation({
    mutationFn: (body: BacktestRequest) =>
      consoleFetch<BacktestResult>('/api/console/risk-policy/backtest', { body }),
    onSuccess: (result, body) => setPreview({ key: overridesKey(body.overrides), result }),
  });
  const save = useMutation({
    mutationFn: () =>
      consoleFetch<{ version: number; changed: boolean }>('/api/console/risk-policy', {
        method: 'PUT',
        body: { overrides: draft, expectedVersion: policy.version },
      }),
    onSuccess: async (saved) => {
      setConfirming(false);
      onSaved(saved.version);
      await queryClient.invalidateQueries({ queryKey: POLICY_QUERY });
    },
  });

  return (
    <Card
      title="Risk levels"
      labelledBy="levels-heading"
      description={`Version ${policy.version} is in force${policy.version === 0 ? " (the catalog's defaults)" : ''}. Pick a level per check and state; preview how recent sessions would move, then save.`}
    >
      <form onSubmit={form.handleSubmit((values) => backtest.mutate(values))} noValidate>
        <label className="check">
          <input
            type="checkbox"
            checked={onlyDiffering}
            onChange={(e) => setOnlyDiffering(e.target.checked)}
          />
          Only levels that differ from the defaults or from the policy in force
        </label>
        <LevelsTable
          register={form.register}
          draft={draftLevels}
          inForce={policy.overrides}
          onlyDiffering={onlyDiffering}
        />
        <div className="stack">
          <p aria-live="polite">
            {changes.length === 0
              ? 'No change from the policy in force.'
              : `${changes.length} level${changes.length === 1 ? '' : 's'} changed from version ${policy.version}: ${changes
                  .map((c) => `${c.checkId} ${c.state} ${c.from} → ${c.to}`)
                  .join('; ')}.`}
          </p>
          {backtest.error ? (
            <ErrorCallout title="The impact could not be previewed">{backtest.error.message}</ErrorCallout>
          ) : null}
          {fresh && preview ? (
            <section aria-labelledby="impact-heading">
              <h3 id="impact-heading">Impact on the last {preview.result.days} days</h3>
              <BacktestView result={preview.result} />
            </section>
          ) : null}
          <div className="inline">
            <Button type="submit" busy={backtest.isPending} disabled={changes.length === 0}>
              Preview impact
            </Button>
            <Button
              variant="primary"
              disabled={changes.length === 0 || !fresh}
              onClick={() => {
                save.reset();
                setConfirming(true);
              }}
            >
              Save…
            </Button>
            <Button variant="ghost" disabled={changes.length === 0} onClick={() => form.reset()}>
              Discard changes
            </Button>
          </div>
          {changes.length > 0 && !fresh ? (
            <p className="field-hint">Preview the impact of these levels before saving them.</p>
          ) : null}
        </div>
      </form>
      {fresh && preview ? (
        <SavePolicyDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          onConfirm={() => save.mutate()}
          busy={save.isPending}
          error={save.error}
          nextVersion={policy.version + 1}
          changes={changes}
          impact={impactSentence(preview.result)}
        />
      ) : null}
    </Card>
  );
}
