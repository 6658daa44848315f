'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldPath, FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { ConsoleApiError, consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { MAX_RULES, type RuleSet, ruleSetSchema } from '@/lib/contract/console/rules';
import { BacktestPanel } from './backtest-panel';
import { DefaultOutcome } from './default-outcome';
import { formPathOf, withoutPath } from './field-message';
import { RuleCard } from './rule-card';
import { initialValues, newRule, type RuleSetInput, ruleSetKey } from './rule-defaults';
import styles from './rules.module.css';
import type { RulesAnswer, RulesBacktestResult, SavedRules } from './rules-types';
import { SaveRules } from './save-rules';

function NoRules({ inForce }: { inForce: number | null }) {
  return (
    <EmptyState title="No rules yet">
      Rules turn what a Verify call found (check states, the risk band, list matches, velocity) into an
      outcome: approve, review or decline, with a reason code your system can act on. They run in order and
      the first that matches decides; the default below decides the rest.{' '}
      {inForce === null
        ? 'Until this workspace saves rules, Verify answers carry no outcome.'
        : `Version ${inForce} has no rules: every answer carries the default outcome.`}
    </EmptyState>
  );
}

/**
 * The workspace's rules as a form over the version in force: edit, backtest on recent sessions,
 * then save as the next version. Keyed by version by its parent, so a save restarts it.
 */
export function RuleSetEditor({
  answer,
  onSaved,
  onReload,
}: {
  answer: RulesAnswer;
  onSaved: (saved: SavedRules) => void;
  onReload: () => void;
}) {
  const version = answer.current?.version ?? 0;
  const form = useForm<RuleSetInput, unknown, RuleSet>({
    resolver: zodResolver(ruleSetSchema),
    defaultValues: initialValues(answer.current),
  });
  // The rules carry an `id` of their own: the field array's key goes elsewhere.
  const rules = useFieldArray({ control: form.control, name: 'rules', keyName: 'key' });
  const [preview, setPreview] = useState<{ key: string; result: RulesBacktestResult } | null>(null);
  const draft = ruleSetSchema.safeParse(useWatch({ control: form.control }));
  const fresh = preview !== null && draft.success && preview.key === ruleSetKey(draft.data);

  // A 400 names fields as `ruleSet.rules.0.reasonCode`: each goes next to its field too.
  const showFieldErrors = (error: Error) => {
    if (!(error instanceof ConsoleApiError)) return;
    for (const field of error.errors) {
      const path = formPathOf(field.path);
      if (path === null) continue;
      form.setError(path as FieldPath<RuleSetInput>, {
        type: 'server',
        message: withoutPath(field.path, field.message),
      });
    }
  };
  const backtest = useMutation({
    mutationFn: (body: { ruleSet: RuleSet; days: number }) =>
      consoleFetch<RulesBacktestResult>('/api/console/rules/backtest', { body }),
    onSuccess: (result, body) => setPreview({ key: ruleSetKey(body.ruleSet), result }),
    onError: showFieldErrors,
  });
  const save = useMutation({
    mutationFn: (ruleSet: RuleSet) =>
      consoleFetch<SavedRules>('/api/console/rules', {
        method: 'PUT',
        body: { ruleSet, expectedVersion: version },
      }),
    onSuccess: onSaved,
    onError: showFieldErrors,
  });

  const addRule = () => {
    rules.append(newRule(), { focusName: `rules.${rules.fields.length}.name` });
  };

  return (
    <Card
      title="Rules"
      labelledBy="rules-heading"
      description={
        answer.current
          ? `Version ${version} is in force. Rules run top to bottom; the first that matches decides.`
          : 'No rules are in force: Verify answers carry no outcome.'
      }
    >
      <FormProvider {...form}>
        <form onSubmit={(e) => e.preventDefault()} noValidate className="stack">
          {rules.fields.length === 0 ? (
            <NoRules inForce={answer.current ? version : null} />
          ) : (
            <ol className={styles.rules} aria-label="Rules, first match wins">
              {rules.fields.map((rule, index) => (
                <li key={rule.key}>
                  <RuleCard
                    index={index}
                    count={rules.fields.length}
                    idBase={`rule-${rule.key}`}
                    onMove={(to) => rules.move(index, to)}
                    onRemove={() => rules.remove(index)}
                  />
                </li>
              ))}
            </ol>
          )}
          <div>
            <Button onClick={addRule} disabled={rules.fields.length >= MAX_RULES}>
              Add rule
            </Button>
            {rules.fields.length >= MAX_RULES ? (
              <span className="field-hint"> A workspace keeps at most {MAX_RULES} rules.</span>
            ) : null}
          </div>
          <DefaultOutcome />
          <BacktestPanel
            onRun={(days) => {
              backtest.reset();
              void form.handleSubmit((ruleSet) => backtest.mutate({ ruleSet, days }))();
            }}
            running={backtest.isPending}
            error={backtest.error}
            result={fresh ? preview.result : null}
            stale={preview !== null && !fresh}
          />
          <SaveRules
            nextVersion={version + 1}
            ready={fresh}
            busy={save.isPending}
            error={save.error}
            onSave={() => {
              save.reset();
              void form.handleSubmit((ruleSet) => save.mutate(ruleSet))();
            }}
            onReload={onReload}
            dirty={form.formState.isDirty}
            onDiscard={() => {
              form.reset();
              setPreview(null);
              save.reset();
            }}
          />
        </form>
      </FormProvider>
    </Card>
  );
}
